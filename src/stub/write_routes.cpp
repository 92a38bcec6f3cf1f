// POST /api/sync/{Resource} (000 §4.4): validated, normalised and stored atomically, or refused whole.
#include <optional>

#include "schema/json_limits.hpp"
#include "stub/http_util.hpp"
#include "stub/normalize.hpp"
#include "stub/routes.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

constexpr std::size_t kMaxReportedViolations = 20;

/// The block a POST sync sends, as the stub reads it (Content-Type, depth, JSON, an array, its size), with the text of
/// its numbers a double would change in `texts`; nullopt when it answered a refusal.
std::optional<json> block_of(StubState& state, const httplib::Request& req, httplib::Response& res,
                             NumberTexts& texts) {
    const Variation& variation = state.variation;
    const auto refuse = [&](int status, const std::string& code, const std::string& message) {
        variation.error(res, status, code, message);
        return std::optional<json>();
    };
    const std::string type = req.get_header_value("Content-Type");
    if (!variation.content_type_ok(type))
        return refuse(415, "unsupported_media_type",
                      "expected Content-Type: application/json; charset=utf-8, got \"" + type + "\"");
    if (json_depth(req.body, state.options.max_json_depth) > state.options.max_json_depth)
        return refuse(400, "too_deep",
                      "the body nests deeper than " + std::to_string(state.options.max_json_depth) + " levels");
    json block = parse_keeping_numbers(req.body, texts, state.options.max_json_depth);
    if (block.is_discarded()) return refuse(400, "malformed_json", "the body is not valid JSON in UTF-8");
    block = variation.policy().block_sent(std::move(block));
    if (!block.is_array())
        return refuse(400, "not_an_array",
                      "the body of POST sync is always an array of records (000 §1), got a JSON " +
                          std::string(block.type_name()));
    if (const auto max = variation.policy().max_block_records(variation.choices().max_block_records());
        block.size() > max)
        return refuse(413, "block_too_large",
                      "at most " + std::to_string(max) + " records per block, got " + std::to_string(block.size()));
    return block;
}

/// Every row of `record` of `tenant` written again as it is stored: a new ts_update and dat_ultvar each, as an UPDATE
/// of them all would give (the touch-every-row defects).
void touch_every_row(StubState& state, int tenant, const Record& record) {
    std::vector<json> rows;
    state.store.read(tenant, [&](const TenantData& data) {
        if (const Table* table = data.table(record.name))
            for (const auto& [key, row] : table->rows) rows.push_back(row.record);
    });
    if (!rows.empty()) state.store.upsert(tenant, record, std::move(rows));
}

}  // namespace

void add_write_routes(httplib::Server& server, StubState& state) {
    server.Post(
        R"(/api/sync/([^/]+))", intercepted(state, [&state](const httplib::Request& req, httplib::Response& res) {
            const Variation& variation = state.variation;
            const auto user = authenticate(state, req, res);
            if (!user) return;
            const std::string name = req.matches[1];
            const Record* record = state.resource_for(*user, name, Endpoint::Send);
            if (!record)
                return variation.policy().answer_to_forbidden(variation, res, name, state.resource_exists(name),
                                                              Endpoint::Send);
            if (!variation.policy().may_write(*user))
                return variation.error(res, 403, "forbidden",
                                       "user \"" + user->username + "\" is not enabled for writing (000 §5 rule 4)");
            if (!record->writable())
                return variation.policy().answer_to_read_only_write(variation, res, name, req.body);

            NumberTexts texts;
            auto read = block_of(state, req, res, texts);
            if (!read) return;
            json block = std::move(*read);
            if (const auto failure = variation.policy().block_server_error(block))
                return variation.error(res, 500, "server_error", *failure);

            // The block as sent, for the policy's questions that read it, before the fields a lenient target ignores
            // are dropped.
            const bool edits = variation.edits_sent();
            const json sent_copy = edits ? block : json();
            const json& sent_block = edits ? sent_copy : block;
            if (edits)
                for (auto& sent : block) variation.before_validate(*record, sent);
            json violations = json::array();
            variation.block_violations(*record, block, violations);
            const auto& validator = state.validator(*record);
            for (std::size_t i = 0; i < block.size() && violations.size() < kMaxReportedViolations; ++i)
                for (const auto& v : validator.validate(block[i], "/" + std::to_string(i)))
                    if (variation.refuses(*record, block[i], v))
                        violations.push_back(
                            {{"index", i}, {"field", v.field}, {"pointer", v.pointer}, {"message", v.message}});
            const int tenant = variation.policy().tenant_of_write(*user, sent_block);
            const SqlProfile profile = variation.sql_profile();
            const auto normalized = [&](std::size_t i) {
                json out =
                    normalize_for_store(state.catalogue, *record, block[i], tenant, profile, variation.key_rules());
                if (variation.policy().keeps_decimal_digits())
                    keep_exact_decimals(state.catalogue, *record, out, texts, "/" + std::to_string(i),
                                        profile.decimal_scale);
                variation.before_store(*record, sent_block[i], out);
                return out;
            };
            std::vector<json> records;
            for (std::size_t i = 0; violations.empty() && i < block.size(); ++i) {
                try {
                    records.push_back(normalized(i));
                } catch (const NormalizeError& e) {
                    violations.push_back({{"index", i},
                                          {"field", ""},
                                          {"pointer", "/" + std::to_string(i) + e.pointer},
                                          {"message", e.message}});
                }
            }
            if (!violations.empty()) {
                const auto& first = violations.front();
                auto stored = variation.policy().stored_of_refused_block(first.at("index").get<std::size_t>(),
                                                                         block.size(), normalized);
                if (!stored.empty()) state.store.upsert(tenant, *record, std::move(stored));
                return variation.error(
                    res, 400, "invalid_record",
                    "record " + first.at("index").dump() + " (" + first.at("pointer").get<std::string>() +
                        "): " + first.at("message").get<std::string>() + "; nothing of the block was stored",
                    violations);
            }
            variation.sync_answer(res, *record, records);  // answered from the records before they move into the store
            const sql::TextRules keys = variation.key_rules();
            variation.policy().before_storing(
                req, state.store, tenant, records,
                [&](std::size_t i) {
                    return state.store.read(tenant, [&](const TenantData& data) {
                        const Table* table = data.table(record->name);
                        return table && table->rows.contains(canonical_key(*record, records[i], keys));
                    });
                },
                variation.change_instant(state.store.now_ticks(), 0));
            state.store.upsert(tenant, *record, std::move(records));
            variation.policy().stored(req, tenant);
            if (variation.policy().touches_every_row(block.size())) touch_every_row(state, tenant, *record);
        }));
}

}  // namespace bds::stub
