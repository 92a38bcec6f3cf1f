// Connector checks of what a sender sends (CON-01 to CON-11): the bearer token, the body's type and shape, the records
// (no platform field, no tenant, required fields, field types, nested lines, the deletion flag), blocks and delivery
// (000 §1, §2.1, §4.4, §5, §8).
#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>

#include "catalogue/requirements.hpp"
#include "certify/connector_check.hpp"
#include "certify/operator_report.hpp"
#include "client/envelope.hpp"
#include "oracle/compare.hpp"
#include "schema/record_validator.hpp"
#include "suites/connector/judging.hpp"
#include "suites/registry.hpp"
#include "suites/common/statements.hpp"

namespace bds::suites {
namespace {

using namespace connector;

/// Fields the platform manages (000 §1): a sender leaves them out.
const std::set<std::string> kPlatformFields = {"Id", "ts_update", "dat_ultvar"};
constexpr std::size_t kFewHundred = 500;     // "a few hundred" records per block, read as at most 500
constexpr std::size_t kDocumentBlock = 100;  // "smaller for documents", read as at most 100 headers

void bearer_on_every_call(Judge& j) {
    const auto& run = j.run();
    const std::set<std::string> issued(run.recording.tokens.begin(), run.recording.tokens.end());
    int judged = 0;
    for (const auto& r : run.recording.requests) {
        if (r.method == "POST" && r.path == "/Token") continue;
        ++judged;
        if (r.header("Authorization").empty())
            j.finding({.expected = "Authorization: Bearer <ACCESS_TOKEN> on " + r.method + " " + r.path,
                       .actual = "no Authorization header",
                       .request = &r});
        else if (r.bearer.empty())
            j.finding({.expected = "Authorization: Bearer <ACCESS_TOKEN> on " + r.method + " " + r.path,
                       .actual = "an Authorization header of another scheme",
                       .request = &r});
        else if (!issued.count(r.bearer))
            j.finding({.expected = "a token POST /Token issued, on " + r.method + " " + r.path,
                       .actual = "a bearer token the service never issued",
                       .request = &r});
    }
    if (judged == 0) j.not_applicable("the connector sent nothing but token requests");
}

void sent_content_type(Judge& j) {
    need_blocks(j);
    for (const Received* b : j.run().blocks()) {
        const std::string value = b->header("Content-Type");
        std::string media = lower(trim(value.substr(0, value.find(';'))));
        std::string charset;
        for (std::size_t at = value.find(';'); at != std::string::npos;) {
            const auto next = value.find(';', at + 1);
            const std::string param =
                trim(value.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1));
            if (lower(param).rfind("charset=", 0) == 0) {
                charset = lower(param.substr(8));
                if (charset.size() >= 2 && charset.front() == '"' && charset.back() == '"')
                    charset = charset.substr(1, charset.size() - 2);
            }
            at = next;
        }
        if (media != "application/json" || charset != "utf-8")
            j.finding({.expected = "Content-Type: application/json; charset=utf-8",
                       .actual = value.empty() ? "no Content-Type" : "Content-Type: " + value,
                       .request = b});
    }
}

void array_of_records(Judge& j) {
    need_blocks(j);
    for (const Received* b : j.run().blocks()) {
        const json body = json::parse(b->body, nullptr, false);
        if (body.is_discarded())
            j.finding({.expected = "a body of JSON in UTF-8",
                       .actual = "a body that is not (no JSON, or bytes that are not UTF-8)",
                       .request = b});
        else if (!body.is_array())
            j.finding(
                {.expected = "an array of records", .actual = "a JSON " + std::string(body.type_name()), .request = b});
        else
            for (std::size_t i = 0; i < body.size(); ++i)
                if (!body[i].is_object()) {
                    j.finding({.expected = "an array of records (JSON objects)",
                               .actual = "a JSON " + std::string(body[i].type_name()),
                               .pointer = "/" + std::to_string(i),
                               .request = b});
                    break;
                }
    }
}

void no_platform_fields(Judge& j) {
    need_blocks(j);
    each_sent_record(j.run(), [&](const Received& b, const json& r, const std::string& at, const Record&) {
        for (const auto& f : kPlatformFields)
            if (r.contains(f))
                j.finding({.expected = "no " + f + " (maintained by the platform)",
                           .actual = f + ": " + r[f].dump(),
                           .pointer = at + "/" + f,
                           .request = &b});
    });
}

void no_customer_id(Judge& j) {
    need_blocks(j);
    each_sent_record(j.run(), [&](const Received& b, const json& r, const std::string& at, const Record&) {
        if (r.contains("customer_ID"))
            j.finding({.expected = "no customer_ID (the tenant comes from the token)",
                       .actual = "customer_ID: " + r["customer_ID"].dump(),
                       .pointer = at + "/customer_ID",
                       .request = &b});
    });
}

/// Calls `report(violation, block, index)` for each violation of the sent-record rules, less those other checks
/// judge (platform fields, tenant).
template <class Report>
void validated(Judge& j, Report&& report) {
    need_blocks(j);
    std::map<std::string, std::unique_ptr<RecordValidator>> validators;
    for (const Received* b : j.run().blocks()) {
        const json records = records_of(*b);
        if (records.is_discarded()) continue;
        const Record* type = j.run().catalogue->find(b->path.substr(std::string("/api/sync/").size()));
        if (!type || !type->writable()) continue;
        auto& validator = validators[type->name];
        if (!validator) validator = std::make_unique<RecordValidator>(*j.run().catalogue, *type, Direction::Sent);
        for (std::size_t i = 0; i < records.size(); ++i)
            for (const auto& v : validator->validate(records[i], "/" + std::to_string(i)))
                if (!kPlatformFields.count(v.field) && v.field != "customer_ID") report(v, *b, i);
    }
}

void required_fields(Judge& j) {
    validated(j, [&](const Violation& v, const Received& b, std::size_t i) {
        if (v.rule == "required")
            j.finding({.expected = v.message,
                       .actual = "record " + std::to_string(i) + " of the block",
                       .pointer = v.pointer,
                       .request = &b});
    });
}

void field_types(Judge& j) {
    // The form of a date-time, the code page of varchar and a decimal's precision are not shown:
    // what the connector sent there is observed, never failed. Fields the catalogue lacks: A-94.
    static const std::set<std::string> not_shown = {"datetime", "code_page", "decimal"};
    validated(j, [&](const Violation& v, const Received& b, std::size_t i) {
        if (v.rule == "required" || v.rule == "unknown_field") return;
        if (not_shown.count(v.rule))
            j.observe("record " + std::to_string(i) + v.pointer + ": " + v.message + " (a form the seeds do not show)",
                      &b);
        else
            j.finding({.expected = v.message,
                       .actual = "record " + std::to_string(i) + " of the block",
                       .pointer = v.pointer,
                       .request = &b});
    });
}

void lines_nested(Judge& j) {
    const auto& run = j.run();
    if (!is_push(run) || run.record->name != "StoricoDocumentiT")
        return j.not_applicable("documents are not the resource of this run");
    need_blocks(j);
    for (const Received* b : run.blocks())
        if (b->path != "/api/sync/StoricoDocumentiT")
            j.finding(
                {.expected =
                     "document lines nested in StoricoDocumentiR of their header, in POST /api/sync/StoricoDocumentiT",
                 .actual = "POST " + b->path,
                 .request = b});
    for (const Received* b : run.blocks()) {
        const json records = records_of(*b);
        if (records.is_discarded() || b->path != "/api/sync/StoricoDocumentiT") continue;
        for (std::size_t i = 0; i < records.size(); ++i) {
            const json& header = records[i];
            if (!header.contains("StoricoDocumentiR") || !header["StoricoDocumentiR"].is_array()) continue;
            const json& lines = header["StoricoDocumentiR"];
            for (std::size_t k = 0; k < lines.size(); ++k)
                if (lines[k].is_object() &&
                    lines[k].value("key_documento", json()) != header.value("key_documento", json()))
                    j.finding({.expected = "each line repeats the key_documento of its header (" +
                                           header.value("key_documento", json()).dump() + ")",
                               .actual = lines[k].value("key_documento", json()).dump(),
                               .pointer = "/" + std::to_string(i) + "/StoricoDocumentiR/" + std::to_string(k) +
                                          "/key_documento",
                               .request = b});
        }
    }
}

void deletion_flag_as_given(Judge& j) {
    const auto& run = j.run();
    if (!run.input_given)
        return j.not_applicable("the command has no {input}: what the records are is the connector's");
    need_blocks(j);
    const auto input = by_key(*run.record, run.input);
    for (const Received* b : run.blocks()) {
        const json records = records_of(*b);
        if (records.is_discarded() || b->path != "/api/sync/" + run.record->name) continue;
        for (std::size_t i = 0; i < records.size(); ++i) {
            const auto it = input.find(key_of(*run.record, records[i]));
            if (it == input.end() || !it->second->contains("flg_isdeleted")) continue;
            const json& given = (*it->second)["flg_isdeleted"];
            const json sent = records[i].value("flg_isdeleted", json());
            if (sent != given)
                j.finding({.expected = "flg_isdeleted " + given.dump() + " as handed over (" +
                                       (given == false ? "an active record" : "a deleted record") + ")",
                           .actual = "flg_isdeleted " + (sent.is_null() ? std::string("absent or null") : sent.dump()),
                           .pointer = "/" + std::to_string(i) + "/flg_isdeleted",
                           .request = b});
        }
    }
}

void block_sizes(Judge& j) {
    need_blocks(j);
    const bool documents = j.run().record->name == "StoricoDocumentiT";
    const std::size_t most = documents ? kDocumentBlock : kFewHundred;
    std::string sizes;
    for (const Received* b : j.run().blocks()) {
        const json records = records_of(*b);
        if (records.is_discarded()) continue;
        sizes += (sizes.empty() ? "" : ", ") + std::to_string(records.size());
        if (records.size() > most)
            j.finding({.expected = "blocks of a few hundred records at most (" + std::to_string(most) +
                                   (documents ? " for documents" : "") + ", A-90)",
                       .actual = "a block of " + std::to_string(records.size()) + " records",
                       .request = b});
    }
    if (!sizes.empty()) j.observe("records per block: " + sizes);
}

void delivers_the_input(Judge& j) {
    const auto& run = j.run();
    if (run.scenario.fault != Fault::None || !is_push(run))
        return j.not_applicable("only the delivery scenario, without a fault, judges it");
    if (!run.input_given) {  // what it should deliver is its own: at least something must arrive
        std::size_t accepted = 0;
        for (const Received* b : run.blocks())
            if (b->status == 200) ++accepted;
        if (accepted == 0 || run.stored.empty())
            return j.finding(
                {.expected = "records delivered: at least one block accepted", .actual = "none: " + how_it_ended(run)});
        return j.observe(std::to_string(run.stored.size()) + " records delivered in " + std::to_string(accepted) +
                         " accepted blocks");
    }
    if (run.recording.requests.empty())
        return j.finding({.expected = "the " + std::to_string(run.input.size()) + " records handed over, delivered",
                          .actual = "the connector sent nothing: " + how_it_ended(run)});
    same_records(j, run.input, run.stored, "stored by the service once the connector ended");
}

}  // namespace

