// POST /api/sync/{Resource} (000 §4.4): validated, normalised and stored atomically, or refused whole.
#include "sql/text.hpp"
#include "stub/http_util.hpp"
#include "stub/normalize.hpp"
#include "stub/routes.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

constexpr std::size_t kMaxReportedViolations = 20;

/// Defect::NonAsciiMangled: every non-ASCII character of every text becomes '?', as a non-Unicode column would.
void mangle_non_ascii(json& v) {
    if (v.is_string()) {
        std::string out;
        for (const char c : v.get_ref<const std::string&>()) {
            const auto u = static_cast<unsigned char>(c);
            if (u < 0x80) out += c;
            else if ((u & 0xC0) != 0x80) out += '?';  // a lead byte: one character; continuation bytes dropped
        }
        v = std::move(out);
    } else if (v.is_structured()) {
        for (auto& item : v) mangle_non_ascii(item);
    }
}

/// Defect::RequiredFieldMissingAccepted: whether `v` only says that a required non-key field (other than
/// flg_isdeleted) is missing from `sent` (the schema reports it on the record, naming the field).
bool missing_required_non_key(const Record& record, const json& sent, const Violation& v) {
    if (!sent.is_object() || v.message.find("equired") == std::string::npos) return false;
    for (const auto& f : record.fields)
        if (f.required && !f.key && f.name != "flg_isdeleted" && !sent.contains(f.name) && v.message.find("'" + f.name + "'") != std::string::npos)
            return true;
    return false;
}

/// Defect::OverlongTruncated: text longer than its field is cut to fit before validation.
void truncate_overlong(const Record& record, json& sent) {
    if (!sent.is_object()) return;
    for (auto& [name, v] : sent.items()) {
        const Field* f = record.field(name);
        if (!f || !v.is_string() || !f->type.is_text()) continue;
        if (const auto max = f->type.max_length()) v = sql::truncate_utf16(v.get<std::string>(), static_cast<std::size_t>(*max));
    }
}

}  // namespace

