#pragma once
/// Reruns that tell a flaky rule from a broken one (`conformance run --rerun-failures N`): each failed check is run
/// again, up to N times, alternately with the run's seed and a fresh one, until it passes. A check that passes on a
/// rerun is flaky (CheckResult::flaky): a rule the target keeps only sometimes. Its failure still counts: the
/// verdict does not change.
#include <functional>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "check/check.hpp"
#include "client/target.hpp"
#include "run/result.hpp"
#include "run/runner.hpp"

namespace bds::run {

/// The seed of rerun `attempt` (1-based): the run's own for odd attempts (the same cases again: does the target
/// answer them alike?), `fresh()` for even ones (other cases: is the failure tied to those cases?).
std::uint64_t rerun_seed(int attempt, std::uint64_t seed, const std::function<std::uint64_t()>& fresh);

/// Reruns the failed checks of `run` (of `checks`, the run's selection) up to `times` times each against `target`,
/// all of one attempt in one session (a token, their own keys, a clean-up), within what is left of
/// options.max_time_s. Each rerun is recorded in the check's CheckResult::reruns; a check stops being rerun once
/// it passes. No rerun starts after an interrupt; one that came during a rerun makes `run` interrupted. `say`
/// hears a line per attempt.
void rerun_failures(const Catalogue& catalogue, const client::TargetConfig& target, const std::vector<Check>& checks,
                    const RunOptions& options, int times, RunResult& run,
                    const std::function<void(const std::string&)>& say);

}  // namespace bds::run
