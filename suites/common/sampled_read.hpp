#pragma once
/// Bounded reads of what a target holds (docs/architecture.md, "Reads of a target's data"): a list or change feed
/// whose size depends on the target rather than on what the check wrote is read as a sample of its pages (the
/// first, the last TotalRowsCount implies, a few between them drawn from the check's seed), never whole; a small
/// one is read whole.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "run/context.hpp"

namespace bds::suites {

/// Pages one sample reads at most, the first and the last included.
inline constexpr int kSamplePages = 5;

/// The pages of one bounded read.
struct Sample {
    std::vector<nlohmann::json> rows;  ///< the rows of the pages read, page after page
    std::vector<long long> pages;      ///< the numbers of the pages read, ascending
    std::vector<long long> counts;     ///< the rows each of them held (parallel to `pages`)
    long long page_size = 0;           ///< the PageSize of the pages: what the target serves (A-81)
    std::optional<long long> total;    ///< TotalRowsCount of page 1, when it shows one
    long long page_count = 1;          ///< the pages TotalRowsCount implies (those read, without one)
    bool whole = false;                ///< every page was read: the last one short, or TotalRowsCount's rows reached

    /// The rows page `number` held, or nullopt when it was not read.
    std::optional<long long> rows_on(long long number) const;
    /// What was read, for the report: "pages 1, 57 and 113 of 113 of PageSize 100 (300 of 11,250 rows)", or
    /// "every page: 2 of PageSize 100 (150 rows)".
    std::string text() const;
};

/// One page of a read: (PageSize, PageNumber) → the answer.
using PageRead = std::function<client::ListResult(long long size, long long number)>;

/// Reads page 1 with the run's page size (asked again with less when the target refuses it, and read on with what
/// it serves when it clamps, as read_all does). When TotalRowsCount implies at most `max_pages` pages,
/// reads the others in turn, as read_all would; else the last page and max_pages - 2 pages between, chosen from the
/// check's seed and `salt` (the same pages every run with that seed). CheckError when a page cannot be read or holds
/// more than max_rows_read rows. `what` names the read in messages.
Sample read_sample(Context& ctx, const std::string& what, const PageRead& read, int max_pages, std::uint64_t salt);

/// read_sample of GET /api/resources/{resource} where `selection` (every row without one).
Sample sample_list(Context& ctx, const std::string& role, const std::string& resource,
                   const std::optional<std::string>& selection, int max_pages, std::uint64_t salt);
/// read_sample of GET /api/sync/{resource} after `last_utc_run` (000 §4.3).
Sample sample_feed(Context& ctx, const std::string& role, const std::string& resource, const std::string& last_utc_run,
                   int max_pages, std::uint64_t salt);

/// Whether a read holds at least `n` rows, by its pages: page ceil(n / page_size), where its n-th row falls, must hold
/// at least n - (page - 1) x page_size rows (pages hold PageSize rows, the last one fewer, and start at 1: 000 §4.1,
/// §4.3, §8), never by its TotalRowsCount. The page is taken from `sample` when it was read, else read with `read`.
struct RowsAtLeast {
    bool holds = true;
    long long page = 0;                        ///< the page judged (0 when n is 0)
    long long rows = 0;                        ///< the rows it held
    std::optional<client::Exchange> exchange;  ///< its answer, when it was read for this
};
RowsAtLeast rows_at_least(Context& ctx, const std::string& what, const Sample& sample, const PageRead& read,
                          long long n);

/// The pages a sample of `page_count` pages reads: every one when they are at most `max_pages` (at least 2); else
/// 1, `page_count` and max_pages - 2 distinct pages between them drawn from `seed`; ascending.
std::vector<long long> sampled_pages(long long page_count, int max_pages, std::uint64_t seed);

/// `n` with a comma between thousands: "11,250".
std::string thousands(long long n);

}  // namespace bds::suites
