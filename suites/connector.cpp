// Connector checks (CON-…): what the seeds ask of a sender, judged on each scenario run of `conformance certify`
// (000 §1 common rules, §2.1 minimal record, §4.3 GET sync, §4.4 POST sync, §5 authentication, §7 errors, §8 limits).
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
#include "suites/registry.hpp"
#include "suites/common/statements.hpp"

namespace bds::suites {
namespace {

using certify::Fault;
using certify::Judge;
using certify::Mode;
using certify::Received;
using certify::ScenarioRun;
using json = nlohmann::json;

const std::set<std::string> kPlatformFields = {"Id", "ts_update", "dat_ultvar"};
constexpr std::size_t kFewHundred = 500;     // A-90: "a few hundred" records per block, read as at most 500
constexpr std::size_t kDocumentBlock = 100;  // A-90: "smaller for documents", read as at most 100 headers

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

bool is_push(const ScenarioRun& run) { return run.scenario.mode == Mode::Push; }

/// The records of a block, or a discarded value when its body is no JSON array of objects.
json records_of(const Received& block) {
    json body = json::parse(block.body, nullptr, false);
    if (!body.is_array()) return json(json::value_t::discarded);
    for (const auto& r : body)
        if (!r.is_object()) return json(json::value_t::discarded);
    return body;
}

/// Calls `visit(record, pointer, record type)` for each record of every readable block, and for each record nested in
/// a list field of it (document lines).
template <class F>
void each_sent_record(const ScenarioRun& run, F&& visit) {
    for (const Received* block : run.blocks()) {
        const json records = records_of(*block);
        if (records.is_discarded()) continue;
        const Record* type = run.catalogue->find(block->path.substr(std::string("/api/sync/").size()));
        if (!type) type = run.record;
        for (std::size_t i = 0; i < records.size(); ++i) {
            const std::string at = "/" + std::to_string(i);
            visit(*block, records[i], at, *type);
            for (const auto& field : type->fields) {
                const Record* child = field.list_of.empty() ? nullptr : run.catalogue->find(field.list_of);
                if (!child || !records[i].contains(field.name) || !records[i][field.name].is_array()) continue;
                const json& lines = records[i][field.name];
                for (std::size_t j = 0; j < lines.size(); ++j)
                    if (lines[j].is_object()) visit(*block, lines[j], at + "/" + field.name + "/" + std::to_string(j), *child);
            }
        }
    }
}

void need_blocks(Judge& j) {
    if (!is_push(j.run())) return j.not_applicable("the scenario reads, it sends no block");
    if (j.run().blocks().empty()) j.not_applicable("the connector sent no block in this scenario");
}

std::string key_of(const Record& record, const json& r) { return oracle::index_key(record, r, Collation::CaseInsensitive); }

std::map<std::string, const json*> by_key(const Record& record, const std::vector<json>& records) {
    std::map<std::string, const json*> out;
    for (const auto& r : records) out.emplace(key_of(record, r), &r);
    return out;
}

std::string key_text(const Record& record, const json& r) {
    std::string out;
    for (const auto& k : record.key)
        if (r.contains(k)) out += (out.empty() ? "" : ", ") + k + "=" + r[k].dump();
    return out.empty() ? "(no key)" : out;
}

/// Compares `expected` (records as handed over or loaded) with `actual` (as stored or as read), by key and type-aware.
void same_records(Judge& j, const std::vector<json>& expected, const std::vector<json>& actual, const std::string& where) {
    const Record& record = *j.run().record;
    const auto got = by_key(record, actual);
    std::size_t missing = 0;
    for (const auto& e : expected) {
        const auto it = got.find(key_of(record, e));
        if (it == got.end()) {
            if (++missing <= 3) j.finding({.expected = "the record " + key_text(record, e) + " " + where, .actual = "it is not there"});
            continue;
        }
        const auto diffs = oracle::compare_record(*j.run().catalogue, record, e, *it->second, j.run().compare);
        if (!diffs.empty())
            j.finding({.expected = "the record " + key_text(record, e) + " " + where + " with the values handed over", .actual = oracle::format_differences(diffs)});
    }
    if (missing > 3) j.finding({.expected = std::to_string(expected.size()) + " records " + where, .actual = std::to_string(missing) + " are missing"});
    const auto wanted = by_key(record, expected);
    for (const auto& [key, r] : got)
        if (!wanted.count(key)) j.finding({.expected = "only the records handed over " + where, .actual = "also " + key_text(record, *r)});
}

std::string stderr_tail(const ScenarioRun& run) {
    const std::string& err = run.process.err.empty() ? run.process.out : run.process.err;
    return err.size() > 400 ? "…" + err.substr(err.size() - 400) : err;
}

std::string how_it_ended(const ScenarioRun& run) {
    std::string s = run.process.summary() + ", " + std::to_string(run.recording.requests.size()) + " requests";
    if (const auto tail = stderr_tail(run); !tail.empty()) s += "; it printed: " + tail;
    return s;
}

// --- the checks, in the order of the table ---

void bearer_on_every_call(Judge& j) {
    const auto& run = j.run();
    const std::set<std::string> issued(run.recording.tokens.begin(), run.recording.tokens.end());
    int judged = 0;
    for (const auto& r : run.recording.requests) {
        if (r.method == "POST" && r.path == "/Token") continue;
        ++judged;
        if (r.header("Authorization").empty())
            j.finding({.expected = "Authorization: Bearer <ACCESS_TOKEN> on " + r.method + " " + r.path, .actual = "no Authorization header", .request = &r});
        else if (r.bearer.empty())
            j.finding({.expected = "Authorization: Bearer <ACCESS_TOKEN> on " + r.method + " " + r.path, .actual = "an Authorization header of another scheme", .request = &r});
        else if (!issued.count(r.bearer))
            j.finding({.expected = "a token POST /Token issued, on " + r.method + " " + r.path, .actual = "a bearer token the service never issued", .request = &r});
    }
    if (judged == 0) j.not_applicable("the connector sent nothing but token requests");
}

void content_type(Judge& j) {
    need_blocks(j);
    for (const Received* b : j.run().blocks()) {
        const std::string value = b->header("Content-Type");
        std::string media = lower(trim(value.substr(0, value.find(';'))));
        std::string charset;
        for (std::size_t at = value.find(';'); at != std::string::npos;) {
            const auto next = value.find(';', at + 1);
            const std::string param = trim(value.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1));
            if (lower(param).rfind("charset=", 0) == 0) {
                charset = lower(param.substr(8));
                if (charset.size() >= 2 && charset.front() == '"' && charset.back() == '"') charset = charset.substr(1, charset.size() - 2);
            }
            at = next;
        }
        if (media != "application/json" || charset != "utf-8")
            j.finding({.expected = "Content-Type: application/json; charset=utf-8", .actual = value.empty() ? "no Content-Type" : "Content-Type: " + value, .request = b});
    }
}

void array_of_records(Judge& j) {
    need_blocks(j);
    for (const Received* b : j.run().blocks()) {
        const json body = json::parse(b->body, nullptr, false);
        if (body.is_discarded())
            j.finding({.expected = "a body of JSON in UTF-8", .actual = "a body that is not (no JSON, or bytes that are not UTF-8)", .request = b});
        else if (!body.is_array())
            j.finding({.expected = "an array of records", .actual = "a JSON " + std::string(body.type_name()), .request = b});
        else
            for (std::size_t i = 0; i < body.size(); ++i)
                if (!body[i].is_object()) {
                    j.finding({.expected = "an array of records (JSON objects)", .actual = "a JSON " + std::string(body[i].type_name()), .pointer = "/" + std::to_string(i), .request = b});
                    break;
                }
    }
}

void no_platform_fields(Judge& j) {
    need_blocks(j);
    each_sent_record(j.run(), [&](const Received& b, const json& r, const std::string& at, const Record&) {
        for (const auto& f : kPlatformFields)
            if (r.contains(f)) j.finding({.expected = "no " + f + " (maintained by the platform)", .actual = f + ": " + r[f].dump(), .pointer = at + "/" + f, .request = &b});
    });
}

void no_customer_id(Judge& j) {
    need_blocks(j);
    each_sent_record(j.run(), [&](const Received& b, const json& r, const std::string& at, const Record&) {
        if (r.contains("customer_ID"))
            j.finding({.expected = "no customer_ID (the tenant comes from the token)", .actual = "customer_ID: " + r["customer_ID"].dump(), .pointer = at + "/customer_ID", .request = &b});
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
        if (v.rule == "required") j.finding({.expected = v.message, .actual = "record " + std::to_string(i) + " of the block", .pointer = v.pointer, .request = &b});
    });
}

void field_types(Judge& j) {
    // The form of a date-time (A-14), the code page of varchar (A-61) and a decimal's precision (A-16) are not shown:
    // what the connector sent there is observed, never failed. Fields the catalogue lacks: A-94.
    static const std::set<std::string> not_shown = {"datetime", "code_page", "decimal"};
    validated(j, [&](const Violation& v, const Received& b, std::size_t i) {
        if (v.rule == "required" || v.rule == "unknown_field") return;
        if (not_shown.count(v.rule))
            j.observe("record " + std::to_string(i) + v.pointer + ": " + v.message + " (a form the seeds do not show)", &b);
        else
            j.finding({.expected = v.message, .actual = "record " + std::to_string(i) + " of the block", .pointer = v.pointer, .request = &b});
    });
}

void lines_nested(Judge& j) {
    const auto& run = j.run();
    if (!is_push(run) || run.record->name != "StoricoDocumentiT") return j.not_applicable("documents are not the resource of this run");
    need_blocks(j);
    for (const Received* b : run.blocks())
        if (b->path != "/api/sync/StoricoDocumentiT")
            j.finding({.expected = "document lines nested in StoricoDocumentiR of their header, in POST /api/sync/StoricoDocumentiT",
                       .actual = "POST " + b->path, .request = b});
    for (const Received* b : run.blocks()) {
        const json records = records_of(*b);
        if (records.is_discarded() || b->path != "/api/sync/StoricoDocumentiT") continue;
        for (std::size_t i = 0; i < records.size(); ++i) {
            const json& header = records[i];
            if (!header.contains("StoricoDocumentiR") || !header["StoricoDocumentiR"].is_array()) continue;
            const json& lines = header["StoricoDocumentiR"];
            for (std::size_t k = 0; k < lines.size(); ++k)
                if (lines[k].is_object() && lines[k].value("key_documento", json()) != header.value("key_documento", json()))
                    j.finding({.expected = "each line repeats the key_documento of its header (" + header.value("key_documento", json()).dump() + ")",
                               .actual = lines[k].value("key_documento", json()).dump(),
                               .pointer = "/" + std::to_string(i) + "/StoricoDocumentiR/" + std::to_string(k) + "/key_documento", .request = b});
        }
    }
}

void deletion_flag_as_given(Judge& j) {
    const auto& run = j.run();
    if (!run.input_given) return j.not_applicable("the command has no {input}: what the records are is the connector's");
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
                j.finding({.expected = "flg_isdeleted " + given.dump() + " as handed over (" + (given == false ? "an active record" : "a deleted record") + ")",
                           .actual = "flg_isdeleted " + (sent.is_null() ? std::string("absent or null") : sent.dump()),
                           .pointer = "/" + std::to_string(i) + "/flg_isdeleted", .request = b});
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
            j.finding({.expected = "blocks of a few hundred records at most (" + std::to_string(most) + (documents ? " for documents" : "") + ", A-90)",
                       .actual = "a block of " + std::to_string(records.size()) + " records", .request = b});
    }
    if (!sizes.empty()) j.observe("records per block: " + sizes);
}

