// suites/common/settled_read: a judgement of pages or counts runs beside the run's other writers first, and again with
// them held still only where it did not add up; the run kept is the one the check reports.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "run/suite_fixture.hpp"
#include "suites/common/settled_read.hpp"

namespace bds::suites {
namespace {

/// The result of one check that calls judge_still_if_needed with `judge`, which is told which run it is (0, 1).
run::CheckResult judged(const std::function<bool(Context&, int)>& judge, int& runs) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    const Check check{
        .id = "ZZZ-01",
        .title = "judges a count",
        .resources = {"CliFor"},
        .run =
            [&](Context& ctx) { judge_still_if_needed(ctx, "CliFor", [&](Context& c) { return judge(c, runs++); }); },
        .suite = "zzz"};
    return test::result_of(run::run_checks(cat, stub.target, {check}, run::RunOptions{}), "ZZZ-01");
}

TEST(JudgeStillIfNeeded, AReadThatAddsUpIsJudgedOnceAndKept) {
    int runs = 0;
    const auto res = judged(
        [](Context& c, int) {
            c.observe("counted 3");
            return true;
        },
        runs);
    EXPECT_EQ(runs, 1);
    EXPECT_EQ(res.outcome, run::Outcome::Pass);
    ASSERT_EQ(res.observations.size(), 1u);
    EXPECT_EQ(res.observations[0].text, "counted 3");
}

TEST(JudgeStillIfNeeded, AReadThatMovedOrFoundSomethingIsJudgedAgainHeldAndOnlyThatRunIsKept) {
    for (const bool moved : {true, false}) {
        int runs = 0;
        const auto res = judged(
            [&](Context& c, int run) {
                c.observe(run == 0 ? "loose" : "held");
                if (run == 0 && !moved) c.finding({.expected = "3 rows", .actual = "4 rows (another writer)"});
                if (run == 1) c.finding({.expected = "3 rows", .actual = "2 rows"});
                return run > 0 || !moved;
            },
            runs);
        EXPECT_EQ(runs, 2);
        EXPECT_EQ(res.outcome, run::Outcome::Fail);
        ASSERT_EQ(res.findings.size(), 1u);
        EXPECT_EQ(res.findings[0].actual, "2 rows") << "the loose run's finding is not kept";
        ASSERT_EQ(res.observations.size(), 1u);
        EXPECT_EQ(res.observations[0].text, "held");
    }
}

TEST(JudgeStillIfNeeded, AnErrorOfTheLooseRunIsJudgedAgainHeld) {
    int runs = 0;
    const auto res = judged(
        [](Context&, int run) {
            if (run == 0) throw CheckError("a page that moved");
            return true;
        },
        runs);
    EXPECT_EQ(runs, 2);
    EXPECT_EQ(res.outcome, run::Outcome::Pass);
}

}  // namespace
}  // namespace bds::suites
