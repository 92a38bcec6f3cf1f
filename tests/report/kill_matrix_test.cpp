// The kill matrix: a defect counts as caught only by a MUST failure; false alarms on the faithful stub show.
#include <gtest/gtest.h>

#include <sstream>

#include "report/kill_matrix.hpp"
#include "run/check_results.hpp"

namespace bds {
namespace {

using test::run_of;
constexpr auto result = test::check_result;

TEST(KillMatrix, ADefectIsCaughtOnlyByAMustFailure) {
    const auto faithful = run_of(
        {result("PAG-01", Level::Must, run::Outcome::Pass), result("ROB-08", Level::Should, run::Outcome::Pass)});
    std::vector<report::DefectRun> defects{
        {"total-counts-page", "pagination", "000 §4.1", "TotalRowsCount counts the page",
         run_of(
             {result("PAG-01", Level::Must, run::Outcome::Fail), result("ROB-08", Level::Should, run::Outcome::Pass)}),
         Level::Must, ""},
        {"malformed-json-500", "validation", "000 §7", "malformed JSON answered 500",
         run_of(
             {result("PAG-01", Level::Must, run::Outcome::Pass), result("ROB-08", Level::Should, run::Outcome::Fail)}),
         Level::Must, ""},
    };
    const auto m = report::kill_matrix(faithful, defects);
    EXPECT_EQ(m.caught(), 1u);
    EXPECT_FALSE(m.complete());
    EXPECT_EQ(m.rows[0].trials.at(0).must, std::vector<std::string>{"PAG-01"});
    EXPECT_EQ(m.rows[1].trials.at(0).should, std::vector<std::string>{"ROB-08"});
    std::ostringstream out;
    report::write_kill_matrix(m, out);
    const std::string md = out.str();
    EXPECT_NE(md.find("defects caught: **1 of 2**"), std::string::npos) << md;
    EXPECT_NE(md.find("## Not caught\n\n- `malformed-json-500`"), std::string::npos) << md;
    EXPECT_NE(md.find("| PAG-01 | `total-counts-page` |"), std::string::npos) << md;
}

TEST(KillMatrix, AMustFailureOnTheFaithfulStubIsAFalseAlarm) {
    const auto faithful =
        run_of({result("PAG-01", Level::Must, run::Outcome::Fail), result("SYN-01", Level::Must, run::Outcome::Error)});
    const auto m = report::kill_matrix(
        faithful,
        {{"x", "pagination", "r", "d", run_of({result("PAG-01", Level::Must, run::Outcome::Fail)}), Level::Must, ""}});
    EXPECT_EQ(m.faithful_must, std::vector<std::string>{"PAG-01"});
    EXPECT_EQ(m.faithful_errors, std::vector<std::string>{"SYN-01"});
    EXPECT_FALSE(m.complete());
}

TEST(KillMatrix, ADefectMissedUnderSomeChoicesIsNotCaught) {
    const auto faithful = run_of({result("PAG-01", Level::Must, run::Outcome::Pass)});
    const auto failing = run_of({result("PAG-01", Level::Must, run::Outcome::Fail)});
    const auto passing = run_of({result("PAG-01", Level::Must, run::Outcome::Pass)});
    const auto m = report::kill_matrix(
        faithful, {{"total-counts-page", "pagination", "r", "d", failing, Level::Must, ""},
                   {"total-counts-page", "pagination", "r", "d", passing, Level::Must, "A-07=row"}});
    ASSERT_EQ(m.rows.size(), 1u);
    EXPECT_EQ(m.rows[0].trials.size(), 2u);
    EXPECT_EQ(m.caught(), 0u);
    std::ostringstream out;
    report::write_kill_matrix(m, out);
    EXPECT_NE(out.str().find("- `total-counts-page` (pagination) under `A-07=row`"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace bds