void delivers_the_input(Judge& j) {
    const auto& run = j.run();
    if (run.scenario.fault != Fault::None || !is_push(run)) return j.not_applicable("only the delivery scenario, without a fault, judges it");
    if (!run.input_given) {  // what it should deliver is its own: at least something must arrive
        std::size_t accepted = 0;
        for (const Received* b : run.blocks())
            if (b->status == 200) ++accepted;
        if (accepted == 0 || run.stored.empty())
            return j.finding({.expected = "records delivered: at least one block accepted", .actual = "none: " + how_it_ended(run)});
        return j.observe(std::to_string(run.stored.size()) + " records delivered in " + std::to_string(accepted) + " accepted blocks");
    }
    if (run.recording.requests.empty())
        return j.finding({.expected = "the " + std::to_string(run.input.size()) + " records handed over, delivered", .actual = "the connector sent nothing: " + how_it_ended(run)});
    same_records(j, run.input, run.stored, "stored by the service once the connector ended");
}

/// The records handed over that the service holds: what an exit 0 still vouches for once the connector told a count
/// that shows the others missing (A-97).
std::vector<json> the_stored_ones(const ScenarioRun& run) {
    const auto stored = by_key(*run.record, run.stored);
    std::vector<json> out;
    for (const auto& r : run.input)
        if (stored.count(key_of(*run.record, r))) out.push_back(r);
    return out;
}

