#pragma once
/// Runs checks against a target: tokens first (exit 3 when none comes), then the checks (in parallel where
/// they touch different resources), then the clean-up of everything the run wrote.
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "check/check.hpp"
#include "client/target.hpp"
#include "run/result.hpp"

namespace bds::run {

/// The target could not be reached, or gave no token: nothing can be judged (exit code 3).
class Unreachable : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct RunOptions {
    std::uint64_t seed = 0;
    int cases = 20;  ///< RapidCheck cases per property check
    int jobs = 1;
    /// Called as each check starts and ends (from worker threads, one at a time).
    std::function<void(const Check&)> on_start;
    std::function<void(const CheckResult&)> on_result;
    /// Called as a property check starts its case `number` (1-based; shrinking tries are not counted).
    std::function<void(const Check&, int number)> on_case;
    std::string harness_version;
};

/// Runs `checks` in order (with jobs > 1, those on disjoint resources at once) and returns every result.
/// Throws Unreachable if no user of the target file can get a token.
RunResult run_checks(const Catalogue& catalogue, const client::TargetConfig& target, const std::vector<Check>& checks,
                     const RunOptions& options);

/// Base-36 text of `n`, at least `width` characters: the per-check part of the key prefix.
std::string base36(std::uint64_t n, std::size_t width);

}  // namespace bds::run
