// The diff writers on two real reports of the bundled stub (tests/report/golden/diff/base.json, next.json: the
// default stub, then three choices changed and one defect; how they were made: tests/report/golden/diff/README.md),
// compared with the goldens diff.md, diff.html and diff.json byte for byte. The reports are fixed files, so the
// timing section is as deterministic as the rest. Regenerate: BDS_UPDATE_GOLDEN=1 tests/bds_tests
// --gtest_filter='Diff*'.
#include <gtest/gtest.h>

#include <sstream>

#include "report/golden_file.hpp"
#include "report/read_report.hpp"
#include "report/report_schema.hpp"
#include "report/run_diff.hpp"
#include "test_paths.hpp"

namespace bds {
namespace {

run::RunResult fixture(const std::string& name) {
    return report::from_json(
        nlohmann::json::parse(test::read_text(test::source_dir() / "tests/report/golden/diff" / name)));
}

report::RunDiff golden_diff() {
    report::DiffOptions options;
    options.base_label = "base.json";
    options.next_label = "next.json";
    return report::diff_runs(fixture("base.json"), fixture("next.json"), options);
}

TEST(DiffGolden, WritersMatchTheGoldens) {
    const auto diff = golden_diff();
    for (const char* format : {"md", "html", "json"}) {
        std::ostringstream out;
        report::diff_writers().at(format)(diff, out);
        test::expect_golden(std::string("diff/diff.") + format, out.str());
    }
}

/// The diff as JSON, for its schema (reports/diff.schema.json).
nlohmann::json diff_json(const report::RunDiff& diff) {
    std::ostringstream out;
    report::diff_writers().at("json")(diff, out);
    return nlohmann::json::parse(out.str());
}

TEST(DiffGolden, TheJsonFollowsItsSchema) {
    nlohmann::json doc = diff_json(golden_diff());
    EXPECT_EQ(test::schema_errors(doc, "diff.schema.json"), std::vector<std::string>{});
    report::DiffOptions untimed;
    untimed.timing_ratio = 0;
    const auto without_timing = diff_json(report::diff_runs(fixture("base.json"), fixture("next.json"), untimed));
    ASSERT_TRUE(without_timing.at("timing").is_null());
    EXPECT_EQ(test::schema_errors(without_timing, "diff.schema.json"), std::vector<std::string>{});
    // The schema can refuse: a part left out, a level no check has.
    nlohmann::json cut = doc;
    cut.erase("observations");
    EXPECT_FALSE(test::schema_errors(cut, "diff.schema.json").empty())
        << "the schema accepts a diff without observations";
    cut = doc;
    cut.erase("groups");
    EXPECT_FALSE(test::schema_errors(cut, "diff.schema.json").empty()) << "the schema accepts a diff without groups";
    doc["outcomes"][0]["level"] = "MAY";
    EXPECT_FALSE(test::schema_errors(doc, "diff.schema.json").empty()) << "the schema accepts level MAY";
    nlohmann::json odd_group = diff_json(golden_diff());
    ASSERT_FALSE(odd_group.at("groups").empty());
    odd_group["groups"][0]["kind"] = "moved";
    EXPECT_FALSE(test::schema_errors(odd_group, "diff.schema.json").empty()) << "the schema accepts a group kind moved";
}

}  // namespace
}  // namespace bds
