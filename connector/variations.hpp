// What the sample connector can be told to do differently from its reference path, in two tables:
//
// - choices (--choose NAME=VALUE): where the seeds leave a sender free (how it reports, where it keeps a body,
//   what it does after comparing TotalRowsCount), the sample behaves either way. Every choice is a correct
//   connector: `conformance selfcheck --connector` certifies the sample under each and allows no MUST failure.
// - defects (--defect NAME): each breaks exactly one rule of the seeds, so the harness can show it catches each.
//
// --list-choices and --list-defects print the tables, tab-separated, for the harness's matrices.
#pragma once

#include <string>
#include <vector>

namespace sample {

// ---------------------------------------------------------------------------------------------------------
// Choices. The first value of each is the default.

struct Choices {
    bool report_short_count = false;  // short-count=report
    bool report_refusal = false;      // refused-block=report
    bool body_in_file = false;        // keep-body=file
};

struct ChoiceInfo {
    const char* name;
    const char* values[2];    // the default first
    const char* row;          // the row of spec/assumptions.md recording what the seeds leave open
    const char* description;  // what each value does
    bool Choices::*second;    // set by the second value
};

// The file keep-body=file writes, in the working directory (the harness looks there, A-88).
constexpr const char* kBodyFile = "refused-block.json";

inline const std::vector<ChoiceInfo> kChoices = {
    {"short-count",
     {"fail", "report"},
     "A-97",
     "TotalRowsCount after sending is not what was sent: fail (exit 1); report: print the count read and the records "
     "sent on stdout, exit 0",
     &Choices::report_short_count},
    {"refused-block",
     {"fail", "report"},
     "A-86",
     "a block answered other than 200 (a 401 after a new token too): stop and fail (exit 1); report: stop, print that "
     "it stopped and why on stdout, exit 0",
     &Choices::report_refusal},
    {"keep-body",
     {"message", "file"},
     "A-88",
     "where the body of a refused block is kept: in the message saying it stopped; file: in refused-block.json in the "
     "working directory, the message naming it",
     &Choices::body_in_file},
};

// Applies one "NAME=VALUE"; returns what is wrong with it, or "".
inline std::string choose(const std::string& setting, Choices& choices) {
    const auto equals = setting.find('=');
    const std::string name = setting.substr(0, equals),
                      value = equals == std::string::npos ? "" : setting.substr(equals + 1);
    for (const auto& c : kChoices) {
        if (name != c.name) continue;
        if (value != c.values[0] && value != c.values[1])
            return "--choose " + name + ": expected " + c.values[0] + " or " + c.values[1] + ", not '" + value + "'";
        choices.*c.second = value == c.values[1];
        return "";
    }
    std::string known;
    for (const auto& c : kChoices) known += std::string(" ") + c.name;
    return "unknown --choose '" + setting + "'; known:" + known;
}

// --choose's help: each choice with its two values.
inline std::string choices_help() {
    std::string help =
        "NAME=VALUE,…: how to behave where the seeds leave a sender free, each a correct connector (the first "
        "value is the default; --list-choices says what each does):";
    for (const auto& c : kChoices) help += std::string(" ") + c.name + "=" + c.values[0] + "|" + c.values[1];
    return help;
}

// ---------------------------------------------------------------------------------------------------------
// Defects: the correct connector is Defect::none.

enum class Defect {
    none,
    no_bearer,
    no_charset,
    platform_fields,
    customer_id,
    drop_required,
    overlong_text,
    lines_separately,
    flip_deleted,
    one_block,
    continue_after_error,
    forget_body,
    exit_zero_on_error,
    no_count_check,
    ignore_count,
    skip_refused_block,
    pages_from_zero,
    iso_last_utc_run,
    first_page_only,
    skip_deleted,
    drop_last_block,
    latin1,
    hang,
    flood,
    short_timeout
};

// Each defect, the rule it breaks and its level there (what `--list-defects` prints for the kill matrix).
struct DefectInfo {
    const char* name;
    Defect defect;
    const char* level;  // MUST or SHOULD: of the rule it breaks
    const char* rule;
    const char* breaks;  // the statements of spec/requirements.json it breaks, joined by ", "
    const char* description;
};

inline const std::vector<DefectInfo> kDefects = {
    {"no-bearer", Defect::no_bearer, "MUST", "000 §5 rule 2: Authorization: Bearer on every call but POST /Token",
     "000-5-rule2-bearer, 000-1-bearer", "sends blocks without the Authorization header"},
    {"no-charset", Defect::no_charset, "MUST", "000 §4.4: Content-Type application/json; charset=utf-8",
     "000-4.4-content-type", "sends blocks as Content-Type: application/json, no charset"},
    {"latin1", Defect::latin1, "MUST", "000 §1: bodies are JSON in UTF-8", "000-1-json-utf8",
     "encodes the text of a block in ISO-8859-1"},
    {"platform-fields", Defect::platform_fields, "MUST",
     "000 §1: Id, ts_update and dat_ultvar are not supplied by senders",
     "000-4.4-platform-managed, 000-1-platform-fields", "adds Id, ts_update and dat_ultvar to every record"},
    {"customer-id", Defect::customer_id, "SHOULD", "000 §4.4: customer_ID is not part of the minimal record shape",
     "000-4.4-customer-id-not-sent", "adds customer_ID to every record"},
    {"drop-required", Defect::drop_required, "MUST", "000 §2.1: the required fields of a sent record",
     "000-2.1-minimal-record, 001-2-flg-isdeleted", "leaves flg_isdeleted out of every record"},
    {"overlong-text", Defect::overlong_text, "MUST", "000 §1: field types are database types (nvarchar(n): at most n)",
     "000-1-field-types", "makes each des_ text 600 characters longer than given"},
    {"lines-separately", Defect::lines_separately, "MUST", "000 §4.4: document lines nested in their header",
     "000-4.4-document-lines", "sends document lines to /api/sync/StoricoDocumentiR instead of nested"},
    {"flip-deleted", Defect::flip_deleted, "MUST", "000 §1: active records send flg_isdeleted false",
     "000-4.4-deletion", "sends every active record as deleted"},
    {"one-block", Defect::one_block, "SHOULD", "000 §4.4: blocks of a few hundred records, smaller for documents",
     "000-4.4-blocks", "sends every record in one block"},
    {"drop-last-block", Defect::drop_last_block, "MUST", "000 §1: records are sent in blocks (all of them)",
     "000-1-cap4-sync", "never sends a last block shorter than the others"},
    {"continue-after-error", Defect::continue_after_error, "MUST", "000 §7: any status other than 200 stops the sender",
     "000-7-sender-stops, 000-4.4-failure", "goes on with the next blocks after a refused one"},
    {"forget-body", Defect::forget_body, "MUST", "000 §4.4: keep the response body of a refused block",
     "000-4.4-failure, 000-7-sender-stops", "reports a refused block without its body"},
    {"exit-zero-on-error", Defect::exit_zero_on_error, "MUST",
     "000 §4.4, §7: a failure is reported (A-86: by the exit status, the kept body or the count read)",
     "000-4.4-failure", "exits 0 after any failure and says nothing of it"},
    {"no-count-check", Defect::no_count_check, "MUST", "000 §4.4: after sending, read TotalRowsCount", "000-4.4-check",
     "never reads GET /api/resources after sending"},
    {"ignore-count", Defect::ignore_count, "MUST", "000 §4.4: compare TotalRowsCount (A-92, A-97)", "000-4.4-check",
     "reads TotalRowsCount but never compares it, nor tells it"},
    {"skip-refused-block", Defect::skip_refused_block, "MUST", "000 §7: a refused block is not passed over (A-87)",
     "000-7-sender-stops", "after a 401 takes a new token and goes on with the next block"},
    {"pages-from-zero", Defect::pages_from_zero, "MUST", "000 §8: pages start at 1",
     "000-8-pages-start-at-1, 000-4.3-pagination", "reads the change feed from PageNumber 0"},
    {"iso-last-utc-run", Defect::iso_last_utc_run, "MUST", "000 §4.3: LastUtcRun as YYYY-MM-DD HH:MM:SS.000",
     "000-4.3-lastutcrun", "sends LastUtcRun in ISO 8601 with T and Z"},
    {"first-page-only", Defect::first_page_only, "MUST", "000 §4.3: every record changed after LastUtcRun",
     "000-4.3-pagination", "reads the first page of the change feed only"},
    {"skip-deleted", Defect::skip_deleted, "MUST", "000 §1: deletion is logical; the feed carries it",
     "000-1-deletion-logical", "drops logically deleted records read from the change feed"},
    {"short-timeout", Defect::short_timeout, "SHOULD", "000 §8: rate limits and response times are not shown (A-93)",
     "000-8-rate-limits-not-shown", "gives up on a block not answered within 1 s"},
    {"hang", Defect::hang, "SHOULD", "a connector ends by itself (A-93)", "000-8-rate-limits-not-shown",
     "never exits after a delivery"},
    {"flood", Defect::flood, "SHOULD", "a bounded number of requests (A-93)", "000-8-rate-limits-not-shown",
     "asks GET /api/Account/TokenInfo without end after a delivery"},
};

}  // namespace sample
