// Baseline gating: a known MUST failure passes the gate, a new one fails it, a fixed one is reported; through
// the library and through `conformance run --baseline` against a server that breaks a rule.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "report/reporters.hpp"
#include "run/baseline.hpp"
#include "run/suite_fixture.hpp"
#include "test_paths.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

using nlohmann::json;

/// A server whose unknown resources are answered 200: ACC-01 fails on it.
test::BreakingProxy::Before unknown_resource_served() {
    return test::answer("GET", "/api/resources/NoSuchResource", 200, R"({"TotalRowsCount":0,"Records":[]})");
}

json report_of(const run::RunResult& r) { return json::parse(report::to_json(r).dump()); }

TEST(Baseline, KnownFailuresPassTheGateNewOnesFailIt) {
    test::Broken b(unknown_resource_served());
    const auto broken = test::run_all(b.cat, b.target, {"ACC-01", "ACC-02"});
    ASSERT_EQ(broken.must_failures(), 1) << test::describe(broken);
    const auto clean = test::run_all(b.cat, b.stub.target, {"ACC-01", "ACC-02"});
    ASSERT_EQ(clean.must_failures(), 0);

    // Baseline with the failure: the same failure is known, and the gate passes.
    auto again = broken;
    again.baseline = run::compare_with(again, run::read_baseline(report_of(broken), "broken.json"));
    EXPECT_EQ(again.gate_failures(), 0);
    EXPECT_EQ(again.baseline->known_failures, std::vector<std::string>{"ACC-01"});
    EXPECT_TRUE(again.baseline->new_failures.empty());

    // Baseline without it: the failure is new, and the gate fails.
    auto regressed = broken;
    regressed.baseline = run::compare_with(regressed, run::read_baseline(report_of(clean), "clean.json"));
    EXPECT_EQ(regressed.gate_failures(), 1);
    EXPECT_EQ(regressed.baseline->new_failures, std::vector<std::string>{"ACC-01"});

    // The failure gone: fixed.
    auto mended = clean;
    mended.baseline = run::compare_with(mended, run::read_baseline(report_of(broken), "broken.json"));
    EXPECT_EQ(mended.gate_failures(), 0);
    EXPECT_EQ(mended.baseline->fixed, std::vector<std::string>{"ACC-01"});
}

TEST(Baseline, TheSameCheckFailingAnotherWayIsNew) {
    // A different defect that broke the same ids once counted as known, and the gate passed.
    test::Broken known(unknown_resource_served());
    const auto before = test::run_all(known.cat, known.target, {"ACC-01"});
    ASSERT_EQ(before.must_failures(), 1);
    test::Broken other(test::answer("GET", "/api/resources/CliFors", 200, R"({"TotalRowsCount":0,"Records":[]})"));
    auto now = test::run_all(other.cat, other.target, {"ACC-01"});
    ASSERT_EQ(now.must_failures(), 1);
    now.baseline = run::compare_with(now, run::read_baseline(report_of(before), "before.json"));
    EXPECT_EQ(now.baseline->new_failures, std::vector<std::string>{"ACC-01"})
        << "another resource refused wrongly: a new way of failing";
    EXPECT_EQ(now.gate_failures(), 1);
    // The same way again, under another seed and key prefix: known.
    auto again = test::run_all(known.cat, known.target, {"ACC-01"});
    again.run_prefix = "zz9";
    again.baseline = run::compare_with(again, run::read_baseline(report_of(before), "before.json"));
    EXPECT_EQ(again.baseline->known_failures, std::vector<std::string>{"ACC-01"});
}

