#pragma once
/// What the checks of one run share (run/runner.cpp makes it, run/scheduler.hpp runs the checks in it). Internal to
/// the runner.
#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "client/api.hpp"
#include "client/recorder.hpp"
#include "run/cleanup.hpp"
#include "run/journal.hpp"
#include "run/journal_file.hpp"
#include "run/key_pool.hpp"
#include "run/runner.hpp"
#include "run/shrink_budget.hpp"

namespace bds::run {

/// A random key prefix for a run: a letter, then two base-36 characters.
std::string random_prefix();
/// The system clock's time in whole seconds.
long long seconds_now();
/// The last three base-36 digits of `seconds`: a key pool's run's markers (Session::marker_prefix).
std::string start_mark(long long seconds);

/// What the checks of one run share: the limits and secrets, tokens, the envelope and page size the target showed,
/// the journal of what was written, and the recorder.
struct Session {
    Session(const Catalogue& catalogue, const client::TargetConfig& target, const RunOptions& options)
        : catalogue(catalogue),
          target(target),
          options(options),
          limits(target.rate_per_s, options.jobs, options.adapt_in_flight, options.max_in_flight),
          envelope(target.envelope),
          page_size(target.max_page_size),
          dialect(catalogue, target.dialect),
          // The clean-up's limits (run/cleanup.hpp), as adaptive as the checks' and resumed from theirs.
          cleanup_limits(target.rate_per_s, std::min<int>(options.jobs, static_cast<int>(kCleanupShares)),
                         options.adapt_in_flight, options.max_in_flight),
          journal(catalogue) {
        add_secrets(target, limits);
        add_secrets(target, cleanup_limits);
        open_journal_file();
        if (!options.record_dir.empty()) recorder.emplace(options.record_dir);
        auto token_client = std::make_unique<client::HttpClient>(client::http_settings(target), &limits);
        if (recorder) token_client->record_to(&*recorder, "tokens");
        if (options.log_exchanges) token_client->log_to(&log, "tokens");
        tokens.emplace(target, std::move(token_client));
    }
    /// A key pool's run lets the pool's lock go only once the second it started in has passed (start_mark).
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;
    client::Api api() { return client::Api(target, *tokens, envelope, page_size, &limits, &gate, &dialect); }
    /// api(), made on the heap (a check's other connections: Context::connection).
    std::unique_ptr<client::Api> new_api() {
        return std::make_unique<client::Api>(target, *tokens, envelope, page_size, &limits, &gate, &dialect);
    }
    const std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();

    const Catalogue& catalogue;
    const client::TargetConfig& target;
    const RunOptions& options;
    client::RunLimits limits;
    std::optional<client::Recorder> recorder;
    client::ExchangeLog log;  ///< used when options.log_exchanges
    std::optional<client::TokenSource> tokens;
    client::EnvelopeState envelope;
    client::PageSizeState page_size;
    client::DialectState dialect;
    client::WriteGate gate;
    /// The clean-up's own limits, bounded by cleanup_bounds: the target watch or a long 429 stopping them is undone
    /// while the clean-up's time lasts (run/cleanup.hpp).
    client::RunLimits cleanup_limits;
    std::optional<CleanupBounds> cleanup_bounds;  ///< set as the clean-up begins; guarded by interrupt_mutex
    Journal journal;
    /// What shrinking failing cases may cost the run, shared by its checks.
    ShrinkBudget shrink_budget{options.run_shrink_tries, options.run_shrink_time};
    /// The key pool's lock (RunOptions::key_pool), taken before the run writes anything.
    std::unique_ptr<PoolLock> pool_lock = lock_pool(options.key_pool);
    /// The second the run started in (seconds_now), once it holds the pool's lock.
    long long start_second = seconds_now();
    std::string run_prefix = options.key_pool.empty() ? random_prefix() : pool_prefix(options.key_pool);
    /// In a key pool's runs, the markers' prefix (Context::marker_prefix): the run's start in seconds, base 36, its
    /// last three digits (13 hours), so that no run of the pool marks as the runs just before it did.
    std::string marker_prefix = options.key_pool.empty() ? std::string() : start_mark(start_second);
    std::unique_ptr<JournalFile> journal_file;  ///< options.journal_file or _dir, when the run may write

    /// The journal on disk (RunOptions::journal_file), before any check writes.
    void open_journal_file() {
        if (target.read_only) return;
        try {
            journal_file = open_run_journal(options.journal_file, options.journal_dir, run_prefix, target.base_url,
                                            utc_now(), options.harness_version);
        } catch (const std::runtime_error& e) {
            if (!options.journal_file.empty()) throw;  // asked for: a configuration to fix
            journal_problem = std::string("no journal on disk (") + e.what() + "): give --journal FILE to keep one";
        }
        journal.write_to(journal_file.get());
    }
    std::string journal_problem;  ///< why the default journal file could not be written
    /// Ends the clean-up by `by` for `why` (an interrupt); with interrupt_mutex held.
    void end_clean_up_by(std::chrono::steady_clock::time_point by, const std::string& why) {
        if (!cleanup_bounds) return;
        cleanup_bounds->end_by(by, why);
        for (auto* l : {&limits, &cleanup_limits}) l->set_deadline(std::min(l->deadline().value_or(by), by));
    }

    /// Where the run is, for what an interrupt does (interrupted_by); guarded by interrupt_mutex.
    enum class Phase { Checks, CleanUp, Ended };
    std::mutex interrupt_mutex;
    Phase phase = Phase::Checks;
    std::string interrupted;  ///< the first interrupt's signal, before the run's end
    std::string second;       ///< a second interrupt's signal: what is left of the clean-up is skipped

    /// The `count`-th interrupt (run/interruption.hpp): the first stops the checks, or once they ended leaves the
    /// clean-up kStopGrace at most; a second stops again, cutting the clean-up. After the run's end, none is its.
    void interrupted_by(const std::string& signal, int count) {
        std::lock_guard lock(interrupt_mutex);
        if (phase == Phase::Ended) return;
        if (count == 1) {
            interrupted = signal;
            if (phase == Phase::Checks)
                limits.stop("interrupted by " + signal);
            else
                end_clean_up_by(
                    std::chrono::steady_clock::now() + kStopGrace,
                    "interrupted by " + signal + ": its grace of " + std::to_string(kStopGrace.count()) + " s ended");
        } else if (second.empty()) {
            second = signal;
            limits.stop("interrupted by " + signal);
            end_clean_up_by(std::chrono::steady_clock::now(), "a second signal (" + signal + ")");
            cleanup_limits.stop("interrupted by " + signal);
        }
    }
    /// Why the run ended before its checks did: a stop's reason, or the time limit.
    std::string ended() const {
        return limits.stopped().value_or("the run's time limit (--max-time " + std::to_string(options.max_time_s) +
                                         " s) was reached");
    }
    std::string interrupt_signal(bool second_one) {
        std::lock_guard lock(interrupt_mutex);
        return second_one ? second : interrupted;
    }
};

}  // namespace bds::run
