// POST /api/sync/{Resource} (000 §4.4): validated, normalised and stored atomically, or refused whole.
#include "stub/http_util.hpp"
#include "stub/normalize.hpp"
#include "stub/routes.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

constexpr std::size_t kMaxReportedViolations = 20;

}  // namespace

void add_write_routes(httplib::Server& server, StubState& state) {
    server.Post(R"(/api/sync/([^/]+))", [&state](const httplib::Request& req, httplib::Response& res) {
        const auto user = authenticate(state, req, res);
        if (!user) return;
        const std::string name = req.matches[1];
        const Record* record = state.resource_for(*user, name);
        if (!record) return send_error(res, 403, "forbidden", "resource \"" + name + "\" does not exist or is not authorised");
        if (!user->can_write) return send_error(res, 403, "forbidden", "user \"" + user->username + "\" is not enabled for writing (000 §5 rule 4)");
        if (!record->writable()) return send_error(res, 403, "forbidden", "resource \"" + name + "\" is read-only: no POST sync is listed for it");

        const std::string type = req.get_header_value("Content-Type");
        if (type.rfind("application/json", 0) != 0)
            return send_error(res, 415, "unsupported_media_type", "expected Content-Type: application/json; charset=utf-8, got \"" + type + "\"");
        if (json_depth(req.body) > state.options.max_json_depth)
            return send_error(res, 400, "too_deep", "the body nests deeper than " + std::to_string(state.options.max_json_depth) + " levels");
        json block = json::parse(req.body, nullptr, false);
        if (block.is_discarded()) return send_error(res, 400, "malformed_json", "the body is not valid JSON in UTF-8");
        if (!block.is_array()) return send_error(res, 400, "not_an_array", "the body of POST sync is always an array of records (000 §1), got a JSON " + std::string(block.type_name()));
        if (block.size() > state.options.max_block)
            return send_error(res, 413, "block_too_large", "at most " + std::to_string(state.options.max_block) + " records per block, got " + std::to_string(block.size()));

        json violations = json::array();
        const auto& validator = state.validator(*record);
        for (std::size_t i = 0; i < block.size() && violations.size() < kMaxReportedViolations; ++i)
            for (const auto& v : validator.validate(block[i], "/" + std::to_string(i)))
                violations.push_back({{"index", i}, {"field", v.field}, {"pointer", v.pointer}, {"message", v.message}});
        std::vector<json> records;
        if (violations.empty()) {
            records.reserve(block.size());
            for (std::size_t i = 0; i < block.size(); ++i) {
                try {
                    records.push_back(normalize_for_store(state.catalogue, *record, block[i], user->customer_ID, state.options.sql, state.options.collation));
                } catch (const NormalizeError& e) {
                    violations.push_back({{"index", i}, {"field", ""}, {"pointer", "/" + std::to_string(i) + e.pointer}, {"message", e.message}});
                    break;
                }
            }
        }
        if (!violations.empty()) {
            const auto& first = violations.front();
            json body = {{"error", "invalid_record"},
                         {"message", "record " + first.at("index").dump() + " (" + first.at("pointer").get<std::string>() + "): " +
                                         first.at("message").get<std::string>() + "; nothing of the block was stored"},
                         {"violations", violations}};
            return send_json(res, 400, body);
        }
        const std::size_t n = records.size();
        state.store.upsert(user->customer_ID, *record, std::move(records));
        send_json(res, 200, {{"accepted", n}});
    });
}

}  // namespace bds::stub
