// A run's verdict: a run that could not decide is never a pass, nor one a signal interrupted.
#include <gtest/gtest.h>

#include "run/check_results.hpp"
#include "run/result.hpp"

namespace bds {
namespace {

using test::run_of;

run::CheckResult check(const std::string& id, Level level, run::Outcome outcome, bool chosen = false) {
    auto r = test::check_result(id, level, outcome);
    r.skip_chosen = chosen;
    return r;
}

TEST(Verdict, EveryMustCheckPassedIsAPass) {
    const auto r = run_of(
        {check("A-01", Level::Must, run::Outcome::Pass), check("B-01", Level::Should, run::Outcome::Fail),
         check("C-01", Level::Observe, run::Outcome::Error), check("D-01", Level::Must, run::Outcome::Skip, true)});
    EXPECT_EQ(r.verdict(), run::Verdict::Pass)
        << "SHOULD failures, OBSERVE errors and skips the run chose decide nothing";
    EXPECT_EQ(run::verdict_text(r), "pass: every MUST check passed");
}

TEST(Verdict, AMustCheckInErrorOrSkippedMakesTheRunIncomplete) {
    // The target stopped answering: the remaining checks erred, none failed.
    const auto stopped =
        run_of({check("A-01", Level::Must, run::Outcome::Pass), check("A-02", Level::Must, run::Outcome::Error)});
    EXPECT_EQ(stopped.verdict(), run::Verdict::Incomplete);
    EXPECT_EQ(stopped.undecided(), std::vector<std::string>{"A-02"});
    // A MUST check skipped because the target file lacks a user.
    const auto skipped = run_of({check("A-01", Level::Must, run::Outcome::Skip)});
    EXPECT_EQ(skipped.verdict(), run::Verdict::Incomplete);
    EXPECT_EQ(run::verdict_text(skipped), "incomplete: no MUST failure, but 1 MUST check could not decide (A-01)");
}

TEST(Verdict, AMustFailureFailsWhateverElseHappened) {
    auto r = run_of({check("A-01", Level::Must, run::Outcome::Fail), check("A-02", Level::Must, run::Outcome::Error)});
    EXPECT_EQ(r.verdict(), run::Verdict::Fail);
    EXPECT_EQ(run::verdict_text(r), "fail: 1 MUST failure; also 1 MUST check undecided");
    r.baseline = run::BaselineComparison{"b.json", {}, {"A-01"}, {}};
    EXPECT_EQ(r.verdict(), run::Verdict::Incomplete)
        << "a known failure with a baseline does not fail the gate; the error still counts";
}

TEST(Verdict, AnInterruptedRunIsInterruptedWhateverItFoundAndItsFailuresStayListed) {
    auto r = run_of({check("A-01", Level::Must, run::Outcome::Fail), check("A-02", Level::Must, run::Outcome::Skip),
                     check("A-03", Level::Must, run::Outcome::Pass)});
    r.interrupted = "SIGTERM";
    EXPECT_EQ(r.verdict(), run::Verdict::Interrupted);
    EXPECT_EQ(r.must_failures(), 1);
    EXPECT_EQ(r.undecided(), std::vector<std::string>{"A-02"});
    EXPECT_EQ(run::verdict_text(r),
              "interrupted by SIGTERM before the run ended: 1 MUST failure, 1 MUST check undecided");
    // Every check had passed when the interrupt came (in the clean-up): still not a pass.
    auto passed = run_of({check("A-01", Level::Must, run::Outcome::Pass)});
    passed.interrupted = "SIGINT";
    EXPECT_EQ(passed.verdict(), run::Verdict::Interrupted);
    EXPECT_EQ(run::to_string(passed.verdict()), "interrupted");
}

}  // namespace
}  // namespace bds