void success_means_done(Judge& j) {
    const auto& run = j.run();
    if (!run.exit_status_judged) return j.not_applicable("the connector's exit status is not judged (--no-exit-status, or --port)");
    if (!is_push(run)) return j.not_applicable("the change feed's completeness is CON-19's");
    if (!run.process.succeeded()) return;  // it did not report success: nothing it said is untrue
    // An exit 0 reads "delivered" (A-86) as far as the connector's output does not say otherwise: after a refused block,
    // the block's body kept (000 §7: the sender records it); once every block was accepted, the TotalRowsCount it read
    // (A-97), which shows records missing, never records stored otherwise than handed over. What it told: observed.
    if (const auto kept = certify::kept_refusal(run)) return j.observe("exit 0, and " + kept->what, kept->request);
    const auto count = certify::told_count(run);
    if (run.input_given) {
        const auto vouched = count ? the_stored_ones(run) : run.input;
        const std::size_t before = j.findings().size();
        same_records(j, vouched, run.stored, "stored, since the connector exited 0 and told no count that shows it missing (A-86, A-97)");
        if (j.findings().size() > before)
            j.observe("it ended: " + how_it_ended(run));
        else if (vouched.size() < run.input.size())
            j.observe("exit 0, and " + count->what, count->request);
        return;
    }
    if (const Received* refused = run.first_refusal())
        return j.finding({.expected = "a failure reported after block " + std::to_string(refused->seq) + " was answered " + std::to_string(refused->status) +
                                      ": an exit status other than 0, or its body kept (A-86)",
                          .actual = "exit 0, and the body kept nowhere", .request = refused});
    if (run.scenario.fault != Fault::LostRecord) return;
    for (const auto& r : run.recording.requests) {
        if (r.fault.empty()) continue;
        if (count) return j.observe("exit 0, and " + count->what, count->request);
        return j.finding({.expected = "TotalRowsCount came out one short of what was sent: a failure reported (an exit status other than 0), "
                                      "or the count read told in its output (A-97)",
                          .actual = "exit 0, and no TotalRowsCount read after the last block in its output", .request = &r});
    }
}

