#include "run/statement_outcome.hpp"

namespace bds::run {
namespace {

/// Worst first: fail, error, skip, pass.
int badness(Outcome o) {
    switch (o) {
        case Outcome::Fail: return 3;
        case Outcome::Error: return 2;
        case Outcome::Skip: return 1;
        case Outcome::Pass: return 0;
    }
    return 0;
}

}  // namespace

std::map<std::string, StatementOutcome, std::less<>> statement_outcomes(const RunResult& run) {
    std::map<std::string, StatementOutcome, std::less<>> out;
    for (const auto& r : run.results)
        for (const auto& id : r.verifies) {
            auto& s = out[id];
            if (s.checks.empty() || static_cast<int>(r.level) < static_cast<int>(s.level)) s.level = r.level;
            if (s.checks.empty() || badness(r.outcome) > badness(s.outcome)) s.outcome = r.outcome;
            s.flaky = s.flaky || r.flaky();
            s.checks.push_back(&r);
        }
    return out;
}

}  // namespace bds::run
