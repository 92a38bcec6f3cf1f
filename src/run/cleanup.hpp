#pragma once
/// Sending back deleted what a run wrote (the seeds' only deletion, flg_isdeleted: 000 §1), as `conformance run`'s end
/// and `conformance clean` do (docs/reliability.md, "Cleaning up after a run"). A shared staging server is often busy:
/// each block is tried again, with growing pauses, for as long as the target answers anything; a block refused for its
/// size is sent in halves. Only when nothing gets through for a while, or the budget is spent, or an interrupt ends it,
/// does the clean-up give up, counting what is left.
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "client/api.hpp"
#include "run/journal.hpp"

namespace bds::run {

/// The budget of a clean-up: kCleanupBase plus kCleanupPerRecord for each record to send. A healthy target takes a
/// block of 200 in well under a second; the budget leaves a busy one ~10 s a block (5,000 records: 6 min 10 s).
inline constexpr std::chrono::seconds kCleanupBase{120};
inline constexpr std::chrono::milliseconds kCleanupPerRecord{50};
std::chrono::steady_clock::duration cleanup_budget(std::size_t records);

/// When nothing got through (a block taken or refused) for this long, or twice a request's whole deadline (3 ×
/// timeout_ms) if that is longer, the target is taken to be gone and the clean-up gives up.
inline constexpr std::chrono::seconds kCleanupStall{60};
std::chrono::steady_clock::duration cleanup_stall(int timeout_ms);

/// How long a clean-up may go on; shortened or ended from another thread (an interrupt). Thread-safe.
class CleanupBounds {
public:
    using Clock = std::chrono::steady_clock;
    /// Ends at `deadline` for `why` ("its budget of 370 s was spent").
    CleanupBounds(Clock::time_point deadline, std::string why);
    /// Ends by `by` at the latest, for `why` (an earlier end stays).
    void end_by(Clock::time_point by, const std::string& why);
    /// When the clean-up must end (the earliest of its budget and any end_by).
    Clock::time_point deadline() const;
    /// Whether that time has come.
    bool over() const;
    /// Why it ends (or ended).
    std::string why() const;

private:
    mutable std::mutex mutex_;
    Clock::time_point deadline_;
    std::string why_;
};

/// How the clean-up tries again.
struct CleanupPolicy {
    std::chrono::steady_clock::duration stall = kCleanupStall;
    /// The pause after a first failed try, doubled after each other, up to max_pause.
    std::chrono::milliseconds first_pause{250};
    std::chrono::milliseconds max_pause{8000};
    /// The longest Retry-After of a 429 waited for (longer: max_pause).
    std::chrono::milliseconds max_retry_after{60000};
    /// The wait before records whose write got no answer are deleted (CleanupBlock::uncertain).
    std::chrono::milliseconds settle{500};
};

/// (resource, whose write got no answer) → the records the target refused to take back deleted, its first answer.
using CleanupRefusals = std::map<std::pair<std::string, bool>, std::pair<std::size_t, std::string>>;

/// What a clean-up did.
struct CleanupTally {
    std::size_t sent = 0;     ///< records the target took back deleted
    std::size_t refused = 0;  ///< records it refused to delete (a 4xx to a block of one, or one that says no at all)
    /// Records whose write got no answer (cut in flight, CleanupBlock::uncertain) and whose deletion the target
    /// refused: it refuses the record itself, so it most likely never took the write either. Not counted in `refused`.
    std::size_t unconfirmed = 0;
    std::size_t left = 0;  ///< records not sent: the clean-up gave up or was ended
    int retries = 0;       ///< tries again after no answer, 5xx, 429, 401
    int splits = 0;        ///< blocks sent again in halves
    /// (resource, whose write got no answer) → the records refused and the first answer: a note each, once for all
    /// the shares of a clean-up.
    CleanupRefusals refusals;
    std::vector<std::string> notes;  ///< the refusals, by resource and answer
    std::string gave_up;             ///< why records were left, when some were
};

/// Sends `blocks` through `api` (whose client's limits are `limits`, the clean-up's own: a stop of them by the target
/// watch or a long 429 is undone while `bounds` lasts) until all are taken or refused, or `bounds` ends, or nothing
/// got through for `policy.stall`.
CleanupTally send_back_deleted(client::Api& api, client::RunLimits& limits, std::vector<CleanupBlock> blocks,
                               const CleanupBounds& bounds, const CleanupPolicy& policy = {});

/// The clean-up's shares that go out at once: as many as the run's checks had in flight at the end (a far target's
/// clean-up costs its largest share's round trips), at least this many and at most kMostCleanupShares.
inline constexpr std::size_t kCleanupShares = 8;
inline constexpr std::size_t kMostCleanupShares = 32;

/// `blocks` split into at most `shares` shares, each block to the share holding the fewest records, in their order: a
/// share's blocks of records whose write got no answer still after its others, as the journal gives them.
std::vector<std::vector<CleanupBlock>> cleanup_shares(std::vector<CleanupBlock> blocks, std::size_t shares);

/// send_back_deleted over the cleanup_shares of `blocks` at once, share i through `api(i)` (a connection of its own;
/// `limits` bounds them all), the tallies added up: a far target's clean-up costs the round trips of its largest
/// share rather than one per block.
CleanupTally send_back_deleted_at_once(const std::function<client::Api&(std::size_t)>& api, client::RunLimits& limits,
                                       std::vector<CleanupBlock> blocks, const CleanupBounds& bounds,
                                       const CleanupPolicy& policy = {}, std::size_t shares = kCleanupShares);

/// When a run's clean-up ends, and why: at once after a second interrupt (`second`), `grace` from now for a stopped run
/// (`stopped`: why), else its budget for `records` from now.
std::pair<std::chrono::steady_clock::time_point, std::string> cleanup_end(std::size_t records,
                                                                          const std::string& second,
                                                                          const std::optional<std::string>& stopped,
                                                                          std::chrono::seconds grace);

/// "; to remove them: conformance clean --target 'T.json' --journal 'FILE' (or --prefix P)": how to remove what a
/// run's clean-up left, from its replay prefix (RunOptions::replay_prefix), journal file (may be null) and prefix.
std::string how_to_remove(const std::string& replay_prefix, const JournalFile* journal, const std::string& run_prefix);

/// "sent back deleted: 812; refused: 0; left: 0".
std::string describe(const CleanupTally& tally);

}  // namespace bds::run
