#pragma once
// Hand-built results, for tests of what is made from them (verdicts, the kill and tolerance matrices).
#include <string>
#include <utility>
#include <vector>

#include "run/result.hpp"

namespace bds::test {

/// A result of check `id` with its level and outcome, and nothing else.
inline run::CheckResult check_result(const std::string& id, Level level, run::Outcome outcome) {
    run::CheckResult r;
    r.id = id;
    r.level = level;
    r.outcome = outcome;
    return r;
}

/// A run of `results`, seed 1, 5 cases, with the run prefix `prefix`.
inline run::RunResult run_of(std::vector<run::CheckResult> results, std::string prefix = "") {
    run::RunResult r;
    r.seed = 1;
    r.cases = 5;
    r.run_prefix = std::move(prefix);
    r.results = std::move(results);
    return r;
}

}  // namespace bds::test
