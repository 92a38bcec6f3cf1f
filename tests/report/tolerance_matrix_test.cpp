// The tolerance matrix: a run under a choice is clean only without MUST failures, errors and new SHOULD failures;
// the OBSERVE checks whose observations moved are the ones that saw the choice, unsteady ones aside.
#include <gtest/gtest.h>

#include <sstream>

#include "report/tolerance_matrix.hpp"
#include "run/check_results.hpp"

namespace bds {
namespace {

run::CheckResult result(const std::string& id, Level level, run::Outcome outcome,
                        std::vector<std::string> observed = {}) {
    auto r = test::check_result(id, level, outcome);
    for (auto& text : observed) r.observations.push_back({std::move(text), std::nullopt});
    return r;
}

run::RunResult run_of(std::string prefix, std::vector<run::CheckResult> results) {
    return test::run_of(std::move(results), std::move(prefix));
}

TEST(ToleranceMatrix, FailuresErrorsAndNewShouldFailuresMakeARunUnclean) {
    const auto defaults = run_of(
        "abc", {result("PAG-01", Level::Must, run::Outcome::Pass), result("FIL-01", Level::Should, run::Outcome::Fail),
                result("ROB-08", Level::Should, run::Outcome::Pass),
                result("PAG-04", Level::Observe, run::Outcome::Pass, {"no PageSize: 200, 7 rows for abc01"}),
                result("SCH-03", Level::Observe, run::Outcome::Pass, {"timestamp: 0x01"})});
    const auto again =
        run_of("xyz", {result("PAG-04", Level::Observe, run::Outcome::Pass, {"no PageSize: 200, 7 rows for xyz01"}),
                       result("SCH-03", Level::Observe, run::Outcome::Pass, {"timestamp: 0x02"})});
    const std::vector<report::ChoiceRun> runs{
        {"A-82=50", "A-82=50",
         run_of("def",
                {result("PAG-01", Level::Must, run::Outcome::Pass), result("FIL-01", Level::Should, run::Outcome::Fail),
                 result("PAG-04", Level::Observe, run::Outcome::Pass, {"no PageSize: 200, 50 rows for def01"}),
                 result("SCH-03", Level::Observe, run::Outcome::Pass, {"timestamp: 0x03"})}),
         true},
        {"A-08=100", "A-08=100",
         run_of("ghi",
                {result("PAG-01", Level::Must, run::Outcome::Fail), result("ROB-08", Level::Should, run::Outcome::Fail),
                 result("SYN-01", Level::Must, run::Outcome::Error)}),
         true},
        {"A-41=flat", "A-41=flat",
         run_of("jkl", {result("PAG-04", Level::Observe, run::Outcome::Pass, {"no PageSize: 200, 7 rows for jkl01"})}),
         false},
        {"A-23=skewed", "A-23=skewed",
         run_of("mno", {result("PAG-04", Level::Observe, run::Outcome::Pass, {"no PageSize: 200, 7 rows for mno01"})}),
         true},
    };
    const auto m = report::tolerance_matrix(defaults, again, runs);
    ASSERT_EQ(m.rows.size(), 4u);
    EXPECT_EQ(m.unsteady, std::set<std::string>{"SCH-03"});
    EXPECT_TRUE(m.rows[0].clean()) << "FIL-01 fails on the defaults too: not the choice's doing";
    EXPECT_EQ(m.rows[0].seen_by, std::vector<std::string>{"PAG-04"})
        << "the prefix is not a difference, the row count is";
    EXPECT_EQ(m.rows[1].must, std::vector<std::string>{"PAG-01"});
    EXPECT_EQ(m.rows[1].errors, std::vector<std::string>{"SYN-01"});
    EXPECT_EQ(m.rows[1].should, std::vector<std::string>{"ROB-08"});
    EXPECT_TRUE(m.rows[2].clean()) << "declared in the target file: nothing to observe";
    EXPECT_FALSE(m.rows[3].clean()) << "a choice no check reports";
    EXPECT_FALSE(m.complete());
    std::ostringstream out;
    report::write_tolerance_matrix(m, out);
    const std::string md = out.str();
    EXPECT_NE(md.find("clean runs: **2 of 4**"), std::string::npos) << md;
    EXPECT_NE(md.find("- `A-23=skewed`: MUST failures —; errors —; new SHOULD failures —; reported by no check"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("- `A-08=100`: MUST failures PAG-01; errors SYN-01; new SHOULD failures ROB-08"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("| `A-82=50` | — | — | — | PAG-04 |"), std::string::npos) << md;
}

TEST(ToleranceMatrix, ANoisyObservationSetsAsideOnlyItselfNotTheCheck) {
    // SCH-03's timestamp values moved between the two default runs; its date-time forms did not. A choice of the
    // date-time form is still seen by SCH-03 (whole checks set aside left choices "reported by no check").
    const auto check = [](const std::string& stamp, const std::string& datetime) {
        return result("SCH-03", Level::Observe, run::Outcome::Pass,
                      {"timestamp (A-15): " + stamp, "datetime (A-14): " + datetime});
    };
    const auto defaults = run_of("Kq1", {check("0x01", "9999-99-99T99:99:99")});
    const auto again = run_of("Kq2", {check("0x02", "9999-99-99T99:99:99")});
    const std::vector<report::ChoiceRun> runs{
        {"A-14=z", "A-14=z", run_of("Kq3", {check("0x03", "9999-99-99T99:99:99Z")}), true},
        {"A-11=shuffle", "A-11=shuffle", run_of("Kq4", {check("0x04", "9999-99-99T99:99:99")}), true}};
    const auto m = report::tolerance_matrix(defaults, again, runs);
    EXPECT_EQ(m.unsteady, std::set<std::string>{"SCH-03"});
    EXPECT_EQ(m.rows[0].seen_by, std::vector<std::string>{"SCH-03"}) << "the date-time form moved";
    EXPECT_TRUE(m.rows[1].seen_by.empty()) << "only the noisy timestamp moved";
}

TEST(ToleranceMatrix, ARunPrefixInsideAWordIsNotTakenForAKey) {
    // One default run's prefix was "dow": "Windows" became "Win~s" in that run only, and SYN-10 looked noisy.
    const auto seen = [](const std::string& key) {
        return result("SYN-10", Level::Observe, run::Outcome::Pass,
                      {"varchar text beyond Windows-1252 (A-61): status 400, key " + key});
    };
    const auto defaults = run_of("dow", {seen("dow07w6")});
    const auto again = run_of("abc", {seen("abc07w6")});
    const std::vector<report::ChoiceRun> runs{
        {"A-61=replace", "A-61=replace",
         run_of("sta", {result("SYN-10", Level::Observe, run::Outcome::Pass,
                               {"varchar text beyond Windows-1252 (A-61): status 200, key sta07w6"})}),
         true}};
    const auto m = report::tolerance_matrix(defaults, again, runs);
    EXPECT_TRUE(m.unsteady.empty());
    EXPECT_EQ(m.rows[0].seen_by, std::vector<std::string>{"SYN-10"});
}

}  // namespace
}  // namespace bds
