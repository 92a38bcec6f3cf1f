// The run diff's model on hand-built runs: outcome changes, failures new and fixed by signature, observations paired
// by the assumption rows they cite, the timing rule, and hostile server text escaped in every format.
#include <gtest/gtest.h>

#include <sstream>

#include "report/run_diff.hpp"

namespace bds {
namespace {

using run::Outcome;

run::CheckResult check(std::string id, Level level, Outcome outcome) {
    run::CheckResult r;
    r.id = std::move(id);
    r.suite = "auth";
    r.title = "title of " + r.id;
    r.level = level;
    r.outcome = outcome;
    return r;
}

run::Finding finding(std::string expected, std::string pointer = "") {
    return {.expected = std::move(expected), .actual = "something else", .pointer = std::move(pointer)};
}

run::RunResult run_of(std::vector<run::CheckResult> results, std::string prefix = "pfx") {
    run::RunResult r;
    r.target = "http://127.0.0.1:1";
    r.run_prefix = std::move(prefix);
    r.results = std::move(results);
    return r;
}

TEST(DiffModel, AReportWithItselfListsNothing) {
    auto failing = check("CHG-01", Level::Must, Outcome::Fail);
    failing.findings = {finding("status 200")};
    failing.observations = {{"a wrong password is answered 400 (A-01)", std::nullopt}};
    failing.requests = 100;
    failing.duration_ms = 500;
    const auto run = run_of({failing, check("AUTH-01", Level::Must, Outcome::Pass)});
    const auto diff = report::diff_runs(run, run);
    EXPECT_TRUE(diff.empty());
    EXPECT_TRUE(diff.must_newly_failing.empty());
}

TEST(DiffModel, OutcomeChangesAndChecksOfOneRun) {
    auto now_failing = check("CHG-01", Level::Must, Outcome::Fail);
    now_failing.findings = {finding("a change after the last run")};
    const auto base =
        run_of({check("CHG-01", Level::Must, Outcome::Pass), check("ROB-07", Level::Should, Outcome::Fail),
                check("OLD-01", Level::Must, Outcome::Pass)});
    const auto next = run_of(
        {now_failing, check("ROB-07", Level::Should, Outcome::Pass), check("NEW-01", Level::Observe, Outcome::Pass)});
    const auto diff = report::diff_runs(base, next);
    ASSERT_EQ(diff.outcomes.size(), 2u);
    EXPECT_EQ(diff.outcomes[0].id, "CHG-01");
    EXPECT_EQ(diff.outcomes[0].before, Outcome::Pass);
    EXPECT_EQ(diff.outcomes[0].after, Outcome::Fail);
    EXPECT_EQ(diff.outcomes[1].id, "ROB-07");
    EXPECT_EQ(diff.outcomes[1].level, Level::Should);
    ASSERT_EQ(diff.only_in_base.size(), 1u);
    EXPECT_EQ(diff.only_in_base[0].id, "OLD-01");
    ASSERT_EQ(diff.only_in_next.size(), 1u);
    EXPECT_EQ(diff.only_in_next[0].id, "NEW-01");
    EXPECT_EQ(diff.must_newly_failing, std::vector<std::string>{"CHG-01"});
}

TEST(DiffModel, FailuresNewAndFixedBySignature) {
    auto before = check("SYN-03", Level::Must, Outcome::Fail);
    before.findings = {finding("status 400 for record 3", "/records/3"), finding("field 'Name' refused")};
    auto after = check("SYN-03", Level::Must, Outcome::Fail);
    // The same way as the first (other numbers, another index), and a new one.
    after.findings = {finding("status 400 for record 17", "/records/17"), finding("a body of JSON")};
    const auto diff = report::diff_runs(run_of({before}), run_of({after}));
    ASSERT_EQ(diff.new_failures.size(), 1u);
    EXPECT_EQ(diff.new_failures[0].expected, "a body of JSON");
    ASSERT_EQ(diff.fixed_failures.size(), 1u);
    EXPECT_EQ(diff.fixed_failures[0].expected, "field 'Name' refused");
    EXPECT_TRUE(diff.outcomes.empty());
    // Failing in a new way is failing anew.
    EXPECT_EQ(diff.must_newly_failing, std::vector<std::string>{"SYN-03"});
}

TEST(DiffModel, AKnownFailureIsNotNewAndAnUndecidedCheckFixedNothing) {
    auto failing = check("SYN-03", Level::Must, Outcome::Fail);
    failing.findings = {finding("status 400 for record 3", "/records/3")};
    auto same_way = failing;
    same_way.findings = {finding("status 400 for record 9", "/records/9")};
    auto known = report::diff_runs(run_of({failing}, "aaa"), run_of({same_way}, "bbb"));
    EXPECT_TRUE(known.new_failures.empty());
    EXPECT_TRUE(known.fixed_failures.empty());
    EXPECT_TRUE(known.must_newly_failing.empty());

    auto erred = check("SYN-03", Level::Must, Outcome::Error);
    const auto undecided = report::diff_runs(run_of({failing}), run_of({erred}));
    EXPECT_TRUE(undecided.fixed_failures.empty()) << "an error judged nothing";
    ASSERT_EQ(undecided.outcomes.size(), 1u);
    const auto fixed = report::diff_runs(run_of({failing}), run_of({check("SYN-03", Level::Must, Outcome::Pass)}));
    EXPECT_EQ(fixed.fixed_failures.size(), 1u);
}

TEST(DiffModel, ObservationsPairByTheirAssumptionRows) {
    auto before = check("AUTH-09", Level::Observe, Outcome::Pass);
    before.observations = {{"a wrong password is answered 400 (A-01)", std::nullopt},
                           {"deleted rows are listed (A-12)", std::nullopt},
                           {"the same in both (A-05)", std::nullopt},
                           {"record aaa1z was written (A-27)", std::nullopt}};
    auto after = before;
    after.observations = {{"record bbb1z was written (A-27)", std::nullopt},
                          {"the same in both (A-05)", std::nullopt},
                          {"a wrong password is answered 401 (A-01)", std::nullopt},
                          {"rows of MCPResources: views (A-40)", std::nullopt}};
    const auto diff = report::diff_runs(run_of({before}, "aaa"), run_of({after}, "bbb"));
    ASSERT_EQ(diff.observations.size(), 3u) << "the run prefix and an unchanged text are no change";
    EXPECT_EQ(diff.observations[0].assumptions, std::vector<std::string>{"A-01"});
    EXPECT_EQ(diff.observations[0].before, "a wrong password is answered 400 (A-01)");
    EXPECT_EQ(diff.observations[0].after, "a wrong password is answered 401 (A-01)");
    EXPECT_EQ(diff.observations[1].assumptions, std::vector<std::string>{"A-12"});
    EXPECT_EQ(diff.observations[1].after, "") << "gone";
    EXPECT_EQ(diff.observations[2].assumptions, std::vector<std::string>{"A-40"});
    EXPECT_EQ(diff.observations[2].before, "") << "new";
    EXPECT_TRUE(diff.must_newly_failing.empty()) << "an OBSERVE change fails nothing";
}

TEST(DiffModel, AssumptionIdsAreWholeRowIds) {
    EXPECT_EQ(report::assumption_ids("MCPA-12, A-84 and A-1x, (A-7), A-84"), (std::vector<std::string>{"A-84", "A-7"}));
    EXPECT_TRUE(report::assumption_ids("no row here, A- alone").empty());
}

TEST(DiffModel, TimingListsOnlyWhatMovedBeyondTheNoise) {
    auto timed = [](std::string id, long requests, double ms) {
        auto r = check(std::move(id), Level::Must, Outcome::Pass);
        r.requests = requests;
        r.duration_ms = ms;
        return r;
    };
    // Per request: VIEW-01 1 → 4 ms (listed); VIEW-02 10 → 14 ms (ratio 1.4: not); VIEW-03 0.5 → 2 ms (under 2 ms
    // apart: not); VIEW-04 10 requests only (not).
    const auto base = run_of(
        {timed("VIEW-01", 100, 100), timed("VIEW-02", 100, 1000), timed("VIEW-03", 100, 50), timed("VIEW-04", 10, 10)});
    const auto next = run_of({timed("VIEW-01", 50, 200), timed("VIEW-02", 100, 1400), timed("VIEW-03", 100, 200),
                              timed("VIEW-04", 10, 100)});
    const auto diff = report::diff_runs(base, next);
    ASSERT_EQ(diff.timing.size(), 1u);
    EXPECT_EQ(diff.timing[0].id, "VIEW-01");
    EXPECT_DOUBLE_EQ(diff.timing[0].ms_per_request_before, 1);
    EXPECT_DOUBLE_EQ(diff.timing[0].ms_per_request_after, 4);
    report::DiffOptions loose;
    loose.timing_ratio = 1.3;
    EXPECT_EQ(report::diff_runs(base, next, loose).timing.size(), 2u) << "VIEW-02 at 1.4 passes a 1.3 threshold";
    auto property_next = next;
    property_next.results[0].cases = 20;
    EXPECT_TRUE(report::diff_runs(base, property_next).timing.empty()) << "a property check's time is its own";
    report::DiffOptions off;
    off.timing_ratio = 0;
    const auto untimed = report::diff_runs(base, next, off);
    EXPECT_FALSE(untimed.timing_compared);
    EXPECT_TRUE(untimed.timing.empty());
}

constexpr const char* kHostile = "<script>alert('x')</script> | *bold* \x01 bad:\xff end";

report::RunDiff hostile_diff() {
    auto before = check("EVIL-01", Level::Must, Outcome::Pass);
    before.title = kHostile;
    before.observations = {{std::string("answered 400 (A-84) ") + kHostile, std::nullopt}};
    auto after = before;
    after.outcome = Outcome::Fail;
    after.findings = {{.expected = kHostile, .actual = kHostile}};
    after.observations = {{std::string("answered 422 (A-84) ") + kHostile, std::nullopt}};
    report::DiffOptions options;
    options.base_label = "<b>base</b>";
    return report::diff_runs(run_of({before}), run_of({after}), options);
}

std::string written(const std::string& format, const report::RunDiff& diff) {
    std::ostringstream out;
    report::diff_writers().at(format)(diff, out);
    return out.str();
}

/// The `<` of `md` that could start HTML: those without a backslash, other than the writer's own <details> tags.
std::vector<std::string> open_tags(std::string md) {
    for (const char* own : {"<details>", "</details>", "<summary>", "</summary>"})
        for (auto at = md.find(own); at != std::string::npos; at = md.find(own)) md.erase(at, std::string(own).size());
    std::vector<std::string> out;
    for (auto at = md.find('<'); at != std::string::npos; at = md.find('<', at + 1))
        if (at == 0 || md[at - 1] != '\\') out.push_back(md.substr(at, 20));
    return out;
}

TEST(DiffWriters, MarkdownMakesHostileTextInert) {
    const auto md = written("md", hostile_diff());
    EXPECT_EQ(open_tags(md), std::vector<std::string>{});
    EXPECT_NE(md.find("\\<script>alert('x')\\</script>"), std::string::npos) << "escaped, still readable";
    EXPECT_NE(md.find("\\<b>base\\</b>"), std::string::npos);
    EXPECT_EQ(md.find('\x01'), std::string::npos);
    // Each row of the outcome table has its five cells: a | of server text is escaped, not a column.
    std::istringstream lines(md);
    int rows = 0;
    for (std::string line; std::getline(lines, line);) {
        if (!line.starts_with("| EVIL-01 | MUST |")) continue;
        std::size_t bars = 0;
        for (std::size_t i = 0; i < line.size(); ++i) bars += line[i] == '|' && (i == 0 || line[i - 1] != '\\');
        if (line.find("| pass | fail |") != std::string::npos) {
            EXPECT_EQ(bars, 6u) << line;
            ++rows;
        }
    }
    EXPECT_EQ(rows, 1);
    EXPECT_NE(md.find("\\|"), std::string::npos);
}

TEST(DiffWriters, HtmlEscapesHostileText) {
    const auto html = written("html", hostile_diff());
    EXPECT_EQ(html.find("<script>"), std::string::npos);
    EXPECT_EQ(html.find("<b>"), std::string::npos);
    EXPECT_NE(html.find("&lt;script&gt;alert(&#39;x&#39;)"), std::string::npos);
    EXPECT_EQ(html.find("http"), html.find("http://127.0.0.1:1")) << "no URL but the target's text";
    EXPECT_EQ(html.find('\xff'), std::string::npos) << "invalid UTF-8 replaced";
}

TEST(DiffWriters, JsonKeepsHostileTextAsData) {
    const auto text = written("json", hostile_diff());
    const auto doc = nlohmann::json::parse(text);
    ASSERT_EQ(doc["outcomes"].size(), 1u);
    EXPECT_EQ(doc["outcomes"][0]["title"].get<std::string>().substr(0, 28), "<script>alert('x')</script> ");
    EXPECT_EQ(doc["must_newly_failing"], nlohmann::json::array({"EVIL-01"}));
    ASSERT_EQ(doc["observations"].size(), 1u);
    EXPECT_EQ(doc["observations"][0]["assumptions"], nlohmann::json::array({"A-84"}));
    ASSERT_EQ(doc["groups"].size(), 1u) << "the observations by cause";
    EXPECT_EQ(doc["groups"][0]["kind"], "value");
    EXPECT_EQ(doc["groups"][0]["change"], "400 → 422");
    EXPECT_EQ(doc["groups"][0]["observations"], nlohmann::json::array({0}));
    // Stable key order: the writers' first keys.
    EXPECT_EQ(text.substr(0, 14), "{\n  \"base\": {\n");
}

}  // namespace
}  // namespace bds
