// The connector tolerance matrix: each choice of the sample connector with its row, clean or not, and why not.
#include <gtest/gtest.h>

#include <sstream>

#include "report/connector_tolerance.hpp"
#include "run/check_results.hpp"

namespace bds {
namespace {

using run::Outcome;

TEST(ConnectorTolerance, ListsEachChoiceAndWhatFailedUnderIt) {
    const auto defaults = test::run_of({test::check_result("CON-12", Level::Must, Outcome::Pass),
                                        test::check_result("CON-20", Level::Should, Outcome::Pass)});
    auto failed = test::check_result("CON-12", Level::Must, Outcome::Fail);
    failed.findings.push_back({.expected = "a failure reported", .actual = "exit 0"});
    const std::vector<report::ChoiceRun> runs{
        {"short-count=report", "short-count=report", defaults, false},
        {"refused-block=report", "refused-block=report",
         test::run_of({failed, test::check_result("CON-20", Level::Should, Outcome::Fail)}), false},
    };
    const auto m = report::tolerance_matrix(defaults, defaults, runs);
    ASSERT_EQ(m.rows.size(), 2u);
    EXPECT_TRUE(m.rows[0].clean());
    EXPECT_FALSE(m.rows[1].clean());
    std::ostringstream out;
    report::write_connector_tolerance(
        m, {{"short-count=report", "A-97", "fail | report"}, {"refused-block=report", "A-86", "a body"}}, out);
    const std::string md = out.str();
    EXPECT_NE(md.find("# Connector tolerance matrix"), std::string::npos) << md;
    EXPECT_NE(md.find("clean runs: **1 of 2**"), std::string::npos) << md;
    EXPECT_NE(md.find("- `refused-block=report`: MUST failures CON-12; errors —; new SHOULD failures CON-20"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("  - CON-12: expected a failure reported; got exit 0"), std::string::npos) << md;
    EXPECT_NE(md.find("| `short-count=report` | A-97 | fail \\| report | — | — | — |"), std::string::npos) << md;
    EXPECT_NE(md.find("| `refused-block=report` | A-86 | a body | CON-12 | — | CON-20 |"), std::string::npos) << md;
}

}  // namespace
}  // namespace bds
