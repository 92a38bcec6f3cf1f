#include "bundled/embedded_stub.hpp"

namespace bds::bundled {

namespace {

/// The target file's POST query template for the stub's body shape.
nlohmann::json query_template(stub::Choices::QueryBody shape) {
    using nlohmann::json;
    switch (shape) {
        case stub::Choices::QueryBody::Nested: break;
        case stub::Choices::QueryBody::Flat:
            return json{{"filter", "$RecordSelection"},
                        {"orderBy", "$OrderField"},
                        {"descending", "$OrderDescending"},
                        {"pageSize", "$PageSize"},
                        {"page", "$PageNumber"}};
        case stub::Choices::QueryBody::Sql:
            return json{{"RecordSelection", "$RecordSelection"},
                        {"OrderBy", "$OrderField $OrderDirection"},
                        {"PageSize", "$PageSize"},
                        {"PageNumber", "$PageNumber"}};
    }
    return json{{"RecordSelection", "$RecordSelection"},
                {"OrderBy", json::array({{{"field", "$OrderField"}, {"desc", "$OrderDescending"}}})},
                {"PageSize", "$PageSize"},
                {"PageNumber", "$PageNumber"}};
}

}  // namespace

client::TargetConfig stub_target(const stub::StubOptions& options, const std::string& base_url) {
    client::TargetConfig t;
    t.base_url = base_url;
    const auto everything = [](const stub::User& u) { return u.resources.size() == 1 && u.resources[0] == "*"; };
    const stub::User* writer = nullptr;
    for (const auto& u : options.users)
        if (u.can_write && everything(u) && !writer) writer = &u;
    if (writer) t.users[client::kWriter] = {writer->username, writer->password, {}};
    for (const auto& u : options.users) {
        const client::UserCredentials c{u.username, u.password,
                                        everything(u) ? std::vector<std::string>{} : u.resources};
        if (writer && !u.can_write && u.customer_ID == writer->customer_ID && !t.user(client::kReader))
            t.users[client::kReader] = c;
        if (writer && u.customer_ID != writer->customer_ID && !t.user(client::kOtherTenant))
            t.users[client::kOtherTenant] = c;
        if (!everything(u) && !t.user(client::kLimited)) t.users[client::kLimited] = c;
    }
    // What a user of this server would declare (settings), never what the harness must find out itself
    // (envelope, page size cap).
    const stub::Choices& c = options.choices;
    t.envelope = std::nullopt;  // auto
    t.collation = c.case_insensitive() ? Collation::CaseInsensitive : Collation::CaseSensitive;
    t.decimal_scale = c.scale();
    t.decimal_precision = c.precision();
    t.query_body = query_template(c.query_body);
    t.token_expiry_wait_s = 5;
    return t;
}

EmbeddedStub start_embedded_stub(const Catalogue& catalogue, stub::StubOptions options) {
    options.host = "127.0.0.1";
    options.port = 0;
    EmbeddedStub out;
    out.server = std::make_unique<stub::StubServer>(catalogue, options);
    out.server->start();
    out.target = stub_target(options, out.server->base_url());
    return out;
}

}  // namespace bds::bundled
