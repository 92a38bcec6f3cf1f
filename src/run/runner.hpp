#pragma once
/// Runs checks against a target: tokens first (exit 3 when none comes), then the checks (in parallel where
/// they touch different resources), then the clean-up of everything the run wrote.
#include <chrono>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "check/check.hpp"
#include "client/target.hpp"
#include "run/context.hpp"
#include "run/interruption.hpp"
#include "run/result.hpp"
#include "run/shrink_budget.hpp"

namespace bds::run {

/// The target could not be reached: nothing can be judged (exit code 3).
class Unreachable : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The target answered but gave no token (wrong credentials, another token request shape), or the target file
/// gives no user: a configuration to fix (exit code 2), with what the target answered.
class NoToken : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// How long the clean-up waits before it deletes records whose write got no answer (a cut write the target may still
/// be applying).
inline constexpr std::chrono::milliseconds kCutWriteSettle{500};
/// How long the clean-up of a stopped run (client::RunLimits::stop: an interrupt, a target that stopped answering)
/// may still take. Any other run's clean-up has a budget scaled to what it wrote (run/cleanup.hpp: cleanup_budget).
inline constexpr std::chrono::seconds kStopGrace{10};

/// Requests in flight at most when a run does not say (--max-in-flight): a target 50 ms away answers 32 at once as
/// fast as 8, so its round trips, not its work, bound the run (bench/remote_bench.cpp).
inline constexpr int kMaxInFlight = 32;

struct RunOptions {
    std::uint64_t seed = 0;
    int cases = kDefaultCases;  ///< RapidCheck cases per property check
    int jobs = 1;
    /// Fewer requests in flight than `jobs` while the target slows, more up to max_in_flight while it answers as fast
    /// (client/in_flight.hpp); false: always `jobs`.
    bool adapt_in_flight = true;
    /// The cap of requests in flight (below `jobs`: `jobs`).
    int max_in_flight = kMaxInFlight;
    /// After this many failed checks, the ones not started are skipped (by choice); 0: no limit.
    int max_failures = 0;
    /// The run's time limit in seconds (0: none): past it no check starts (each left is skipped, undecided),
    /// requests in flight are cut, and the clean-up still gets its budget (run/cleanup.hpp: cleanup_budget).
    int max_time_s = 0;
    /// How long to keep asking for the first token while the target does not answer (it may be starting).
    int wait_for_target_s = 0;
    /// How long no request may get any answer before the target counts as gone and the run stops (0: three times the
    /// target's time-out). A slow target still answers: it is asked less (client/in_flight.hpp), not given up on.
    int gone_after_s = 0;
    /// The journal of what the run writes, on disk while it runs (run/journal_file.hpp): this file, else
    /// journal_dir/conformance-journal-<run prefix>.jsonl; neither: none. A read-only run writes none.
    std::string journal_file{};
    std::string journal_dir{};
    /// A key pool (--key-pool, docs/architecture.md "Footprint and key pools"): the run prefix is pool_prefix(key_pool)
    /// rather than drawn, so that the pool's runs write the same keys (run/key_pool.hpp), and one run of it at a time
    /// on this machine holds its lock. Empty: a random prefix.
    std::string key_pool{};
    /// What a replay line puts before "--check ID --seed N --cases N": how to reach the same target
    /// (e.g. "--target staging.json", "--stub-defect total-counts-page").
    std::string replay_prefix{};
    /// When set, every exchange is also written whole to <dir>/<check id>.jsonl (client/recorder.hpp).
    std::string record_dir{};
    /// When set, every exchange is also kept, numbered, in RunResult::exchanges (for `--report har=FILE`).
    bool log_exchanges = false;
    /// Called as each check starts and ends (from worker threads, one at a time).
    std::function<void(const Check&)> on_start{};
    std::function<void(const CheckResult&)> on_result{};
    /// Called as a property check starts its case `number` (1-based; shrinking tries are not counted).
    std::function<void(const Check&, int number)> on_case{};
    std::string harness_version{run::harness_version()};
    /// The shard this run is ("k/n"), and the check ids or prefixes left out on purpose (--exclude): for the result.
    std::string shard{};
    std::vector<std::string> excluded{};
    /// How long shrinking one failing property may take (against a server, each try is requests).
    std::chrono::seconds shrink_time = kShrinkTime;
    /// What shrinking may cost the whole run, every check's summed (run/shrink_budget.hpp): tries and time.
    int run_shrink_tries = kRunShrinkTries;
    std::chrono::milliseconds run_shrink_time = kRunShrinkTime;
    /// Interrupts from outside (the signals of `conformance run`), heard while the run runs: the first stops it as its
    /// time limit would (the clean-up then gets kStopGrace), a second skips what is left of the clean-up, and the
    /// verdict is interrupted. Null: nothing interrupts the run.
    Interruption* interruption = nullptr;
};

/// Runs `checks` (with jobs > 1, those whose resources admit each other at once: run/resource_locks.hpp) and returns
/// every result, in the order of `checks`.
/// Throws Unreachable when the target does not answer the first token request, NoToken when it answers without a
/// token or the target file gives no user.
RunResult run_checks(const Catalogue& catalogue, const client::TargetConfig& target, const std::vector<Check>& checks,
                     const RunOptions& options);

/// The result of a run that could not begin (no answer, no token): every check in error for `why`, so that
/// the reports still say what happened.
RunResult not_run(const client::TargetConfig& target, const std::vector<Check>& checks, const RunOptions& options,
                  const std::string& why);

/// What a run (or a clean) must never show: the users' passwords and the token form's secrets, added to `limits`
/// (tokens add themselves as they are issued).
void add_secrets(const client::TargetConfig& target, client::RunLimits& limits);

/// Now, UTC, ISO 8601 to the second ("2026-11-23T22:53:00Z").
std::string utc_now();

/// Every text of `run` scrubbed of the secrets `limits` knows, wherever a target echoed them.
void scrub(RunResult& run, const client::RunLimits& limits);

}  // namespace bds::run
