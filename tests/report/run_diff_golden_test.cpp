// The diff writers on two real reports of the bundled stub (tests/report/golden/diff/base.json, next.json: the
// default stub, then three choices changed and one defect; how they were made: tests/report/golden/diff/README.md),
// compared with the goldens diff.md, diff.html and diff.json byte for byte. The reports are fixed files, so the
// timing section is as deterministic as the rest. Regenerate: BDS_UPDATE_GOLDEN=1 tests/bds_tests
// --gtest_filter='Diff*'.
#include <gtest/gtest.h>

#include <sstream>

#include "report/golden_file.hpp"
#include "report/read_report.hpp"
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

}  // namespace
}  // namespace bds