TEST(Baseline, SignaturesLeaveOutWhatVariesFromRunToRun) {
    client::Exchange e;
    e.url = "http://h/api/resources/CliFor?RecordSelection=x";
    const run::Finding a{.expected = "one CliFor row for the key of record 0 (cod_clifor = 'abc01x''y')",
                         .pointer = "/0/des_ragsoc",
                         .exchange = e};
    const run::Finding b{.expected = "one CliFor row for the key of record 3 (cod_clifor = 'def07q')",
                         .pointer = "/2/des_ragsoc",
                         .exchange = e};
    EXPECT_EQ(run::signature("SYN-02", a, "abc"), run::signature("SYN-02", b, "def"));
    // A prefix that is part of a word is not a key: the same failure under prefix "sta" keeps its signature.
    const run::Finding d{.expected = "status 200 for key sta03k", .pointer = "/0", .exchange = e};
    const run::Finding f{.expected = "status 200 for key qq103k", .pointer = "/0", .exchange = e};
    EXPECT_EQ(run::signature("SYN-02", d, "sta"), run::signature("SYN-02", f, "qq1"));
    EXPECT_EQ(run::signature("SYN-02", a, "abc"),
              "SYN-02 | CliFor | /#/des_ragsoc | one CliFor row for the key of record # (cod_clifor = '…')");
    e.url = "http://h/api/sync/Articoli";
    const run::Finding c{.expected = a.expected, .pointer = a.pointer, .exchange = e};
    EXPECT_NE(run::signature("SYN-02", a, "abc"), run::signature("SYN-02", c, "abc")) << "another resource";
}

TEST(Baseline, AFileThatIsNotAReportIsRefusedSayingWhere) {
    try {
        run::read_baseline(json{{"checks", json::array({json{{"id", "ACC-01"}}})}}, "old.json");
        FAIL() << "no error";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("old.json at /checks/0"), std::string::npos) << e.what();
    }
    EXPECT_THROW(run::read_baseline(json::array(), "old.json"), std::runtime_error);
}

TEST(Baseline, TheRunCommandExitsOneOnlyForNewMustFailures) {
    test::Broken b(unknown_resource_served());
    const auto dir = std::filesystem::temp_directory_path() / ("bds-baseline-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string known = (dir / "known.json").string(), empty = (dir / "empty.json").string();
    const std::string args = "run --base-url " + b.proxy->base_url() + " --check ACC-01,ACC-02 --seed 1 ";

    // No baseline: the MUST failure fails the gate.
    const auto first = test::run_conformance(args + "--report json=" + known, false);
    EXPECT_EQ(first.code, 1) << first.out;
    // The report of that run as the baseline: known, the gate passes.
    const auto with_known = test::run_conformance(args + "--baseline " + known, false);
    EXPECT_EQ(with_known.code, 0) << with_known.out;
    EXPECT_NE(with_known.out.find("known: ACC-01"), std::string::npos) << with_known.out;
    // A baseline without it (a clean run's report): new, the gate fails.
    const auto clean = test::run_conformance(
        "run --base-url " + b.stub.server->base_url() + " --check ACC-01,ACC-02 --seed 1 --report json=" + empty,
        false);
    EXPECT_EQ(clean.code, 0) << clean.out;
    const auto with_clean = test::run_conformance(args + "--baseline " + empty, false);
    EXPECT_EQ(with_clean.code, 1) << with_clean.out;
    EXPECT_NE(with_clean.out.find("new MUST failures: ACC-01"), std::string::npos) << with_clean.out;
    std::filesystem::remove_all(dir);
}

TEST(Shard, ShardsSplitTheChecksDeterministicallyAndEvenly) {
    const auto checks = all_checks();
    std::set<std::string> seen;
    for (int k = 1; k <= 4; ++k) {
        const auto shard = select_shard(checks, k, 4);
        EXPECT_LE(shard.size(), checks.size() / 4 + 1);
        EXPECT_GE(shard.size(), checks.size() / 4);
        for (const auto& c : shard) EXPECT_TRUE(seen.insert(c.id).second) << c.id << " in two shards";
        EXPECT_EQ(shard.size(), select_shard(checks, k, 4).size());
    }
    EXPECT_EQ(seen.size(), checks.size());
    EXPECT_THROW(select_shard(checks, 5, 4), std::invalid_argument);
}

}  // namespace
}  // namespace bds
