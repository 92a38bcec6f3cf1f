// Suite "pagination" (000 §4.1, §8): pages partition the result, TotalRowsCount counts every matching row
// on every page, pages start at 1, PageSize is respected, the page past the end is empty.
#include <rapidcheck.h>

#include <algorithm>
#include <map>
#include <set>

#include "oracle/compare.hpp"
#include "run/block_property.hpp"
#include "suites/registry.hpp"
#include "suites/common/support.hpp"

namespace bds::suites {
namespace {

constexpr int kMarkedRows = 7;

/// Records of this check, all carrying one marker, so `field = 'marker'` (the seeds' own shape) selects
/// exactly them.
struct Marked {
    const Record* record;
    std::vector<json> rows;
    std::string selection;
};

Marked write_marked(Context& ctx, const std::string& resource, const std::string& purpose) {
    const Record& record = record_of(ctx, resource);
    const Field* field = marker_field(record);
    if (!field) throw CheckError(resource + " has no field that can carry a marker");
    Marked m{&record, sample_records(ctx, record, kMarkedRows, 11), ""};
    const std::string text = marker(ctx, purpose);
    for (auto& r : m.rows) r[field->name] = text;
    m.selection = field->name + " = " + sql_text(text);
    const auto r = ctx.sync(client::kWriter, resource, m.rows);
    if (r.transport_failed() || r.status != 200)
        throw CheckError("writing the check's " + std::to_string(kMarkedRows) + " " + resource +
                             " records: expected 200, got " +
                             (r.transport_failed() ? r.exchange.error : std::to_string(r.status)),
                         r.exchange);
    return m;
}

/// The key of a returned row as text (for overlap and gap detection), as a case-sensitive unique index
/// compares it: the spelling a target returns is the same on every page.
std::string key_text(const Record& record, const json& row) {
    return oracle::index_key(record, row, Collation::CaseSensitive);
}

/// Reads every page of `selection` with `size` and checks the pages against `expected` rows: each page at
/// most `size` rows, TotalRowsCount = expected on every page that shows it, no row twice, none missing, no
/// other row, and the page after the last one empty. A target whose cap is below `size` may serve fewer rows
/// when page 1 holds fewer than asked while TotalRowsCount says there are more, the pages are judged
/// as pages of what it served.
void check_pages(Context& ctx, const Record& record, const std::optional<std::string>& selection, long long size,
                 const std::set<std::string>& expected) {
    std::set<std::string> seen;
    const auto n = static_cast<long long>(expected.size());
    long long served = size;  // the page size the target uses
    for (long long number = 1; number <= (n + served - 1) / served + 1; ++number) {
        const auto r = ctx.api.list(client::kWriter, record.name, {selection, size, number});
        const std::string what = "page " + std::to_string(number) + " of PageSize " + std::to_string(size);
        if (!expect_status(ctx, r.response, 200, what)) return;
        if (!r.page) {
            ctx.fail(
                {.expected = "a list response (" + what + ")", .actual = r.problem, .exchange = r.response.exchange});
        }
        const auto& page = *r.page;
        const auto rows = static_cast<long long>(page.rows.size());
        if (number == 1 && rows > 0 && rows < std::min(size, n) && page.total && *page.total == n) {
            served = rows;
            ctx.observe("PageSize " + std::to_string(size) + " served as pages of " + std::to_string(served) +
                            " rows (a cap that clamps: A-81)",
                        r.response.exchange);
        }
        const long long pages = (n + served - 1) / served;
        const long long want = number <= pages ? std::min(served, n - (number - 1) * served) : 0;
        if (rows != want)
            ctx.finding({.expected = std::to_string(want) + " rows on " + what + " of " + std::to_string(n) +
                                     " matching rows" +
                                     (served != size ? " (pages of " + std::to_string(served) + " as served)" : ""),
                         .actual = std::to_string(rows) + " rows",
                         .exchange = r.response.exchange});
        if (page.total && *page.total != n)
            ctx.finding({.expected = "TotalRowsCount " + std::to_string(n) + " (every matching row) on " + what,
                         .actual = "TotalRowsCount " + std::to_string(*page.total),
                         .pointer = "/TotalRowsCount",
                         .exchange = r.response.exchange});
        for (std::size_t i = 0; i < page.rows.size(); ++i) {
            const std::string key = key_text(record, page.rows[i]);
            if (!expected.contains(key))
                ctx.finding({.expected = "only rows matching the selection",
                             .actual = "a row that is not one of them: " + key,
                             .pointer = "/" + std::to_string(i),
                             .exchange = r.response.exchange});
            else if (!seen.insert(key).second)
                ctx.finding({.expected = "each row on exactly one page",
                             .actual = "row " + key + " again on " + what,
                             .pointer = "/" + std::to_string(i),
                             .exchange = r.response.exchange});
        }
    }
    for (const auto& key : expected)
        if (!seen.contains(key))
            ctx.finding({.expected = "every matching row on some page of PageSize " + std::to_string(size),
                         .actual = "row " + key + " on none"});
}

std::set<std::string> keys_of(const Record& record, const std::vector<json>& rows) {
    std::set<std::string> out;
    for (const auto& r : rows) out.insert(key_text(record, r));
    return out;
}

void partition_with_selection(Context& ctx) {
    const Marked m = write_marked(ctx, "CliFor", "pages");
    // The keys as the target returns them (padding, case) come from one unpaged read.
    const auto all = read_all(ctx, client::kWriter, "CliFor", m.selection);
    const auto expected = keys_of(*m.record, all);
    if (expected.size() != static_cast<std::size_t>(kMarkedRows))
        ctx.fail({.expected = std::to_string(kMarkedRows) + " rows matching " + m.selection + " after writing them",
                  .actual = std::to_string(expected.size()) + " rows"});
    for_all_staged(ctx, "pages partition the selected rows", [&] {
        const long long size = *rc::gen::inRange<long long>(1, kMarkedRows + 3);
        return StagedCase{
            [&m, &expected, size](Context& ctx) { check_pages(ctx, *m.record, m.selection, size, expected); },
            {},
            static_cast<std::size_t>((kMarkedRows + size - 1) / size + 1)};  // its pages and the empty one after
    });
}

void partition_without_selection(Context& ctx) {
    // A small resource, so that reading it whole stays cheap; retried when the data changes meanwhile.
    const Record& record = record_of(ctx, "CondPagam");
    if (!ctx.target.read_only) write_marked(ctx, record.name, "pages");
    const auto still = ctx.api.still(record.name);  // the run's other writers wait; other clients may still write
    long long moved = 0;
    for (int attempt = 0; attempt < 3; ++attempt) {
        const auto first = ctx.api.list(client::kWriter, record.name, {std::nullopt, 1, 1});
        const auto& page = ctx.page_of(first, "reading " + record.name);
        if (!page.total)
            ctx.skip(
                record.name +
                " is empty and the envelope shows TotalRowsCount only on rows: run it where the writer's tenant holds " +
                record.name + " rows");
        if (*page.total > 2000)
            ctx.skip(
                record.name + " holds " + std::to_string(*page.total) +
                " rows: too many to page through whole (PAG-01 pages a selection instead); --exclude PAG-02 accepts that");
        const auto all = read_all(ctx, client::kWriter, record.name, std::nullopt);
        const auto expected = keys_of(record, all);
        const FindingsMark findings = ctx.findings_mark();
        const long long size = std::max<long long>(1, static_cast<long long>(expected.size()) / 3);
        check_pages(ctx, record, std::nullopt, size, expected);
        // A count that moved means someone else wrote meanwhile: try again rather than blame the target.
        const auto last = ctx.api.list(client::kWriter, record.name, {std::nullopt, 1, 1});
        const auto total = ctx.page_of(last, "reading " + record.name).total;
        if (total == page.total) return;
        moved += total ? *total - *page.total : 0;
        ctx.take_findings(findings);
    }
    ctx.skip("not judged: " + std::to_string(moved) + " " + record.name +
             " rows written meanwhile by other clients, three times while it was paged: run it again while nothing "
             "else writes " +
             record.name);
}

void pages_start_at_one(Context& ctx) {
    const Marked m = write_marked(ctx, "CliFor", "first");
    // The written keys are distinct even case-folded (sample_records), so exactly kMarkedRows rows match. A target with
    // a smaller cap that clamps serves them on more pages: pages from 1 on hold them all.
    std::size_t rows = 0;
    std::optional<client::Exchange> first;
    for (long long number = 1; number <= kMarkedRows + 1 && rows < m.rows.size(); ++number) {
        const auto r = ctx.api.list(client::kWriter, "CliFor", {m.selection, kMarkedRows, number});
        if (!expect_status(ctx, r.response, 200, "PageNumber=" + std::to_string(number))) return;
        if (!r.page) ctx.fail({.expected = "a list response", .actual = r.problem, .exchange = r.response.exchange});
        if (!first) first = r.response.exchange;
        rows += r.page->rows.size();
        if (r.page->rows.size() == m.rows.size() || r.page->rows.empty() || !r.page->total ||
            *r.page->total != kMarkedRows)
            break;
    }
    if (rows != m.rows.size())
        ctx.finding({.expected = "PageNumber=1 with PageSize=" + std::to_string(kMarkedRows) +
                                 " (and the pages after it, if the target serves fewer) gives all " +
                                 std::to_string(m.rows.size()) + " rows written (pages start at 1)",
                     .actual = std::to_string(rows) + " rows",
                     .exchange = first});
    const auto zero = ctx.api.list(client::kWriter, "CliFor", {m.selection, kMarkedRows, 0});
    ctx.answered(zero.response);
    ctx.observe("PageNumber=0 is answered " + std::to_string(zero.response.status) +
                    (zero.page ? " with " + std::to_string(zero.page->rows.size()) + " rows" : std::string()) +
                    " (A-09)",
                zero.response.exchange);
}

/// How `read` orders the rows `written` (in that order): by key as a case-insensitive unique index sorts it, as
/// written, or neither (the seeds show no order, A-11).
std::string row_order(const Record& record, const std::vector<json>& written, const std::vector<json>& read) {
    std::vector<std::string> got, as_written, by_key;
    for (const auto& row : read) got.push_back(oracle::index_key(record, row, Collation::CaseInsensitive));
    for (const auto& row : written) as_written.push_back(oracle::index_key(record, row, Collation::CaseInsensitive));
    by_key = as_written;
    std::sort(by_key.begin(), by_key.end());
    if (got == by_key && got == as_written) return "by key, which is also the order written";
    if (got == by_key) return "by key";
    if (got == as_written) return "in the order written";
    return "neither by key nor in the order written";
}

void unpaged(Context& ctx) {
    const Marked m = write_marked(ctx, "CliFor", "unpaged");
    const auto r = ctx.api.list(client::kWriter, "CliFor", {m.selection, std::nullopt, std::nullopt});
    ctx.answered(r.response);
    if (r.page)
        ctx.observe("a list comes as " +
                    (r.page->envelope == client::EnvelopeSetting::Object
                         ? "an object with TotalRowsCount and its rows in \"" + r.page->rows_member + "\""
                     : r.page->envelope == client::EnvelopeSetting::Header
                         ? std::string("an array, TotalRowsCount in a header")
                         : std::string("an array whose rows carry TotalRowsCount")) +
                    " (A-07, A-80)");
    if (r.page && r.page->rows.size() == m.rows.size())
        ctx.observe("row order (A-11): " + row_order(*m.record, m.rows, r.page->rows));
    ctx.observe(
        "no PageSize: " + std::to_string(r.response.status) +
            (r.page ? ", " + std::to_string(r.page->rows.size()) + " of " + std::to_string(kMarkedRows) + " rows"
                    : std::string()) +
            " (A-08)",
        r.response.exchange);
    const auto alone = ctx.api.list(client::kWriter, "CliFor", {m.selection, std::nullopt, 2});
    ctx.answered(alone.response);
    ctx.observe("PageNumber without PageSize: " + std::to_string(alone.response.status) +
                    (alone.page ? ", " + std::to_string(alone.page->rows.size()) + " rows" : std::string()) + " (A-09)",
                alone.response.exchange);
    // Parameter names in another case: pagesize=1 read as PageSize, or ignored.
    const std::string lower = client::list_target("/api/resources/CliFor", {m.selection, std::nullopt, std::nullopt}) +
                              "&pagesize=1&pagenumber=1";
    const auto cased = ctx.api.read(ctx.answered(ctx.api.authed(client::kWriter, "GET", lower)));
    ctx.observe("pagesize=1&pagenumber=1 (names in lower case): " + status_text(cased.response) +
                    (cased.page ? ", " + std::to_string(cased.page->rows.size()) + " of " +
                                      std::to_string(kMarkedRows) + " rows"
                                : std::string()) +
                    " (A-45)",
                cased.response.exchange);
    // The largest PageSize: large ones asked for the same few rows.
    std::string large;
    for (const long long size : {1000LL, 10000LL, 100000LL}) {
        const auto r = ctx.api.list(client::kWriter, "CliFor", {m.selection, size, 1});
        ctx.answered(r.response);
        large += (large.empty() ? "" : ", ") + std::to_string(size) + " → " + std::to_string(r.response.status);
    }
    const auto lowered = ctx.api.page_size().lowered();
    ctx.observe(
        "large PageSize: " + large +
        (lowered ? "; this run reads with PageSize " + std::to_string(*lowered) + " (the target serves no more)" : "") +
        " (A-08, A-81)");
}

}  // namespace

// clang-format off
std::vector<Check> pagination_checks() {
    return {
        {.id = "PAG-01",
         .title = "Pages of a selection partition it; TotalRowsCount counts every matching row on every page",
         .spec = "000 §4.1 PageSize, PageNumber; §4.1 Response 200",
         .verifies = {"000-4.1-pagenumber", "000-4.1-pagesize", "000-4.1-response-200", "000-4.1-rule1-selection",
                      "000-8-pages-start-at-1", "000-1-cap2-list", "000-4-get-resources"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .chain = 61, .run = partition_with_selection},
        {.id = "PAG-02", .title = "Pages of a whole resource partition it", .spec = "000 §4.1; §8",
         .verifies = {"000-4.1-pagesize", "000-4.1-pagenumber", "000-8-pages-start-at-1"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"CondPagam"}, .own_rows = true, .run = partition_without_selection},
        {.id = "PAG-03", .title = "Pages start at 1", .spec = "000 §8",
         .verifies = {"000-8-pages-start-at-1", "000-4.1-pagenumber"}, .level = Level::Must, .needs = {client::kWriter},
         .resources = {"CliFor"}, .writes = true, .own_rows = true, .run = pages_start_at_one},
        {.id = "PAG-04", .title = "Without PageSize, and with a large one: what comes back?",
         .spec = "000 §8; A-08, A-09, A-81, A-82", .verifies = {"000-8-pagesize-not-shown"}, .level = Level::Observe,
         .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true, .run = unpaged},
    };
}
// clang-format on

}  // namespace bds::suites
