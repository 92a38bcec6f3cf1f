// Shards joined: every check once, in table order, and a JSON report read back as the run it describes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "report/read_report.hpp"
#include "report/report_schema.hpp"
#include "report/reporters.hpp"
#include "run/check_results.hpp"
#include "run/merge.hpp"
#include "run/suite_fixture.hpp"
#include "test_paths.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

using nlohmann::json;

std::vector<std::string> table_order() {
    std::vector<std::string> ids;
    for (const auto& c : all_checks()) ids.push_back(c.id);
    return ids;
}

run::RunResult run_shard(const Catalogue& cat, const client::TargetConfig& target, const std::vector<Check>& checks,
                         int k, int n) {
    run::RunOptions options;
    options.seed = 7;
    options.cases = 3;
    auto r = run::run_checks(cat, target, select_shard(checks, k, n), options);
    r.shard = std::to_string(k) + "/" + std::to_string(n);
    return r;
}

TEST(Merge, ShardsJoinIntoEveryCheckOnceInTableOrder) {
    test::Broken b({});
    const auto checks = select_checks(all_checks(), {"auth", "access", "pagination"}, {});
    std::vector<run::RunResult> shards;
    for (int k = 1; k <= 3; ++k) {
        // Through the JSON report and back, as `conformance merge` reads them.
        const auto r = run_shard(b.cat, b.stub.target, checks, k, 3);
        const json doc = json::parse(report::to_json(r).dump());
        const auto back = report::from_json(doc);
        const json again = json::parse(report::to_json(back).dump());
        EXPECT_EQ(again, doc) << "shard " << k
                              << " changes in a round trip: " << json::diff(doc, again).dump().substr(0, 2000);
        shards.push_back(back);
    }
    const auto merged = run::merge_runs(shards, table_order());
    ASSERT_EQ(merged.results.size(), checks.size());
    for (std::size_t i = 0; i < checks.size(); ++i) EXPECT_EQ(merged.results[i].id, checks[i].id);
    EXPECT_EQ(merged.requests, shards[0].requests + shards[1].requests + shards[2].requests);
    EXPECT_EQ(merged.must_failures(), 0);

    // A check in two shards, or shards of other seeds, are refused.
    EXPECT_THROW(run::merge_runs({shards[0], shards[0]}, table_order()), std::runtime_error);
    auto other = shards[1];
    other.seed = 8;
    EXPECT_THROW(run::merge_runs({shards[0], other}, table_order()), std::runtime_error);
}

TEST(Merge, AReportWithAMissingFieldIsRefusedSayingWhere) {
    run::RunResult r;
    r.results.push_back({});
    json doc = json::parse(report::to_json(r).dump());
    doc["checks"][0].erase("outcome");
    try {
        report::from_json(doc);
        FAIL() << "no error";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("/checks/0/outcome"), std::string::npos) << e.what();
    }
}

TEST(Merge, TheMergeCommandWritesTheJoinedReportsAndGates) {
    test::Broken b(test::answer("GET", "/api/resources/NoSuchResource", 200, R"({"TotalRowsCount":0,"Records":[]})"));
    const auto dir = std::filesystem::temp_directory_path() / ("bds-merge-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string base = "run --base-url " + b.proxy->base_url() + " --suite access --seed 3 ";
    for (const char* shard : {"1/2", "2/2"}) {
        const std::string file = (dir / (std::string("s") + shard[0] + ".json")).string();
        test::run_conformance(base + "--shard " + shard + " --report json=" + file, false);
    }
    const std::string inputs = (dir / "s1.json").string() + " " + (dir / "s2.json").string();
    const auto merged = test::run_conformance("merge " + inputs + " --report json=" + (dir / "all.json").string() +
                                                  " --report md=" + (dir / "all.md").string(),
                                              false);
    EXPECT_EQ(merged.code, 1) << merged.out;  // ACC-01 fails on this server, in whichever shard it ran
    const json all = json::parse(test::read_text(dir / "all.json"));
    EXPECT_EQ(all["checks"].size(), select_checks(all_checks(), {"access"}, {}).size());
    EXPECT_NE(test::read_text(dir / "all.md").find("ACC"), std::string::npos);
    // Gated against a baseline that knows the failure: exit 0.
    const auto known = test::run_conformance("merge " + inputs + " --baseline " + (dir / "all.json").string(), false);
    EXPECT_EQ(known.code, 0) << known.out;
    std::filesystem::remove_all(dir);
}

TEST(Merge, AnInterruptedShardMakesTheWholeInterruptedNeverAPass) {
    run::RunResult done = test::run_of({test::check_result("ACC-01", Level::Must, run::Outcome::Pass)});
    done.shard = "1/2";
    run::RunResult cut = test::run_of({test::check_result("PAG-01", Level::Must, run::Outcome::Pass),
                                       test::check_result("PAG-02", Level::Must, run::Outcome::Skip)});
    cut.shard = "2/2";
    cut.interrupted = "SIGTERM";
    cut.stopped = "interrupted by SIGTERM";
    // Through the JSON report and back, as `conformance merge` reads them.
    const json doc = json::parse(report::to_json(cut).dump());
    EXPECT_EQ(test::schema_errors(doc), std::vector<std::string>{});
    EXPECT_EQ(doc["verdict"], "interrupted");
    const auto back = report::from_json(doc);
    EXPECT_EQ(back.interrupted, "SIGTERM");
    EXPECT_EQ(back.stopped, "interrupted by SIGTERM");

    const auto merged = run::merge_runs({done, back}, table_order());
    EXPECT_EQ(merged.verdict(), run::Verdict::Interrupted);
    EXPECT_EQ(merged.interrupted, "SIGTERM");
    EXPECT_NE(std::find(merged.notes.begin(), merged.notes.end(), "shard 2/2 was interrupted by SIGTERM"),
              merged.notes.end());
    EXPECT_EQ(run::merge_runs({done}, table_order()).verdict(), run::Verdict::Pass) << "the other shard alone passes";

    // A signal a run is never interrupted by is refused, saying where.
    json forged = doc;
    forged["interrupted"] = "SIGKILL";
    EXPECT_THROW(report::from_json(forged), std::runtime_error);
    EXPECT_FALSE(test::schema_errors(forged).empty());

    // The command: the shell's code for the shard's signal, the verdict the last line.
    const auto dir = std::filesystem::temp_directory_path() / ("bds-merge-interrupted-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "s1.json") << report::to_json(done).dump();
    std::ofstream(dir / "s2.json") << doc.dump();
    const auto r =
        test::run_conformance("merge " + (dir / "s1.json").string() + " " + (dir / "s2.json").string(), true);
    EXPECT_EQ(r.code, 143) << r.out;
    EXPECT_NE(
        r.out.find("verdict: interrupted by SIGTERM before the run ended: 0 MUST failures, 1 MUST check undecided\n"),
        std::string::npos)
        << r.out;
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace bds
