// The Markdown diff's layout: a summary of one screen before the folded details, whatever the number of
// observations that changed, with ids as written.
#include <gtest/gtest.h>

#include <sstream>

#include "report/run_diff.hpp"

namespace bds {
namespace {

using run::Outcome;

/// Nine checks answering malformed input 400 in BASE and 422 in NEW, 61 observations in all, and CHG-01 newly
/// failing: the shape of two runs of the stub differing by A-84 and one defect.
report::RunDiff status_choice_diff() {
    run::RunResult base, next;
    base.run_prefix = next.run_prefix = "pfx";
    base.seed = next.seed = 7;
    int written = 0;
    for (int c = 0; c < 9; ++c) {
        run::CheckResult r;
        r.id = "ROB-0" + std::to_string(c + 1);
        r.title = "a robustness check";
        r.level = Level::Observe;
        auto n = r;
        for (int i = 0; i < (c < 7 ? 7 : 6); ++i, ++written) {
            const std::string form = "malformed form " + std::to_string(i) + " of " + r.id;
            r.observations.push_back({form + " answered 400 (A-19, A-84)", std::nullopt});
            n.observations.push_back({form + " answered 422 (A-19, A-84)", std::nullopt});
        }
        base.results.push_back(r);
        next.results.push_back(n);
    }
    EXPECT_EQ(written, 61);
    run::CheckResult feed;
    feed.id = "CHG-01";
    feed.title = "The change feed returns exactly the records changed after LastUtcRun";
    base.results.push_back(feed);
    feed.outcome = Outcome::Fail;
    feed.findings = {{.expected = "a record written after LastUtcRun listed (A-20)", .actual = "it is left out"}};
    next.results.push_back(feed);
    return report::diff_runs(base, next);
}

std::vector<std::string> summary_lines(const std::string& md) {
    std::vector<std::string> lines;
    std::istringstream in(md);
    for (std::string line; std::getline(in, line) && !line.starts_with("<details>");) lines.push_back(line);
    return lines;
}

std::size_t terminal_columns(const std::string& line) {
    std::size_t n = 0;
    for (char c : line) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

TEST(DiffMarkdown, TheSummaryFitsOneScreenBeforeTheDetails) {
    const auto diff = status_choice_diff();
    ASSERT_EQ(diff.observations.size(), 61u);
    std::ostringstream out;
    report::diff_writers().at("md")(diff, out);
    const auto md = out.str();
    const auto lines = summary_lines(md);
    ASSERT_NE(md.find("<details>"), std::string::npos) << "the details are folded";
    EXPECT_LE(lines.size(), 20u) << md;
    for (const auto& line : lines) EXPECT_LE(terminal_columns(line), 120u) << line;
    std::string summary;
    for (const auto& line : lines) summary += line + "\n";
    EXPECT_NE(summary.find("- 400 → 422 in 61 observations of 9 checks (A-19, A-84): ROB-01, "), std::string::npos)
        << summary;
    EXPECT_NE(summary.find("- CHG-01 The change feed returns exactly the records changed after LastUtcRun  \n"
                           "  expected a record written after LastUtcRun listed (A-20), got it is left out\n"),
              std::string::npos)
        << summary;
    EXPECT_EQ(summary.find("\\-"), std::string::npos) << "no escaped dash: " << summary;
}

TEST(DiffMarkdown, DetailsAreFoldedAndBalanced) {
    std::ostringstream out;
    report::diff_writers().at("md")(status_choice_diff(), out);
    const auto md = out.str();
    std::size_t open = 0, close = 0;
    for (auto at = md.find("<details>"); at != std::string::npos; at = md.find("<details>", at + 1)) ++open;
    for (auto at = md.find("</details>"); at != std::string::npos; at = md.find("</details>", at + 1)) ++close;
    EXPECT_GE(open, 3u) << "runs, outcomes, observations at least";
    EXPECT_EQ(open, close);
    EXPECT_NE(md.find("<details><summary>Behaviour changed (observations) (61)</summary>\n\n"), std::string::npos)
        << "a blank line after the summary, so GitHub renders the table inside";
}

}  // namespace
}  // namespace bds