void stops_at_first_refusal(Judge& j) {
    need_blocks(j);
    const Received* refused = j.run().first_refusal();
    if (!refused) return j.not_applicable("no block was answered with a status other than 200 (or 401)");
    for (const Received* b : j.run().blocks())
        if (b->seq > refused->seq)
            return j.finding({.expected = "nothing more sent after block " + std::to_string(refused->seq) + " was answered " + std::to_string(refused->status),
                              .actual = "another block: " + b->method + " " + b->path, .request = b});
}

void keeps_the_body(Judge& j) {
    const auto& run = j.run();
    need_blocks(j);
    const Received* refused = nullptr;
    for (const Received* b : run.blocks())
        if (!refused && b->status != 200 && !run.marker.empty() && b->response_body.find(run.marker) != std::string::npos) refused = b;
    if (!refused) return j.not_applicable("no block was refused with a body the harness can recognise");
    if (run.kept_text.find(run.marker) == std::string::npos)
        j.finding({.expected = "the body of the refused block kept: its ticket \"" + run.marker + "\" in the connector's output or in a file of its working directory",
                   .actual = "it is nowhere: " + how_it_ended(run), .request = refused});
}

void after_a_401(Judge& j) {
    const auto& requests = j.run().recording.requests;
    const auto refused = std::find_if(requests.begin(), requests.end(), [](const Received& r) { return r.status == 401; });
    if (refused == requests.end()) return j.not_applicable("no request was answered 401");
    const auto next = std::find_if(refused + 1, requests.end(), [](const Received& r) { return !r.is("POST", "/Token"); });
    const std::string what = refused->method + " " + refused->path + (refused->is_block() ? " (a block)" : "");
    if (next == requests.end()) return j.observe("after a 401 on " + what + " it stopped: " + how_it_ended(j.run()), &*refused);
    if (next->method != refused->method || next->path != refused->path || next->params != refused->params || next->body != refused->body)
        return j.finding({.expected = "after a 401 on " + what + ": that request again, with a new token, before any other; or nothing more",
                          .actual = "another request: " + next->method + " " + next->path, .request = &*next});
    if (next->bearer == refused->bearer) return j.finding({.expected = "the refused request sent again with a new token", .actual = "with the token that was refused", .request = &*next});
    j.observe("after a 401 on " + what + " it requested a new token and sent the request again", &*next);
}

