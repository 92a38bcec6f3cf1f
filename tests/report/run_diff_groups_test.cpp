// Behaviour changes grouped by cause: one value change across checks is one group, with its counts; unrelated
// changes stay apart; the order is fixed.
#include <gtest/gtest.h>

#include "report/observation_shape.hpp"
#include "report/run_diff.hpp"

namespace bds {
namespace {

using run::Outcome;

run::CheckResult observing(std::string id, std::vector<std::string> texts) {
    run::CheckResult r;
    r.id = std::move(id);
    r.suite = "filters";
    r.title = "title of " + r.id;
    r.level = Level::Observe;
    r.outcome = Outcome::Pass;
    for (auto& t : texts) r.observations.push_back({std::move(t), std::nullopt});
    return r;
}

run::RunResult grouped_run(std::vector<run::CheckResult> results) {
    run::RunResult r;
    r.run_prefix = "pfx";
    r.results = std::move(results);
    return r;
}

/// Three checks answering malformed input 400, then 422 (five observations, citing different rows), FIL-01's row
/// count changing 3 → 5, DEL-04 reworded, AUTH-02 losing one observation and gaining another.
report::RunDiff sample_diff() {
    const auto base = grouped_run({
        observing("FIL-05", {"malformed RecordSelection answered 400 (A-19)", "comment answered 400 (A-19)"}),
        observing("SYN-02", {"a bad block answered 400 with index 2 (A-25)", "unchanged (A-25)"}),
        observing("ROB-01", {"a bare record answered 400 (A-71)", "BOM answered 400 (A-71)"}),
        observing("FIL-01", {"CliFor rows: 3 rows (A-98)"}),
        observing("DEL-04", {"GET shows logically deleted records (A-12)"}),
        observing("AUTH-02", {"TokenInfo holds userName (A-02)"}),
    });
    const auto next = grouped_run({
        observing("FIL-05", {"comment answered 422 (A-19)", "malformed RecordSelection answered 422 (A-19)"}),
        observing("SYN-02", {"unchanged (A-25)", "a bad block answered 422 with index 2 (A-25)"}),
        observing("ROB-01", {"a bare record answered 422 (A-71)", "BOM answered 422 (A-71)"}),
        observing("FIL-01", {"CliFor rows: 5 rows (A-98)"}),
        observing("DEL-04", {"GET leaves logically deleted records out (A-12)"}),
        observing("AUTH-02", {"TokenInfo holds customer_ID (A-44)"}),
    });
    return report::diff_runs(base, next);
}

TEST(DiffGroups, OneStatusChangeAcrossChecksIsOneGroup) {
    const auto diff = sample_diff();
    ASSERT_FALSE(diff.groups.empty());
    const auto& first = diff.groups.front();
    EXPECT_EQ(first.kind, report::ObservationGroup::Kind::Value);
    EXPECT_EQ(first.change, "400 → 422");
    EXPECT_EQ(first.members.size(), 5u);
    EXPECT_EQ(first.checks, (std::vector<std::string>{"FIL-05", "SYN-02", "ROB-01"}));
    EXPECT_EQ(first.assumptions, (std::vector<std::string>{"A-19", "A-25", "A-71"}));
    for (const auto m : first.members) {
        EXPECT_EQ(diff.observations[m].change, "400 → 422");
        EXPECT_EQ(report::value_change(diff.observations[m].before, diff.observations[m].after), "400 → 422")
            << "paired with its own wording: " << diff.observations[m].before;
    }
    EXPECT_EQ(report::group_summary(first),
              "400 → 422 in 5 observations of 3 checks (A-19, A-25, A-71): FIL-05, "
              "SYN-02, ROB-01");
}

TEST(DiffGroups, UnrelatedChangesStayApart) {
    const auto diff = sample_diff();
    std::vector<std::string> summaries;
    for (const auto& g : diff.groups) summaries.push_back(report::group_summary(g));
    EXPECT_EQ(summaries, (std::vector<std::string>{
                             "400 → 422 in 5 observations of 3 checks (A-19, A-25, A-71): FIL-05, SYN-02, ROB-01",
                             "3 → 5 in 1 observation of 1 check (A-98): FIL-01",
                             "\"shows logically deleted records\" → \"leaves logically deleted records out\" in 1 "
                             "observation of 1 check (A-12): DEL-04",
                             "gone in 1 observation of 1 check (A-02): AUTH-02",
                             "new in 1 observation of 1 check (A-44): AUTH-02",
                         }));
    std::size_t grouped = 0;
    for (const auto& g : diff.groups) grouped += g.members.size();
    EXPECT_EQ(grouped, diff.observations.size()) << "every change in exactly one group";
}

TEST(DiffGroups, OneRewordingAcrossChecksIsOneGroup) {
    // Another error body: the same words change in texts citing other rows, with other values.
    const auto diff = report::diff_runs(
        grouped_run({observing("SYN-10", {"Id sent (A-27): status 400 (a JSON object {error, message})",
                                          "ind_sesso 'Q' (A-33): status 400 (a JSON object {error, message})"}),
                     observing("ROB-01", {"BOM (A-71): status 400 (a JSON object {error, message})"})}),
        grouped_run({observing("SYN-10", {"Id sent (A-27): status 400 (text \"record 0: Id\")",
                                          "ind_sesso 'Q' (A-33): status 400 (text \"record 0: ind_sesso\")"}),
                     observing("ROB-01", {"BOM (A-71): status 422 (a JSON object {error, message})"})}));
    ASSERT_EQ(diff.groups.size(), 2u);
    EXPECT_EQ(report::group_summary(diff.groups[0]),
              "\"(a JSON object {error, message})\" → \"(text …)\" in 2 observations of 1 check (A-27, A-33): SYN-10");
    EXPECT_EQ(diff.groups[0].kind, report::ObservationGroup::Kind::Reworded);
    EXPECT_EQ(report::group_summary(diff.groups[1]), "400 → 422 in 1 observation of 1 check (A-71): ROB-01")
        << "a value change is not a rewording";
}

TEST(DiffGroups, ChangesWithoutRowsGroupByCheck) {
    const auto diff = report::diff_runs(grouped_run({observing("OBS-01", {"x"}), observing("OBS-02", {"y"})}),
                                        grouped_run({observing("OBS-01", {}), observing("OBS-02", {})}));
    ASSERT_EQ(diff.groups.size(), 2u);
    EXPECT_EQ(report::group_summary(diff.groups[0]), "gone in 1 observation of 1 check (no assumption row): OBS-01");
    EXPECT_EQ(report::group_summary(diff.groups[1]), "gone in 1 observation of 1 check (no assumption row): OBS-02");
}

}  // namespace
}  // namespace bds
