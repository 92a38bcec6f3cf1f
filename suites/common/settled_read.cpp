#include "suites/common/settled_read.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "oracle/compare.hpp"

namespace bds::suites {
namespace {

using nlohmann::json;

/// Whether every record of `once` is among `rows` exactly once, by key.
bool each_once(const Record& record, const std::vector<json>& rows, const std::vector<json>& once,
               Collation collation) {
    std::map<std::string, int> times;
    for (const auto& r : once) times.emplace(oracle::index_key(record, r, collation), 0);
    for (const auto& row : rows)
        if (const auto it = times.find(oracle::index_key(record, row, collation)); it != times.end()) ++it->second;
    return std::all_of(times.begin(), times.end(), [](const auto& t) { return t.second == 1; });
}

/// The pages of `paged` read again with its PageSize: empty when each came row for row as before, else which did not.
std::string moved_pages(const PagedRows& paged, const PageRead& read) {
    std::size_t first = 0;
    for (std::size_t i = 0; i < paged.counts.size(); ++i) {
        const auto number = static_cast<long long>(i + 1);
        const auto r = read(paged.page_size, number);
        if (r.response.status != 200 || !r.page)
            return "page " + std::to_string(number) + " could not be read again (" +
                   (r.response.transport_failed() ? "no answer" : "status " + std::to_string(r.response.status)) + ")";
        const auto& rows = r.page->rows;
        const auto begin = paged.rows.begin() + static_cast<std::ptrdiff_t>(first);
        if (rows.size() != paged.counts[i] || !std::equal(rows.begin(), rows.end(), begin))
            return "page " + std::to_string(number) + " differed";
        first += paged.counts[i];
    }
    return "";
}

/// The whole read as one page: PageSize twice its rows (it may have grown since), within kMostRowsOfOnePage and the
/// target's declared cap. The page holds the whole of it when it holds fewer rows than asked and as many as its
/// TotalRowsCount says (a cap that clamps serves fewer than asked of a longer read, A-81). `why` says why not.
std::optional<std::vector<json>> one_page(Context& ctx, const PagedRows& paged, const PageRead& read,
                                          std::string& why) {
    const auto held = static_cast<long long>(paged.rows.size());
    long long size = std::min((2 * held + 99) / 100 * 100, kMostRowsOfOnePage);
    if (ctx.target.max_page_size) size = std::min<long long>(size, *ctx.target.max_page_size);
    if (size <= held) {
        why = "a page of more than " + std::to_string(held) + " rows is more than " +
              (ctx.target.max_page_size && *ctx.target.max_page_size < kMostRowsOfOnePage
                   ? "the target file's max_page_size"
                   : "the harness reads at once");
        return std::nullopt;
    }
    const auto r = read(size, 1);
    const std::string page = "PageSize " + std::to_string(size);
    if (r.response.status != 200 || !r.page) {
        why =
            page + ": " + (r.response.transport_failed() ? "no answer" : "status " + std::to_string(r.response.status));
        return std::nullopt;
    }
    const auto served = static_cast<long long>(r.page->rows.size());
    if (served >= size || !r.page->total || *r.page->total != served) {
        why = page + ": " + std::to_string(served) + " rows, TotalRowsCount " +
              (r.page->total ? std::to_string(*r.page->total) : std::string("not shown"));
        return std::nullopt;
    }
    return r.page->rows;
}

}  // namespace

SettledRows settle_pages(Context& ctx, const Record& record, const std::string& what, PagedRows paged,
                         const PageRead& read, const std::vector<json>& once) {
    const Collation collation = ctx.target.collation.value_or(Collation::CaseInsensitive);
    if (paged.counts.size() <= 1 || each_once(record, paged.rows, once, collation)) return {std::move(paged.rows)};
    const auto still = ctx.api.still(record.name);
    const std::string moved = moved_pages(paged, read);
    if (moved.empty()) return {std::move(paged.rows)};  // nothing moved them: judged as they came
    const std::string story = what + ": a record of this check came other than once on " +
                              std::to_string(paged.counts.size()) + " pages of PageSize " +
                              std::to_string(paged.page_size) + ", which moved meanwhile (read again, " + moved +
                              "): another writer";
    std::string why;
    if (auto whole = one_page(ctx, paged, read, why)) {
        ctx.observe(story + "; judged on one page holding the whole read (" + std::to_string(whole->size()) + " rows)");
        return {std::move(*whole)};
    }
    ctx.observe(story + ", and no one page held the whole read (" + why +
                "): whether each record comes once is not judged there");
    return {std::move(paged.rows), false};
}

void judge_still_if_needed(Context& ctx, const std::string& resource, const std::function<bool(Context&)>& judge) {
    {
        Context loose = ctx.fork(ctx.api);
        loose.connection = ctx.connection;  // its reads at once, as on ctx (one thread at a time uses them)
        bool added_up = false;
        try {
            added_up = judge(loose);
        } catch (...) {  // judged again held still, where it throws for good
        }
        ctx.chain_beyond += loose.chain_beyond;
        if (added_up && loose.findings.empty() && loose.findings_not_kept == 0) return ctx.merge(loose);
    }
    const auto still = ctx.api.still(resource);
    judge(ctx);
}

SettledRows read_settled_feed(Context& ctx, const std::string& role, const Record& record,
                              const std::string& last_utc_run, const std::vector<json>& once) {
    // Read as it comes, the run's other writers not held (holding them costs every writer of the resource a round
    // trip or more, on a far target): one page, or each record of `once` once, is judged so. Else it is settled with
    // them held still: read again page by page, whatever moved it meanwhile (the run's writers too) shows.
    PagedRows paged = read_feed_as_it_moves(ctx, role, record.name, last_utc_run);
    if (paged.counts.size() <= 1 ||
        each_once(record, paged.rows, once, ctx.target.collation.value_or(Collation::CaseInsensitive)))
        return {std::move(paged.rows)};
    const auto still = ctx.api.still(record.name);
    return settle_pages(
        ctx, record, "GET sync/" + record.name + "?LastUtcRun=" + last_utc_run, std::move(paged),
        [&](long long size, long long number) {
            return ctx.api.sync_get(role, record.name, last_utc_run, {std::nullopt, size, number});
        },
        once);
}

PagedRows pages_of(const Sample& whole) {
    PagedRows out{whole.rows, whole.page_size, {}};
    for (const long long count : whole.counts) out.counts.push_back(static_cast<std::size_t>(count));
    return out;
}

SettledRows SettledTally::add(SettledRows s) {
    ++(s.counts_judged ? judged : not_judged);
    return s;
}

void SettledTally::skip_when_undecided(Context& ctx, const std::string& rule) const {
    if (judged > 0 || not_judged == 0 || ctx.findings_mark().made() > 0) return;
    ctx.skip(rule + " was judged nowhere: the pages of each of its " + std::to_string(not_judged) +
             " reads moved under another writer, and none could be read again as one page (run it when the target is "
             "quieter, or where it serves a page of a few hundred rows: A-08)");
}

}  // namespace bds::suites
