#pragma once
/// Runs the checks of a run (run/session.hpp) on `jobs` threads, more while the in-flight limit is higher: each holds
/// its resources as its row says (run/resource_locks.hpp: checks of their own rows share, other readers read, other
/// writers hold alone); drawing from RapidCheck's generators takes gen::GenerationLock for the drawing only
/// (run/block_property.hpp: a failing case is shrunk drawing under it and exchanging without), so a check that shrinks
/// does not hold back the others' draws. A check that `waits` runs on a thread of its own from the start, its resources
/// let go while it waits. Internal to the runner.
#include <atomic>
#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "check/check.hpp"
#include "run/resource_locks.hpp"
#include "run/result.hpp"
#include "run/session.hpp"

namespace bds::run {

/// A result that names `check`, not yet run, with its replay line ("conformance run " + `replay`).
CheckResult result_for(const Check& check, std::string replay);

class Scheduler {
public:
    Scheduler(Session& session, const std::vector<Check>& checks);

    /// Runs every check, `jobs` at once, more while the run's in-flight limit is higher (up to max_in_flight), and
    /// those that `wait` beside them; their results in their order.
    std::vector<CheckResult> run(int jobs);
    /// The requests the checks sent.
    long requests() const { return requests_; }

private:
    /// What check `i` holds; a row naming a resource the catalogue lacks holds nothing (run_one reports it).
    Want want(std::size_t i) const;
    /// Runs check `index`; `taken`: its holds were taken by take_first (they are let go here either way).
    void run_one(std::size_t index, bool taken);

    Session& s_;
    const std::vector<Check>& checks_;
    std::vector<CheckResult> results_;
    std::deque<std::pair<std::size_t, Want>> queue_;  ///< the checks not started (ResourceLocks::take_first takes them)
    std::atomic<int> failed_{0};
    std::atomic<long> requests_{0};
    std::mutex report_;
    ResourceLocks locks_;
};

}  // namespace bds::run