void reads_the_count(Judge& j) {
    const auto& run = j.run();
    if (run.scenario.fault != Fault::None || !is_push(run)) return j.not_applicable("only the delivery scenario judges it");
    const Received* last = nullptr;
    for (const Received* b : run.blocks())
        if (b->status == 200) last = b;
    if (!last) return j.not_applicable("no block was accepted");
    for (const auto& r : run.recording.requests)
        if (r.seq > last->seq && r.method == "GET" && r.path == "/api/resources/" + run.record->name) return;
    j.finding({.expected = "GET /api/resources/" + run.record->name + " after the last block, to compare TotalRowsCount", .actual = "no such read after it", .request = last});
}

void pages_from_one(Judge& j) {
    bool any = false;
    for (const auto& r : j.run().recording.requests) {
        const auto page = r.param("PageNumber");
        if (!page || r.method != "GET") continue;
        any = true;
        char* end = nullptr;
        const long n = std::strtol(page->c_str(), &end, 10);
        if (page->empty() || *end != '\0' || n < 1) j.finding({.expected = "PageNumber 1 or more (pages start at 1)", .actual = "PageNumber=" + *page, .request = &r});
    }
    if (!any) j.not_applicable("the connector sent no PageNumber");
}

void last_utc_run_form(Judge& j) {
    static const std::regex form(R"(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3})");
    bool any = false;
    for (const auto& r : j.run().recording.requests) {
        if (!r.is("GET", "/api/sync/")) continue;
        any = true;
        const auto since = r.param("LastUtcRun");
        if (!since)
            j.finding({.expected = "LastUtcRun in the form YYYY-MM-DD HH:MM:SS.000", .actual = "no LastUtcRun", .request = &r});
        else if (!std::regex_match(*since, form))
            j.finding({.expected = "LastUtcRun in the form YYYY-MM-DD HH:MM:SS.000", .actual = "LastUtcRun=" + *since, .request = &r});
    }
    if (!any) j.not_applicable("the connector did not read GET /api/sync");
}

void reads_the_whole_feed(Judge& j) {
    const auto& run = j.run();
    if (run.scenario.mode != Mode::Pull) return j.not_applicable("only the change-feed scenario judges it");
    if (run.output_given) {
        if (!run.output_error.empty()) return j.finding({.expected = "{output}: one record per line, as read from the change feed", .actual = run.output_error});
        same_records(j, run.feed, run.output, "changed after LastUtcRun " + run.since + ", in what the connector wrote to {output}");
        return;
    }
    std::set<std::string> seen;
    for (const auto& r : run.recording.requests) {
        if (!r.is("GET", "/api/sync/") || r.status != 200) continue;
        const client::HttpResponse response{r.status, r.response_headers, r.response_body, {}};
        const auto list = client::read_list(response, client::EnvelopeSetting::Auto);
        if (const auto* page = std::get_if<client::ListPage>(&list))
            for (const auto& row : page->rows) seen.insert(key_of(*run.record, row));
    }
    std::size_t missing = 0;
    for (const auto& f : run.feed)
        if (!seen.count(key_of(*run.record, f))) ++missing;
    if (missing > 0)
        j.finding({.expected = "every page of the change feed read: " + std::to_string(run.feed.size()) + " records changed after " + run.since,
                   .actual = std::to_string(missing) + " never read: " + how_it_ended(run)});
}