/// CON-01 to CON-11, for the connector's table (replies.cpp).
// clang-format off
std::vector<certify::ConnectorCheck> sending_checks() {
    return {
        {.id = "CON-01", .title = "Every call but POST /Token carries Authorization: Bearer with an issued token",
         .spec = "000 §1, §5 rule 2",
         .verifies = {"000-1-bearer", "000-5-rule2-bearer", "000-4-post-token", "000-4.4-auth", "000-4.3-auth"},
         .level = Level::Must, .run = bearer_on_every_call},
        {.id = "CON-02", .title = "Blocks are sent as application/json; charset=utf-8", .spec = "000 §4.4",
         .verifies = {"000-4.4-content-type"}, .level = Level::Must, .run = sent_content_type},
        {.id = "CON-03", .title = "A block is a JSON array of records, in UTF-8", .spec = "000 §1",
         .verifies = {"000-1-json-utf8", "000-1-sync-body-array", "000-4.4-body"}, .level = Level::Must,
         .run = array_of_records},
        {.id = "CON-04", .title = "No Id, ts_update or dat_ultvar in a sent record", .spec = "000 §1",
         .verifies = {"000-1-platform-fields", "000-4.4-platform-managed"}, .level = Level::Must,
         .run = no_platform_fields},
        {.id = "CON-05", .title = "No customer_ID in a sent record", .spec = "000 §4.4 record key rule",
         .verifies = {"000-4.4-customer-id-not-sent", "000-2.1-minimal-record"}, .level = Level::Should,
         .run = no_customer_id},
        {.id = "CON-06", .title = "Each sent record has the required fields of its resource",
         .spec = "000 §2.1 minimal record",
         .verifies = joined({"000-2.1-minimal-record"}, {statements::required_to_send()}), .level = Level::Must,
         .run = required_fields},
        {.id = "CON-07", .title = "Each sent value fits its field's type", .spec = "000 §1",
         .verifies = joined({"000-1-field-types"}, {statements::written_fields(), statements::allowed_values()}),
         .level = Level::Must, .run = field_types},
        {.id = "CON-08", .title = "Document lines travel nested in their header", .spec = "000 §4.4, §2.2",
         .verifies = {"000-4.4-document-lines", "000-2.2-header-and-lines-together", "000-1-list-nested"},
         .level = Level::Must, .run = lines_nested},
        {.id = "CON-09", .title = "flg_isdeleted is sent as the record stands: false on active records",
         .spec = "000 §1, §4.4", .verifies = {"000-1-deletion-logical", "000-4.4-deletion"}, .level = Level::Must,
         .run = deletion_flag_as_given},
        {.id = "CON-10", .title = "Blocks of a few hundred records, smaller for documents", .spec = "000 §4.4, §8",
         .verifies = {"000-4.4-blocks", "000-8-recommended-blocks"}, .level = Level::Should, .run = block_sizes},
        {.id = "CON-11", .title = "Every record handed over arrives once, as it was", .spec = "000 §1 capability 4",
         .verifies = {"000-1-cap4-sync", "000-4-post-sync", "000-4.4-body"}, .level = Level::Must,
         .run = delivers_the_input},
    };
}
// clang-format on

}  // namespace bds::suites
