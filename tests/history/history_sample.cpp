#include "history/history_sample.hpp"

#include <array>

namespace bds::test {
namespace {

struct HistSampleRow {
    const char* id;
    const char* level;
    const char* text;
    const char* pattern;
    bool flaky;
};

// Statements of spec/requirements.json, their quotes as there, in its order.
constexpr HistSampleRow kHistSampleStatements[] = {
    {"000-1-rest-json", "MUST", "The service is a REST interface over JSON, reached at {base_url}.", "PPPPPPPP", false},
    {"000-1-tenant", "MUST",
     "It exposes the master data and document history of a management (ERP) system for one tenant per record (field customer_ID identifies the tenant).",
     "PPPPPPPP", false},
    {"000-1-json-utf8", "MUST", "Bodies are JSON in UTF-8.", "FFFPPPPP", false},
    {"000-1-sync-body-array", "MUST", "Bodies of POST /api/sync/{Resource} are always arrays of records.", "PPPPPPPP",
     false},
    {"000-1-bearer", "MUST",
     "Every endpoint except POST /Token requires the header Authorization: Bearer <ACCESS_TOKEN>.", "PPPPPPPP", false},
    {"000-1-case-sensitive-names", "MUST",
     "Resource names are case-sensitive identifiers used in the path as {Resource}.", "PPPPPPPP", false},
    {"000-1-deletion-logical", "MUST",
     "Deletion is logical: each record carries flg_isdeleted (bit, required); active records send false.", "PPPPPPPP",
     false},
    {"000-1-platform-fields", "OBSERVE",
     "Fields Id, ts_update and dat_ultvar are maintained by the platform and are not supplied by senders.", "PPPPPPPP",
     false},
    {"000-4-post-token", "MUST", "POST | /Token | issue an OAuth 2.0 token (no bearer header needed)", "PPPPPPPP",
     false},
    {"000-4-get-tokeninfo", "MUST", "GET | /api/Account/TokenInfo | information on the current token", "PPPPPPPP",
     false},
    {"000-4-get-resources", "MUST", "GET | /api/resources/{Resource} | paginated, filterable list", "PPPPPPPP", false},
    {"000-4-post-query", "SHOULD",
     "POST | /api/resources/{Resource}/query | search with filters and ordering in the body", "SSSSSSSS", false},
    {"000-4-get-sync", "MUST", "GET | /api/sync/{Resource} | records changed after a UTC instant", "..PPPPPP", false},
    {"000-4-post-sync", "MUST", "POST | /api/sync/{Resource} | bulk send of records", "PPPPPPPP", false},
    {"000-4.1-recordselection", "MUST",
     "RecordSelection | query | string | no | a SQL WHERE condition, without the word WHERE", "PPPPPPPP", false},
    {"000-4.1-pagesize", "MUST", "PageSize | query | int32 | no | records per page", "PPPPPPPP", false},
    {"000-4.1-pagenumber", "MUST", "PageNumber | query | int32 | no | page number, starting at 1, used with PageSize",
     "PPPPPPPP", false},
    {"000-4.1-response-200", "MUST",
     "Response 200: JSON array of records of the resource (fields as in part 2), accompanied by TotalRowsCount.",
     "PPPPPPPP", false},
    {"000-4.1-totalrowscount-position-not-shown", "OBSERVE",
     "The position of TotalRowsCount in the response is not shown.", "PPPPPPPP", false},
    {"000-4.1-response-401", "MUST", "Response 401: token missing or invalid.", "PPPPPPPP", false},
    {"000-4.1-response-403", "MUST", "Response 403: resource does not exist or is not authorised.", "PPPPPPPP", false},
    {"000-4.1-rule1-selection", "MUST",
     "When RecordSelection is given, only records satisfying the condition are returned.", "PPPPPPPP", false},
    {"000-4.1-rule2-counterpart", "MUST", "Read a counterpart subset by filtering ind_clifor on C or F.", "PPPPPPPP",
     false},
    {"000-4.2-query", "SHOULD", "Search with filters and ordering carried in the body.", "SSSSSSSS", false},
    {"000-4.3-lastutcrun", "MUST", "LastUtcRun | query | string | UTC date-time in the form YYYY-MM-DD HH:MM:SS.000",
     "..PPPPPP", false},
    {"000-4.3-lastutcrun-1900", "MUST", "the value 1900-01-01 00:00:00.000 returns every record", "..PPPPPP", false},
    {"000-4.3-response-200", "MUST",
     "Response 200: JSON array of records changed after LastUtcRun, with TotalRowsCount.", "..PPPPPP", false},
    {"000-4.4-body", "MUST", "Body | array of records of the resource (shape in 2.1)", "PPPPPPPP", false},
    {"000-4.4-success", "MUST", "Success | status 200 when the block is accepted", "PPPPPPPP", false},
    {"000-4.4-blocks", "SHOULD",
     "Blocks | send blocks of a few hundred records; for documents (which include their lines) use smaller blocks",
     "PPPRPPPP", true},
    {"000-4.4-document-lines", "MUST",
     "Document lines | nested array StoricoDocumentiR in each StoricoDocumentiT record", "PPPPPPPP", false},
    {"000-4.4-deletion", "MUST", "Deletion | flg_isdeleted false on active records", "PPPPPPPP", false},
    {"000-4.4-check", "MUST", "Check | after sending, read GET /api/resources/{Resource} and compare TotalRowsCount",
     "PFPFPRPP", true},
    {"000-4.4-success-body-not-shown", "OBSERVE", "The content of a 200 response body for POST is not shown.",
     "PPPPPPPP", false},
    {"000-5-rule1-oauth", "MUST", "Protocol: OAuth 2.0. Token issued by POST /Token.", "PP.PPPPP", false},
    {"000-5-rule2-bearer", "MUST", "Every other endpoint takes the header Authorization: Bearer <ACCESS_TOKEN>.",
     "PP.PPPPP", false},
    {"000-5-rule3-401", "MUST", "A missing or invalid token gives 401.", "PP.PPPEP", false},
    {"000-5-rule4-403", "MUST", "a resource the caller may not use gives 403.", "PP.PPPPP", false},
    {"000-5-rule5-tokeninfo", "MUST", "GET /api/Account/TokenInfo returns information on the current token.",
     "PP.PPPPP", false},
    {"000-5-lifetime-grants-scopes-not-shown", "OBSERVE", "Token lifetime, grant types and scopes are not shown.",
     "PP.PPPPP", false},
};

constexpr HistSampleRow kHistSampleChecks[] = {
    {"AUTH-01", "MUST", "POST /Token issues a token to every configured user", "PPPPPPPP", false},
    {"AUTH-03", "MUST", "Every bearer endpoint answers 401 without a token", "PPPPPPPP", false},
    {"AUTH-05", "MUST", "Every bearer endpoint answers 401 to a forged token", "PPPPPPEP", false},
    {"AUTH-08", "OBSERVE", "No token and an unknown resource: 401 or 403?", "PPPPPPPP", false},
    {"ACC-02", "MUST", "A wrongly-cased resource name gives 403", "PPPPPPPP", false},
    {"PAG-01", "MUST", "Pages of a selection partition it; TotalRowsCount counts every matching row on every page",
     "PPPPPPPP", false},
    {"PAG-02", "MUST", "Pages of a whole resource partition it", "PPPPPPPP", false},
    {"PAG-03", "MUST", "Pages start at 1", "PPPPPPPP", false},
    {"PAG-04", "OBSERVE", "Without PageSize, and with a large one: what comes back?", "PPPPPPPP", false},
    {"FIL-01", "MUST",
     "Generated conditions of the T-SQL subset select exactly the rows the oracle selects (T-SQL's own forms "
     "included)",
     "PPPPPPPP", false},
    {"FIL-02", "MUST", "ind_clifor = 'C' selects only customers, 'F' only suppliers", "PPPPPPPP", false},
    {"FIL-04", "MUST", "Quoted texts with apostrophes select exactly their record", "PPPPPPPP", false},
    {"SYN-01", "MUST", "Records sent are accepted and read back as sent", "FFFPPPPP", false},
    {"SYN-02", "MUST", "A key sent again updates its one record", "PPPPPPPP", false},
    {"SYN-04", "OBSERVE", "On an upsert: Id kept? Fields left out cleared or kept?", "PPPPPPPP", false},
    {"SYN-06", "MUST", "After sending, TotalRowsCount counts the records sent", "PPPRPPPP", true},
    {"SYN-15", "MUST", "Right after a block is accepted, the unfiltered TotalRowsCount counts its records", "PFPFPRPP",
     true},
    {"CHG-01", "MUST", "The change feed returns exactly the records changed after LastUtcRun", "..PPPPPP", false},
    {"CHG-02", "MUST", "LastUtcRun 1900-01-01 00:00:00.000 returns every record", "..PPPPPP", false},
    {"DEL-01", "MUST", "flg_isdeleted true keeps the record, marked, in the change feed", "PPPPPPPP", false},
    {"VIEW-01", "MUST", "Each MCP view returns only its fields, each of its type", "PP.PPPPP", false},
    {"VIEW-02", "MUST", "MCPClienti holds only customers (C), MCPFornitori only suppliers (F)", "PP.PPPPP", false},
    {"TEN-01", "MUST", "Another tenant never reads the writer's records: by key, by filter, or page by page",
     "PP.PPPPP", false},
    {"SCH-03", "OBSERVE", "How are date-times, decimals, rowversions, nulls, varchar text and TotalRowsCount written?",
     "...PPPPP", false},
};

history::RunRow hist_sample_run(std::int64_t id, const char* release, std::uint64_t seed, const char* verdict,
                                long requests, double duration_ms, int reruns) {
    history::RunRow run;
    run.id = id;
    run.started_at = "2025-06-0" + std::to_string(id) + "T02:00:0" + std::to_string(id) + "Z";
    run.target = "https://erp-staging.example/bds";
    run.release = release;
    run.harness_version = "1.8.0";
    run.seed = seed;
    run.cases = 100;
    run.verdict = verdict;
    run.requests = requests;
    run.duration_ms = duration_ms;
    run.reruns = reruns;
    return run;
}

history::Behaviour hist_sample_seen(std::string check, std::string text, std::size_t first, std::size_t last,
                                    int seen) {
    return {.check = std::move(check), .text = std::move(text), .first = first, .last = last, .seen = seen};
}

}  // namespace

history::Track history_track(std::string id, std::string level, std::string text, const std::string& pattern,
                             bool flaky) {
    history::Track t{std::move(id), std::move(text), std::move(level), {}, 0, 0, std::nullopt, flaky};
    for (char c : pattern) {
        if (c == '.') {
            t.cells.emplace_back();
            continue;
        }
        const run::Outcome outcome = c == 'P'   ? run::Outcome::Pass
                                     : c == 'S' ? run::Outcome::Skip
                                     : c == 'E' ? run::Outcome::Error
                                                : run::Outcome::Fail;
        t.cells.push_back(history::Cell{outcome, c == 'R'});
        t.passed += outcome == run::Outcome::Pass;
        t.decided += outcome == run::Outcome::Pass || outcome == run::Outcome::Fail;
        if (outcome == run::Outcome::Fail && !t.first_failed) t.first_failed = t.cells.size() - 1;
    }
    return t;
}

history::HistoryView sample_history() {
    history::HistoryView view;
    view.file = "nightly-history.sqlite";
    view.runs = {hist_sample_run(1, "2.3.0", 1718431, "fail", 14210, 312400, 0),
                 hist_sample_run(2, "2.3.0", 90211, "fail", 14188, 308900, 0),
                 hist_sample_run(3, "2.3.0", 552017, "interrupted", 6031, 121700, 0),
                 hist_sample_run(4, "2.4.0", 31337, "fail", 14402, 298100, 1),
                 hist_sample_run(5, "2.4.0", 808, "pass", 14395, 287600, 0),
                 hist_sample_run(6, "2.4.0", 4242, "pass", 14420, 291300, 1),
                 hist_sample_run(7, "2.4.0", 77001, "incomplete", 14377, 301800, 0),
                 hist_sample_run(8, "2.4.0", 2600, "pass", 14391, 284900, 0)};
    for (const auto& r : kHistSampleStatements)
        view.statements.push_back(history_track(r.id, r.level, r.text, r.pattern, r.flaky));
    for (const auto& r : kHistSampleChecks)
        view.checks.push_back(history_track(r.id, r.level, r.text, r.pattern, r.flaky));
    view.behaviour = {
        hist_sample_seen("AUTH-08", "no token and an unknown resource (A-05): 401", 0, 7, 8),
        hist_sample_seen("PAG-04", "without PageSize (A-12): 100 records per page", 0, 3, 4),
        hist_sample_seen("SYN-04", "fields left out of an upsert (A-60): 3 became null, 0 kept", 0, 7, 8),
        hist_sample_seen("SYN-01", "an empty block [] (A-30): 200, nothing stored", 0, 5, 3),
        hist_sample_seen("SCH-03", "TotalRowsCount written as a JSON number (A-118)", 3, 7, 5),
        hist_sample_seen("PAG-04", "without PageSize (A-12): 500 records per page", 4, 7, 4),
        hist_sample_seen("SYN-01", "a 200 to POST sync (A-24): {\"accepted\":2}", 4, 7, 4),
    };
    using Ms = std::optional<double>;
    view.timing = {
        {"auth", {Ms(4.1), Ms(4.3), Ms(4.0), Ms(3.2), Ms(3.1), Ms(3.3), Ms(3.0), Ms(3.1)}},
        {"changes", {std::nullopt, std::nullopt, Ms(18.2), Ms(12.4), Ms(12.9), Ms(12.1), Ms(13.0), Ms(12.6)}},
        {"filters", {Ms(9.8), Ms(10.4), Ms(9.9), Ms(8.7), Ms(8.5), Ms(8.9), Ms(8.4), Ms(8.6)}},
        {"pagination", {Ms(15.2), Ms(14.9), Ms(15.6), Ms(11.3), Ms(11.0), Ms(11.4), Ms(10.8), Ms(11.1)}},
        {"sync", {Ms(24.5), Ms(25.1), Ms(23.8), Ms(19.9), Ms(20.6), Ms(19.4), Ms(21.0), Ms(20.2)}},
        {"views", {Ms(6.4), Ms(6.6), std::nullopt, Ms(6.1), Ms(6.0), Ms(6.2), Ms(5.9), Ms(6.1)}},
    };
    return view;
}

}  // namespace bds::test