void copes_with_slow_answers(Judge& j) {
    const auto& run = j.run();
    if (run.scenario.fault != Fault::SlowAnswers) return j.not_applicable("only the slow-answers scenario judges it");
    if (run.exit_status_judged && !run.process.succeeded())
        return j.finding({.expected = "the delivery completed although each block was answered late", .actual = how_it_ended(run)});
    if (run.input_given) same_records(j, run.input, run.stored, "stored although each block was answered late");
}

void ends_by_itself(Judge& j) {
    const auto& run = j.run();
    if (!run.process.started) return j.not_applicable("the harness did not start the connector");
    const auto& why = run.process.ended_by_harness;
    if (!why.empty() && run.recording.flood.empty()) j.finding({.expected = "the connector ends by itself", .actual = "the harness ended it: " + why});
}

void within_budget(Judge& j) {
    const auto& run = j.run();
    if (!run.recording.flood.empty()) j.finding({.expected = "a bounded number of requests", .actual = run.recording.flood});
}

void how_it_works(Judge& j) {
    const auto& run = j.run();
    int tokens = 0;
    for (const auto& r : run.recording.requests)
        if (r.is("POST", "/Token")) ++tokens;
    j.observe(how_it_ended(run) + ", " + std::to_string(tokens) + " token requests");
    const std::string agent = run.recording.requests.empty() ? "" : run.recording.requests.front().header("User-Agent");
    if (!agent.empty()) j.observe("User-Agent: " + agent);
    if (run.scenario.fault == Fault::DroppedConnection) {
        const auto blocks = run.blocks();
        if (!blocks.empty() && blocks.size() > 1 && blocks[1]->body == blocks[0]->body)
            j.observe("after the cut connection it sent the block again", blocks[1]);
        else if (!blocks.empty())
            j.observe("after the cut connection it did not send the block again", blocks[0]);
    }
}

}  // namespace

