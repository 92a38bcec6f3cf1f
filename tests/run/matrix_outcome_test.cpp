// A run's outcome on each cell of the service matrix (run/matrix_outcome.hpp): a check's own cell where it judged cells
// one by one, its whole outcome otherwise, the worst of a cell's checks, n/a with the matrix's reason.
#include <gtest/gtest.h>

#include <algorithm>

#include "run/matrix_outcome.hpp"

namespace bds::run {
namespace {

const MatrixRule& rule(std::string_view id) {
    return *std::find_if(matrix_rules().begin(), matrix_rules().end(), [&](const MatrixRule& r) { return r.id == id; });
}

CheckResult result(std::string id, Outcome outcome, Level level = Level::Must) {
    CheckResult r;
    r.id = std::move(id);
    r.outcome = outcome;
    r.level = level;
    return r;
}

TEST(MatrixOutcome, ACheckJudgingCellsOneByOneCountsWithItsOutcomeThere) {
    RunResult run;
    auto acc = result("ACC-03", Outcome::Fail);
    acc.cells = {{"not-authorised", "list", Outcome::Pass}, {"not-authorised", "feed", Outcome::Fail}};
    run.results.push_back(acc);
    const auto& r = rule("not-authorised");
    EXPECT_EQ(cell_view(run, r, r.cell("list")).outcome, "pass") << "the check failed, but not here";
    EXPECT_EQ(cell_view(run, r, r.cell("feed")).outcome, "fail");
    EXPECT_EQ(cell_view(run, r, r.cell("send")).outcome, "not run") << "a cell it did not come to";
    const auto na = cell_view(run, r, r.cell("token-info"));
    EXPECT_EQ(na.outcome, "n/a");
    EXPECT_EQ(na.not_applicable, "TokenInfo names no resource");
    EXPECT_TRUE(na.checks.empty());
    // Ended before its cells (a skip of the whole check): that is its outcome on each.
    run.results[0] = result("ACC-03", Outcome::Skip);
    run.results[0].reason = "no limited user";
    run.results[0].cells = {{"not-authorised", "list", Outcome::Pass}};
    const auto skipped = cell_view(run, r, r.cell("feed"));
    EXPECT_EQ(skipped.outcome, "skip");
    EXPECT_EQ(skipped.checks.at(0).reason, "no limited user");
}

TEST(MatrixOutcome, ACellIsTheWorstOfItsChecksAndNotRunWithoutThem) {
    const auto& r = rule("own-tenant");
    RunResult run;
    EXPECT_EQ(cell_view(run, r, r.cell("send")).outcome, "not run");
    run.results.push_back(result("TEN-04", Outcome::Pass));
    run.results.push_back(result("TEN-05", Outcome::Error));
    auto view = cell_view(run, r, r.cell("send"));
    EXPECT_EQ(view.outcome, "error");
    ASSERT_EQ(view.checks.size(), r.cell("send").checks.size());
    EXPECT_EQ(view.checks[0].outcome, "pass");
    EXPECT_EQ(view.checks[1].outcome, "error");
    run.results.push_back(result("TEN-07", Outcome::Fail));
    EXPECT_EQ(cell_view(run, r, r.cell("send")).outcome, "fail");
    EXPECT_EQ(cell_view(run, r, r.cell("list")).outcome, "not run") << "TEN-01 is not in the run";
}

}  // namespace
}  // namespace bds::run
