#pragma once
/// What a run came to per statement of the seeds (spec/requirements.json id): the checks that verify it, the
/// strongest level they judged it at, and the worst of their outcomes (a statement is as good as the worst of its
/// checks; a skip or an error decides nothing). The HTML report's requirements view and the run history read it.
#include <map>
#include <string>
#include <vector>

#include "run/result.hpp"

namespace bds::run {

struct StatementOutcome {
    Level level = Level::Observe;
    Outcome outcome = Outcome::Pass;
    /// A check that failed it passed on a rerun (CheckResult::flaky).
    bool flaky = false;
    std::vector<const CheckResult*> checks;  ///< in the run's order; pointers into the run's results
};

/// Every statement some check of `run` verifies, by id.
std::map<std::string, StatementOutcome, std::less<>> statement_outcomes(const RunResult& run);

}  // namespace bds::run
