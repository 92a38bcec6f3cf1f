// Suite "limits": every parameter at its bounds. PageSize and PageNumber are int32 (000 §4.1; §4.3 int) and pages start
// at 1 (§8), so a page far out is empty wherever it is served; LastUtcRun is a UTC date-time (§4.3), so nothing changed
// after the last one a database holds and every record after the first; bodies of POST sync are arrays of records
// (§1), an empty one included. What a target refuses at a bound (a cap: A-08; year 1: A-122; an empty block: A-30) is
// noted, never judged; what it serves is judged as the seeds state it. Decimals and 5xx answers: limit_values.cpp.
#include <algorithm>
#include <chrono>
#include <set>
#include <thread>

#include "oracle/compare.hpp"
#include "suites/registry.hpp"
#include "suites/common/sampled_read.hpp"
#include "suites/common/settled_read.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"
#include "suites/server/limit_bounds.hpp"

namespace bds::suites {
namespace limits {
namespace {

using client::kWriter;

/// How many records LIM-01 selects: enough that page n + 1 of one row is past the end.
constexpr long long kRows = 3;

/// A key as `=` on it compares under any collation (sample_records' keys are distinct so).
std::string key_of(const Record& record, const json& row) {
    return oracle::index_key(record, row, Collation::CaseInsensitive);
}

/// What the bounds a check asked were answered with when not served: noted once at its end (a cap refuses what lies
/// beyond it, A-08; a 5xx is LIM-05's).
class Refusals {
public:
    /// The page of `r` when it was served (200 and a list); else noted. A 200 that is no list is a finding.
    const client::ListPage* served(Context& ctx, const client::ListResult& r, const std::string& what) {
        ctx.answered(r.response);
        if (r.response.status == 200 && !r.page)
            ctx.finding({.expected = "a list for " + what + " (000 §4.1 Response 200)",
                         .actual = r.problem,
                         .exchange = r.response.exchange});
        if (r.response.status == 200) return r.page ? &*r.page : nullptr;
        noted_ += (noted_.empty() ? "" : ", ") + what + " " + std::to_string(r.response.status) +
                  (r.response.status >= 500 ? " (LIM-05)" : "");
        return nullptr;
    }
    void observe(Context& ctx, const std::string& about) const {
        if (!noted_.empty()) ctx.observe(about + " not served: " + noted_);
    }

private:
    std::string noted_;
};

/// A finding unless `page` (of `what`) holds no row: its first row lies past every row there is.
void expect_empty(Context& ctx, const client::ListPage& page, const client::ListResult& r, const std::string& what,
                  const std::string& of) {
    if (page.rows.empty()) return;
    ctx.finding({.expected = "no row on " + what + ", whose first row lies past the " + of +
                             " (pages of PageSize rows from 1, both int32: 000 §4.1, §8)",
                 .actual = std::to_string(page.rows.size()) + " rows",
                 .pointer = "/0",
                 .exchange = r.response.exchange});
}

/// GET resources with the check's marker (`selection`, whose `ours` rows are every match) at the bounds.
void resource_bounds(Context& ctx, const Record& record, const std::string& selection,
                     const std::set<std::string>& ours, Refusals& refused) {
    const auto read = [&](long long size, long long number) {
        return ctx.api.list(kWriter, record.name, {selection, size, number});
    };
    const std::string of = std::to_string(ours.size()) + " rows " + selection + " selects";
    const auto one = read(1, 1);
    if (const auto* page = refused.served(ctx, one, page_text(1, 1)))
        if (page->rows.size() != 1 || !ours.contains(key_of(record, page->rows.front())))
            ctx.finding({.expected = "exactly one of the " + of + " on " + page_text(1, 1),
                         .actual = std::to_string(page->rows.size()) + " rows" +
                                   (page->rows.size() == 1 ? ", not one of them" : ""),
                         .exchange = one.response.exchange});
    const auto past = read(1, kRows + 1);
    if (const auto* page = refused.served(ctx, past, page_text(1, kRows + 1)))
        expect_empty(ctx, *page, past, page_text(1, kRows + 1), of);
    const auto all = read(kInt32Max, 1);
    if (const auto* page = refused.served(ctx, all, page_text(kInt32Max, 1))) {
        std::set<std::string> got;
        for (const auto& row : page->rows) got.insert(key_of(record, row));
        const bool clamped = page->rows.size() < ours.size() && page->total == static_cast<long long>(ours.size());
        if (clamped)
            ctx.observe(page_text(kInt32Max, 1) + " served as pages of " + std::to_string(page->rows.size()) +
                            " rows (a cap that clamps: A-81)",
                        all.response.exchange);
        else if (got != ours || page->rows.size() != ours.size())
            ctx.finding({.expected = "all " + of + " on " + page_text(kInt32Max, 1) + ", each once",
                         .actual = std::to_string(page->rows.size()) + " rows, " +
                                   std::to_string(std::count_if(ours.begin(), ours.end(),
                                                                [&](const auto& k) { return got.contains(k); })) +
                                   " of them",
                         .exchange = all.response.exchange});
    }
    for (const auto& bound : kFarPages) {
        const std::string what = page_text(bound.size, bound.number) + " (" + bound.why + ")";
        const auto r = read(bound.size, bound.number);
        if (const auto* page = refused.served(ctx, r, what)) expect_empty(ctx, *page, r, what, of);
    }
}

/// Whether `page` (asked with PageSize `asked`) holds the whole feed: fewer rows than asked, and no more than its
/// TotalRowsCount says there are (a clamping cap serves fewer than asked of a longer feed: A-81).
bool whole_feed(const client::ListPage& page, long long asked) {
    const auto rows = static_cast<long long>(page.rows.size());
    return rows < asked && (!page.total || *page.total <= rows);
}

/// GET sync after `last_utc_run` (the instant of a record written before the check's others, which `ours` are: those
/// whose dat_ultvar lies after it, A-20) at the bounds. Other writers may add rows to the feed, never take them away.
void feed_bounds(Context& ctx, const Record& record, const std::string& last_utc_run, const std::set<std::string>& ours,
                 Refusals& refused) {
    const auto read = [&](long long size, long long number) {
        return ctx.api.sync_get(kWriter, record.name, last_utc_run, {std::nullopt, size, number});
    };
    const std::string feed = "GET sync/" + record.name + "?LastUtcRun=" + last_utc_run;
    const auto one = read(1, 1);
    if (const auto* page = refused.served(ctx, one, feed + " " + page_text(1, 1)); page && !ours.empty())
        if (page->rows.size() != 1)
            ctx.finding({.expected = "one row on " + page_text(1, 1) + " of " + feed + ", which holds at least the " +
                                     std::to_string(ours.size()) + " records written after it",
                         .actual = std::to_string(page->rows.size()) + " rows",
                         .exchange = one.response.exchange});
    const auto all = read(kInt32Max, 1);
    if (const auto* page = refused.served(ctx, all, feed + " " + page_text(kInt32Max, 1));
        page && whole_feed(*page, kInt32Max)) {
        std::set<std::string> got;
        for (const auto& row : page->rows) got.insert(key_of(record, row));
        for (const auto& key : ours)
            if (!got.contains(key))
                ctx.finding({.expected = "every record written after LastUtcRun on " + page_text(kInt32Max, 1) +
                                         " of " + feed + ", which holds the whole feed (000 §4.3)",
                             .actual = key + " missing",
                             .exchange = all.response.exchange});
    }
    for (const auto& bound : kFarPages) {
        const std::string what = page_text(bound.size, bound.number) + " of " + feed + " (" + bound.why + ")";
        const auto r = read(bound.size, bound.number);
        if (const auto* page = refused.served(ctx, r, what)) expect_empty(ctx, *page, r, what, "rows of any feed");
    }
}

/// The longest RecordSelection the harness's own reads send (kMaxOwnSelection characters, kMostOwnSelections keys
/// joined with "or", as read_back joins them): the check's rows' keys first, then keys of its namespace never written.
/// It selects exactly the check's rows (000 §4.1 rule 1).
void longest_selection(Context& ctx, const Record& record, const std::vector<json>& rows,
                       const std::set<std::string>& ours, Refusals& refused) {
    std::string selection;
    std::size_t keys = 0;
    for (std::size_t i = 0; keys < kMostOwnSelections; ++i, ++keys) {
        json key = rows[i % rows.size()];
        if (i >= rows.size()) key["cod_clifor"] = ctx.prefix + "n" + std::to_string(i);  // never written
        const std::string next = (selection.empty() ? "(" : " or (") + key_selection(record, key) + ")";
        if (selection.size() + next.size() > kMaxOwnSelection) break;
        selection += next;
    }
    const std::string what = "a RecordSelection of " + std::to_string(selection.size()) + " characters (" +
                             std::to_string(keys) + " keys joined with or)";
    const auto r = ctx.api.list(kWriter, record.name, {selection, page_size(ctx), 1});
    const auto* page = refused.served(ctx, r, what);
    if (!page) return;
    std::multiset<std::string> got;
    for (const auto& row : page->rows) got.insert(key_of(record, row));
    if (got != std::multiset<std::string>(ours.begin(), ours.end()))
        ctx.finding({.expected = "exactly the " + std::to_string(ours.size()) + " records of the check for " + what +
                                 " (000 §4.1 rule 1)",
                     .actual = std::to_string(page->rows.size()) + " rows",
                     .exchange = r.response.exchange,
                     .counterexample = selection});
}

/// LIM-01: an anchor record, then kRows records under one marker; GET resources with the marker and GET sync after the
/// anchor's instant at the page bounds, and the longest selection of their keys.
void paging_bounds(Context& ctx) {
    const Record& record = record_of(ctx, "CliFor");
    const Field* field = marker_field(record);
    if (!field) throw CheckError("CliFor has no field that can carry a marker");
    auto rows = sample_records(ctx, record, kRows + 1, 71);
    const json anchor = rows.back();
    rows.pop_back();
    const std::string text = marker(ctx, "bounds");
    for (auto& r : rows) r[field->name] = text;
    const std::string selection = field->name + " = " + sql_text(text);
    send_or_error(ctx, record, json::array({anchor}));
    const auto writes_from = std::chrono::steady_clock::now() + kClockStep;
    const std::string last_utc_run = last_utc_run_after(ctx, record, {read_one(ctx, record, anchor)});
    std::this_thread::sleep_until(writes_from);
    send_or_error(ctx, record, json(rows));
    // The rows as the target returns them (keys, dat_ultvar) come from one read of the marker.
    const auto written = read_all(ctx, kWriter, record.name, selection);
    std::set<std::string> ours, after;
    const auto anchor_at = dat_ultvar_of(json{{"dat_ultvar", last_utc_run}});
    for (const auto& row : written) {
        ours.insert(key_of(record, row));
        if (const auto at = dat_ultvar_of(row); at && anchor_at && *at > *anchor_at) after.insert(key_of(record, row));
    }
    if (ours.size() != static_cast<std::size_t>(kRows))
        throw CheckError("reading the check's " + std::to_string(kRows) + " records with " + selection + ": got " +
                         std::to_string(written.size()) + " rows (PAG-01 judges that)");
    Refusals refused;
    resource_bounds(ctx, record, selection, ours, refused);
    feed_bounds(ctx, record, last_utc_run, after, refused);
    longest_selection(ctx, record, written, ours, refused);
    refused.observe(ctx, "page bounds (a cap: A-08, A-81)");
}

/// Rows of a feed after kLastInstant: none of the check's, and none that shows a dat_ultvar not after it.
void expect_nothing_after_last(Context& ctx, const Record& record, const json& mine, Refusals& refused) {
    const auto r = ctx.api.sync_get(kWriter, record.name, kLastInstant, {std::nullopt, page_size(ctx), 1});
    const std::string what = "GET sync/" + record.name + "?LastUtcRun=" + kLastInstant;
    const auto* page = refused.served(ctx, r, what);
    if (!page) return;
    const auto last = dat_ultvar_of(json{{"dat_ultvar", kLastInstant}});
    for (std::size_t i = 0; i < page->rows.size(); ++i) {
        const json& row = page->rows[i];
        const auto at = dat_ultvar_of(row);
        const bool own = key_of(record, row) == key_of(record, mine);
        if (!own && (!at || (last && *at > *last))) continue;
        ctx.finding({.expected = what + " returns no record changed before that instant (000 §4.3: the records "
                                        "changed after LastUtcRun)",
                     .actual = own ? "the check's record, written just now"
                                   : "a record whose dat_ultvar is " + row.value("dat_ultvar", json()).dump(),
                     .pointer = "/" + std::to_string(i),
                     .exchange = r.response.exchange});
        return;
    }
}

/// The feed after `instant` (each record changed after it: every record) holds the check's record when it is read
/// whole, and at least the `listed` rows GET resources counted before it when it is not (rows are never removed, 000
/// §1; ).
void expect_everything_after(Context& ctx, const Record& record, const char* instant, const json& mine,
                             std::optional<long long> listed, Refusals& refused) {
    const std::string what = "GET sync/" + record.name + "?LastUtcRun=" + instant;
    const PageRead read = [&](long long size, long long number) {
        return ctx.api.sync_get(kWriter, record.name, instant, {std::nullopt, size, number});
    };
    if (!refused.served(ctx, read(1, 1), what)) return;
    const Sample feed = read_sample(ctx, "reading " + what, read, 2, 73);
    if (feed.whole) {
        const auto settled = settle_pages(ctx, record, what, pages_of(feed), read, {mine});
        const bool found = std::any_of(settled.rows.begin(), settled.rows.end(),
                                       [&](const json& row) { return key_of(record, row) == key_of(record, mine); });
        if (!found && settled.counts_judged)
            ctx.finding({.expected = what + " returns every record changed after it, the check's record too",
                         .actual = "not among its " + std::to_string(feed.rows.size()) + " rows"});
    }
    if (!listed) return;
    const auto at_least = rows_at_least(ctx, what, feed, read, *listed);
    if (!at_least.holds)
        ctx.finding({.expected = what + " returns every record: at least the " + thousands(*listed) +
                                 " GET /api/resources/" + record.name + " counted before it (A-10, A-113)",
                     .actual = "page " + thousands(at_least.page) + " of PageSize " + thousands(feed.page_size) +
                               " holds " + thousands(at_least.rows) + " rows",
                     .exchange = at_least.exchange});
}

/// LIM-02: one record written; the feed after the last instant of datetime holds nothing, the feeds after the first
/// of datetime and of datetime2 everything (when served).
void instant_bounds(Context& ctx) {
    const Record& record = record_of(ctx, "CliFor");
    const json mine = sample_records(ctx, record, 1, 79).front();
    send_or_error(ctx, record, json::array({mine}));
    read_one(ctx, record, mine);  // SYN-01's rule: without it, nothing must be in any feed
    Refusals refused;
    expect_nothing_after_last(ctx, record, mine, refused);
    const auto counted = ctx.api.list(kWriter, record.name, {std::nullopt, 1, 1});
    const auto listed = ctx.page_of(counted, "reading " + record.name + "'s TotalRowsCount").total;
    for (const char* instant : {kFirstDatetime, kFirstDatetime2})
        expect_everything_after(ctx, record, instant, mine, listed, refused);
    refused.observe(ctx, "LastUtcRun at the ends of datetime and datetime2 (A-122)");
}

/// The feed after `last_utc_run` (the instant of `before`'s records) leaves them out, unchanged since, and holds
/// `one` when the target's own instant of it lies after.
void expect_only_one_changed(Context& ctx, const Record& record, const std::string& last_utc_run,
                             const std::vector<json>& before, const json& one, const json& one_back) {
    const auto anchor = dat_ultvar_of(json{{"dat_ultvar", last_utc_run}});
    const auto one_at = dat_ultvar_of(one_back);
    const bool required = one_at && anchor && *one_at > *anchor;
    const auto feed =
        read_settled_feed(ctx, kWriter, record, last_utc_run, required ? std::vector<json>{one} : std::vector<json>{});
    bool one_found = false;
    for (const auto& row : feed.rows) {
        const std::string key = key_of(record, row);
        one_found = one_found || key == key_of(record, one);
        for (const auto& b : before)
            if (key == key_of(record, b) && dat_ultvar_of(row) != anchor)
                ctx.finding({.expected = "GET sync/" + record.name + "?LastUtcRun=" + last_utc_run + " leaves out " +
                                         key_selection(record, b) +
                                         ", written before that instant and by no block since: an empty block and a "
                                         "block of another record change nothing else (000 §4.3, §4.4)",
                             .actual = "it is returned, dat_ultvar " + row.value("dat_ultvar", json()).dump()});
    }
    if (!one_found && required && feed.counts_judged)
        ctx.finding({.expected = "GET sync/" + record.name + "?LastUtcRun=" + last_utc_run + " returns " +
                                 key_selection(record, one) + ", sent alone after that instant (000 §4.3)",
                     .actual = "it is missing"});
}

/// LIM-03: two records written and their instant taken; an empty block, then a block of one new record: the empty one
/// answered 200 or refused, the one record accepted and read back as sent, the two unchanged and not in the feed after
/// their instant.
void block_bounds(Context& ctx) {
    const Record& record = record_of(ctx, "CliFor");
    const auto records = sample_records(ctx, record, 3, 83);
    const std::vector<json> before(records.begin(), records.begin() + 2);
    const json& one = records[2];
    send_or_error(ctx, record, json(before));
    const auto writes_from = std::chrono::steady_clock::now() + kClockStep;
    const std::string last_utc_run = last_utc_run_after(ctx, record, read_each(ctx, record, {&before[0], &before[1]}));
    std::this_thread::sleep_until(writes_from);
    const auto empty = ctx.answered(ctx.sync(kWriter, record.name, json::array()));
    ctx.observe("an empty block []: " + status_text(empty) + (empty.status >= 500 ? " (LIM-05)" : "") + " (A-30)",
                empty.exchange);
    if (client::is_success(empty.status) && empty.status != 200)
        ctx.finding({.expected = "status 200 for an empty block accepted (000 §4.4 Success), or a refusal (A-30)",
                     .actual = status_text(empty),
                     .exchange = empty.exchange});
    if (!expect_status(ctx, ctx.sync(kWriter, record.name, json::array({one})), 200,
                       "POST sync of a block of one valid CliFor record"))
        return;
    const auto backs = read_back(ctx, record, {&before[0], &before[1], &one});
    judge_read_back(ctx, record, before[0], "a record written before the empty block", backs[0]);
    judge_read_back(ctx, record, before[1], "a record written before the empty block", backs[1]);
    const auto one_back = judge_read_back(ctx, record, one, "the record of a block of one", backs[2]);
    expect_only_one_changed(ctx, record, last_utc_run, before, one, one_back.value_or(json()));
}

}  // namespace
}  // namespace limits

std::vector<Check> limit_value_checks();

// clang-format off
std::vector<Check> limits_checks() {
    std::vector<Check> out{
        {.id = "LIM-01", .title = "PageSize, PageNumber and RecordSelection at their bounds: what is served is exact",
         .spec = "000 §4.1 PageSize, PageNumber int32; §4.3; §8; A-08, A-81, A-121",
         .verifies = {"000-4.1-pagenumber", "000-4.1-pagesize", "000-8-pages-start-at-1", "000-4.3-pagination",
                      "000-4.1-rule1-selection"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .chain = 22, .run = limits::paging_bounds},
        {.id = "LIM-02", .title = "LastUtcRun at the ends of datetime and datetime2: nothing after the last, all after the first",
         .spec = "000 §4.3 LastUtcRun; A-10, A-113, A-122",
         .verifies = {"000-4.3-lastutcrun", "000-4.3-response-200"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .chain = 12, .run = limits::instant_bounds},
        {.id = "LIM-03", .title = "An empty block changes nothing; a block of one record lands as sent and changes nothing else",
         .spec = "000 §1; §4.3; §4.4; A-30",
         .verifies = {"000-1-sync-body-array", "000-4.4-body", "000-4.4-success", "000-4.3-response-200"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .run = limits::block_bounds},
    };
    for (auto& check : limit_value_checks()) out.push_back(std::move(check));
    return out;
}
// clang-format on

}  // namespace bds::suites
