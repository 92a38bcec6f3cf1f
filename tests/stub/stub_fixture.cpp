#include "stub/stub_fixture.hpp"

#include "common/http_text.hpp"

namespace bds::test {

void StubTest::SetUp() {
    stub::StubOptions options;
    options.clock = clock.clock();
    options.threads = 4;
    configure(options);
    server = std::make_unique<stub::StubServer>(catalogue, options);
    server->start();
    client = std::make_unique<httplib::Client>("127.0.0.1", server->port());
    client->set_tcp_nodelay(true);
    client->set_read_timeout(10, 0);
}

void StubTest::TearDown() {
    client.reset();
    server.reset();  // stops and joins
}

std::string StubTest::token(const std::string& user) {
    const std::string password = user == "other_tenant" ? "other-pw" : user + "-pw";
    auto res = client->Post("/Token", "grant_type=password&username=" + user + "&password=" + password,
                            "application/x-www-form-urlencoded");
    if (!res || res->status != 200) {
        ADD_FAILURE() << "no token for " << user;
        return "";
    }
    return nlohmann::json::parse(res->body).at("access_token").get<std::string>();
}

static Answer answer(const httplib::Result& res) {
    Answer a;
    if (!res) {
        ADD_FAILURE() << "no HTTP answer: " << httplib::to_string(res.error());
        return a;
    }
    a.status = res->status;
    a.text = res->body;
    a.headers = res->headers;
    a.body = nlohmann::json::parse(res->body, nullptr, false);
    return a;
}

Answer StubTest::get(const std::string& path, const std::string& bearer) {
    httplib::Headers h;
    if (!bearer.empty()) h.emplace("Authorization", "Bearer " + bearer);
    return answer(client->Get(path, h));
}

Answer StubTest::post(const std::string& path, const std::string& body, const std::string& bearer,
                      const std::string& content_type) {
    httplib::Headers h;
    if (!bearer.empty()) h.emplace("Authorization", "Bearer " + bearer);
    return answer(client->Post(path, h, body, content_type));
}

nlohmann::json StubTest::rows(const std::string& resource, const std::string& query, const std::string& user) {
    const Answer a = get("/api/resources/" + resource + (query.empty() ? "" : "?" + query), token(user));
    EXPECT_EQ(a.status, 200) << a.text;
    return a.body.value("Records", nlohmann::json::array());
}

long StubTest::total(const std::string& resource, const std::string& query, const std::string& user) {
    const Answer a = get("/api/resources/" + resource + (query.empty() ? "" : "?" + query), token(user));
    EXPECT_EQ(a.status, 200) << a.text;
    return a.body.value("TotalRowsCount", -1L);
}

void StubTest::sync(const std::string& resource, const nlohmann::json& records, const std::string& user) {
    const Answer a = post_json("/api/sync/" + resource, records, token(user));
    ASSERT_EQ(a.status, 200) << a.text;
}

std::string StubTest::encode(const std::string& text) { return url_encoded(text); }

}  // namespace bds::test
