#pragma once
/// A record of the check's own missing from a read of several pages, or there twice, is judged only where nothing moved
/// the pages (docs/architecture.md, "A busy, shared staging server"; A-123). A feed paged by OFFSET/FETCH over an order
/// that others' writes change (rows entering it before the page read next, an updated row moving to its end) repeats
/// the row at a page boundary, or skips one, without breaking a rule of the seeds. The run holds its own writers still
/// (client::WriteGate); other runs and clients are not held. So when a read of several pages holds a record of `once`
/// other than once, it is first read again page by page: the same pages, row for row, show that nothing moved them
/// (rows are never removed, 000 §1, and every write changes a row's dat_ultvar, so no change is undone unseen), and the
/// read is judged as it came. Pages that differ moved: the read is then taken again as one page holding the whole of
/// it, which nothing can shift (fewer rows than its PageSize, as many as its TotalRowsCount), and judged on that. When
/// neither can be had (a cap on PageSize, A-08), which records come once is not judged, and the check observes so.
#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "run/context.hpp"
#include "suites/common/sampled_read.hpp"
#include "suites/common/support.hpp"

namespace bds::suites {

/// The rows a judgement of "once" and "missing" reads, and whether it may judge them.
struct SettledRows {
    std::vector<nlohmann::json> rows;  ///< the read's rows, or one page read again that holds them all
    /// False when the pages moved under another writer and could not be read again as one page: whether each record
    /// of `once` comes once (or at all) is not judged on these rows; what they show of a record is.
    bool counts_judged = true;
};

/// The most rows of the one page a moved read is read again as: a few hundred rows of the largest resources are a few
/// MB, within what one read takes in (kMaxBytesOfOneRead).
inline constexpr long long kMostRowsOfOnePage = 1000;

/// `paged` (read by `read`: PageSize, PageNumber → the answer) as a judgement of the records of `once` reads it: as
/// it came when it is one page, holds each of them once (by key, under the target's collation), or came the same when
/// read again; else as one page read again; else not judged (`counts_judged` false, and an observation says why).
/// `what` names the read in that observation ("GET sync/CliFor?LastUtcRun=…"). The run's other writers of `record`
/// are held still meanwhile.
SettledRows settle_pages(Context& ctx, const Record& record, const std::string& what, PagedRows paged,
                         const PageRead& read, const std::vector<nlohmann::json>& once);

/// The change feed of `record` after `last_utc_run` read whole (read_feed_pages) and settled for the records of
/// `once` (settle_pages).
SettledRows read_settled_feed(Context& ctx, const std::string& role, const Record& record,
                              const std::string& last_utc_run, const std::vector<nlohmann::json>& once);

/// Runs `judge` first beside the run's other writers of `resource`, on a fork of ctx. Where it found nothing and says
/// what it read added up (true), that run is kept; else (a finding, an error, a skip, or false: its counts moved) it
/// runs again on ctx with those writers held still (client::Api::still), and that run is the check's. A hold costs
/// every writer of the resource a wait for the writes in flight and the hold (docs/architecture.md, "A far target"):
/// a judgement of pages or counts that their writes can move needs it only where what it read did not add up.
/// `judge` must only read: it may run twice.
void judge_still_if_needed(Context& ctx, const std::string& resource, const std::function<bool(Context&)>& judge);

/// The pages of a sample read whole (Sample::whole), for settle_pages.
PagedRows pages_of(const Sample& whole);

/// What the reads of one check settled: how many could judge their records' counts, and how many could not.
struct SettledTally {
    std::atomic<int> judged = 0;  ///< atomic: a block's resources are judged at once (parts_at_once)
    std::atomic<int> not_judged = 0;
    /// Counts `s` and passes it on.
    SettledRows add(SettledRows s);
    /// Skips the check when none of its reads could judge and one could not, and it found nothing: `rule` (what it
    /// judges, "each changed record once in the change feed") was then decided nowhere, so it neither passes nor fails.
    void skip_when_undecided(Context& ctx, const std::string& rule) const;
};

}  // namespace bds::suites