std::vector<certify::ConnectorCheck> connector_checks() {
    std::vector<certify::ConnectorCheck> table = {
        {.id = "CON-01", .title = "Every call but POST /Token carries Authorization: Bearer with an issued token",
         .spec = "000 §1, §5 rule 2", .verifies = {"000-1-bearer", "000-5-rule2-bearer", "000-4-post-token", "000-4.4-auth", "000-4.3-auth"},
         .level = Level::Must, .run = bearer_on_every_call},
        {.id = "CON-02", .title = "Blocks are sent as application/json; charset=utf-8",
         .spec = "000 §4.4", .verifies = {"000-4.4-content-type"}, .level = Level::Must, .run = content_type},
        {.id = "CON-03", .title = "A block is a JSON array of records, in UTF-8",
         .spec = "000 §1", .verifies = {"000-1-json-utf8", "000-1-sync-body-array", "000-4.4-body"}, .level = Level::Must, .run = array_of_records},
        {.id = "CON-04", .title = "No Id, ts_update or dat_ultvar in a sent record",
         .spec = "000 §1", .verifies = {"000-1-platform-fields", "000-4.4-platform-managed"}, .level = Level::Must, .run = no_platform_fields},
        {.id = "CON-05", .title = "No customer_ID in a sent record",
         .spec = "000 §4.4 record key rule", .verifies = {"000-4.4-customer-id-not-sent", "000-2.1-minimal-record"},
         .level = Level::Should, .run = no_customer_id},
        {.id = "CON-06", .title = "Each sent record has the required fields of its resource",
         .spec = "000 §2.1 minimal record", .verifies = joined({"000-2.1-minimal-record"}, {statements::required_to_send()}),
         .level = Level::Must, .run = required_fields},
        {.id = "CON-07", .title = "Each sent value fits its field's type",
         .spec = "000 §1", .verifies = joined({"000-1-field-types"}, {statements::written_fields(), statements::allowed_values()}),
         .level = Level::Must, .run = field_types},
        {.id = "CON-08", .title = "Document lines travel nested in their header",
         .spec = "000 §4.4, §2.2", .verifies = {"000-4.4-document-lines", "000-2.2-header-and-lines-together", "000-1-list-nested"},
         .level = Level::Must, .run = lines_nested},
        {.id = "CON-09", .title = "flg_isdeleted is sent as the record stands: false on active records",
         .spec = "000 §1, §4.4", .verifies = {"000-1-deletion-logical", "000-4.4-deletion"}, .level = Level::Must, .run = deletion_flag_as_given},
        {.id = "CON-10", .title = "Blocks of a few hundred records, smaller for documents",
         .spec = "000 §4.4, §8", .verifies = {"000-4.4-blocks", "000-8-recommended-blocks"}, .level = Level::Should, .run = block_sizes},
        {.id = "CON-11", .title = "Every record handed over arrives once, as it was",
         .spec = "000 §1 capability 4", .verifies = {"000-1-cap4-sync", "000-4-post-sync", "000-4.4-body"},
         .level = Level::Must, .run = delivers_the_input},
        {.id = "CON-12", .title = "Success is reported only when everything arrived",
         .spec = "000 §4.4, §7; A-86, A-97", .verifies = {"000-4.4-check", "000-7-sender-stops", "000-4.4-failure"},
         .level = Level::Must, .run = success_means_done},
        {.id = "CON-13", .title = "The sender stops at the first block answered other than 200",
         .spec = "000 §4.4, §7", .verifies = {"000-4.4-failure", "000-7-sender-stops"}, .level = Level::Must, .run = stops_at_first_refusal},
        {.id = "CON-14", .title = "The body of a refused block is kept",
         .spec = "000 §4.4, §7", .verifies = {"000-4.4-failure", "000-7-sender-stops"}, .level = Level::Must, .run = keeps_the_body},
        {.id = "CON-15", .title = "After a 401 the refused request is sent again with a new token, or the sender stops",
         .spec = "000 §5 rule 3, §7", .verifies = {"000-5-rule3-401", "000-7-sender-stops", "000-5-lifetime-grants-scopes-not-shown"},
         .level = Level::Must, .run = after_a_401},
        {.id = "CON-16", .title = "After sending, TotalRowsCount is read to check",
         .spec = "000 §4.4", .verifies = {"000-4.4-check"}, .level = Level::Must, .run = reads_the_count},
        {.id = "CON-17", .title = "Pages are numbered from 1",
         .spec = "000 §8, §4.1", .verifies = {"000-8-pages-start-at-1", "000-4.1-pagenumber", "000-4.3-pagination"},
         .level = Level::Must, .run = pages_from_one},
        {.id = "CON-18", .title = "LastUtcRun is sent in the form YYYY-MM-DD HH:MM:SS.000",
         .spec = "000 §4.3", .verifies = {"000-4.3-lastutcrun"}, .level = Level::Must, .run = last_utc_run_form},
        {.id = "CON-19", .title = "Every page of the change feed is read, deletions included",
         .spec = "000 §4.3, §1",
         .verifies = {"000-4.3-response-200", "000-4.3-pagination", "000-1-cap4-sync", "000-4-get-sync", "000-1-deletion-logical"},
         .level = Level::Must, .run = reads_the_whole_feed},
        {.id = "CON-20", .title = "The delivery completes when the service answers slowly",
         .spec = "000 §8", .verifies = {"000-8-rate-limits-not-shown"}, .level = Level::Should, .run = copes_with_slow_answers},
        {.id = "CON-21", .title = "The connector ends by itself",
         .spec = "000 §4.4", .verifies = {"000-4.4-failure"}, .level = Level::Should, .run = ends_by_itself},
        {.id = "CON-22", .title = "The connector keeps to a bounded number of requests",
         .spec = "000 §8", .verifies = {"000-8-rate-limits-not-shown"}, .level = Level::Should, .run = within_budget},
        {.id = "CON-23", .title = "How the connector works (tokens, blocks, retries)",
         .spec = "000 §5", .verifies = {"000-5-lifetime-grants-scopes-not-shown", "000-5-token-fields-not-shown"},
         .level = Level::Observe, .run = how_it_works},
    };
    // The suite and the quote a report shows are the table's, as for the server's suites (suites/registry.cpp): the quote
    // comes from the statement the check rests on, so it cannot drift from the seeds.
    for (auto& check : table) {
        check.suite = "connector";
        check.seed_text = shown_quote(check.verifies);
    }
    return table;
}

}  // namespace bds::suites