void add_write_routes(httplib::Server& server, StubState& state) {
    server.Post(R"(/api/sync/([^/]+))", [&state](const httplib::Request& req, httplib::Response& res) {
        const auto user = authenticate(state, req, res);
        if (!user) return;
        const std::string name = req.matches[1];
        const Record* record = state.resource_for(*user, name);
        if (!record) return send_error(res, 403, "forbidden", "resource \"" + name + "\" does not exist or is not authorised");
        if (!user->can_write && state.options.defect != Defect::ReaderCanWrite)  // defect: the write flag is not checked
            return send_error(res, 403, "forbidden", "user \"" + user->username + "\" is not enabled for writing (000 §5 rule 4)");
        if (!record->writable() && state.options.defect == Defect::ViewPostSyncAccepted) {
            // Defect: a view accepts the block (and ignores it).
            const json block = json::parse(req.body, nullptr, false);
            return send_json(res, 200, {{"accepted", block.is_array() ? block.size() : 0}});
        }
        if (!record->writable()) return send_error(res, 403, "forbidden", "resource \"" + name + "\" is read-only: no POST sync is listed for it");

        const std::string type = req.get_header_value("Content-Type");
        if (type.rfind("application/json", 0) != 0)
            return send_error(res, 415, "unsupported_media_type", "expected Content-Type: application/json; charset=utf-8, got \"" + type + "\"");
        if (json_depth(req.body) > state.options.max_json_depth)
            return send_error(res, 400, "too_deep", "the body nests deeper than " + std::to_string(state.options.max_json_depth) + " levels");
        json block = json::parse(req.body, nullptr, false);
        if (block.is_discarded() && state.options.defect == Defect::MalformedJson500)
            return send_error(res, 500, "internal_error", "Unexpected character encountered while parsing value");  // defect
        if (block.is_discarded()) return send_error(res, 400, "malformed_json", "the body is not valid JSON in UTF-8");
        if (!block.is_array()) return send_error(res, 400, "not_an_array", "the body of POST sync is always an array of records (000 §1), got a JSON " + std::string(block.type_name()));
        if (block.size() > state.options.max_block)
            return send_error(res, 413, "block_too_large", "at most " + std::to_string(state.options.max_block) + " records per block, got " + std::to_string(block.size()));

        const Defect defect = state.options.defect;
        for (auto& sent : block) {
            if (defect == Defect::OverlongTruncated) truncate_overlong(*record, sent);
            if (defect == Defect::MissingFlagAccepted && sent.is_object() && !sent.contains("flg_isdeleted")) sent["flg_isdeleted"] = false;
        }
        json violations = json::array();
        const auto& validator = state.validator(*record);
        for (std::size_t i = 0; i < block.size() && violations.size() < kMaxReportedViolations; ++i)
            for (const auto& v : validator.validate(block[i], "/" + std::to_string(i))) {
                if (defect == Defect::RequiredFieldMissingAccepted && missing_required_non_key(*record, block[i], v)) continue;  // defect
                violations.push_back({{"index", i}, {"field", v.field}, {"pointer", v.pointer}, {"message", v.message}});
            }
        // Defect TenantFromBody: the first record's customer_ID, when it has one, picks the tenant.
        int tenant = user->customer_ID;
        if (defect == Defect::TenantFromBody && !block.empty() && block[0].is_object() && block[0].value("customer_ID", json()).is_number_integer())
            tenant = block[0].at("customer_ID").get<int>();
        std::vector<json> records;
        if (violations.empty()) {
            records.reserve(block.size());
            for (std::size_t i = 0; i < block.size(); ++i) {
                try {
                    records.push_back(normalize_for_store(state.catalogue, *record, block[i], tenant, state.options.sql, state.options.collation));
                } catch (const NormalizeError& e) {
                    violations.push_back({{"index", i}, {"field", ""}, {"pointer", "/" + std::to_string(i) + e.pointer}, {"message", e.message}});
                    break;
                }
            }
        }
        if (!violations.empty() && defect == Defect::BlockPartlyStored) {
            // Defect: the records before the first refused one were already written (no transaction).
            std::vector<json> stored;
            const auto upto = violations.front().at("index").get<std::size_t>();
            for (std::size_t i = 0; i < upto && i < block.size(); ++i)
                stored.push_back(normalize_for_store(state.catalogue, *record, block[i], tenant, state.options.sql, state.options.collation));
            if (!stored.empty()) state.store.upsert(tenant, *record, std::move(stored));
        }
        if (!violations.empty()) {
            const auto& first = violations.front();
            json body = {{"error", "invalid_record"},
                         {"message", "record " + first.at("index").dump() + " (" + first.at("pointer").get<std::string>() + "): " +
                                         first.at("message").get<std::string>() + "; nothing of the block was stored"},
                         {"violations", violations}};
            return send_json(res, 400, body);
        }
        for (std::size_t i = 0; i < records.size(); ++i) {
            if (defect == Defect::NonAsciiMangled) mangle_non_ascii(records[i]);
            if (defect == Defect::LinesDropped) records[i].erase("StoricoDocumentiR");  // defect: only the header is stored
            if (defect == Defect::LinesKeyNotRepeated && records[i].contains("StoricoDocumentiR")) {
                // Defect: a line keeps only what was sent; the header's key is not copied into it.
                auto& lines = records[i].at("StoricoDocumentiR");
                const json& sent = block[i].at("StoricoDocumentiR");
                for (std::size_t j = 0; j < lines.size() && j < sent.size(); ++j)
                    if (!sent[j].contains("key_documento") || sent[j].at("key_documento").is_null()) lines[j].erase("key_documento");
            }
        }
        const std::size_t n = records.size();
        state.store.upsert(tenant, *record, std::move(records));
        send_json(res, defect == Defect::PostSync201 ? 201 : 200, {{"accepted", n}});  // defect: 201 Created
    });
}

}  // namespace bds::stub
