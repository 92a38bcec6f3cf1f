// Parts of a check at once (run/at_once.hpp): parts sharing a key on one lane, the lanes on connections of their own
// at once, their findings in the parts' order, the lowest part's exception, and the chain: the longest lane.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "bundled/embedded_stub.hpp"
#include "run/at_once.hpp"
#include "run/runner.hpp"
#include "run/suite_fixture.hpp"

namespace bds {
namespace {

run::CheckResult run_parts(const std::function<void(Context&)>& run, int jobs = 4) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    const Check check{.id = "ZZZ-01", .title = "parts at once", .resources = {"CliFor"}, .run = run, .suite = "zzz"};
    run::RunOptions options;
    options.seed = 1;
    options.jobs = jobs;
    return test::result_of(run::run_checks(cat, stub.target, {check}, options), "ZZZ-01");
}

void read_one_page(Context& ctx) {
    ctx.page_of(ctx.api.list(client::kWriter, "CliFor", {std::nullopt, 1, 1}), "a page");
}

TEST(AtOnce, PartsSharingAKeyShareALaneTheOthersTakeTheLanesInTurn) {
    const std::vector<std::vector<std::string>> keys = {{"a"}, {}, {"b"}, {"a", "c"}, {"c"}, {}, {"b"}};
    const auto lanes = lanes_by_keys(
        keys.size(), [&](std::size_t i) { return keys[i]; }, 3);
    EXPECT_EQ(lanes[0], lanes[3]) << "a";
    EXPECT_EQ(lanes[3], lanes[4]) << "c joins a's lane";
    EXPECT_EQ(lanes[2], lanes[6]) << "b";
    EXPECT_NE(lanes[0], lanes[1]);
    EXPECT_NE(lanes[1], lanes[2]);
    EXPECT_EQ(lanes, (std::vector<std::size_t>{0, 1, 2, 0, 0, 1, 2}))
        << "each group, by first part, takes the lane with the fewest parts so far";
}

TEST(AtOnce, GroupsGoToTheLaneWithTheLeastWeightSoThatTheLongestLaneIsShort) {
    const std::vector<std::size_t> weight = {8, 2, 8, 2, 8, 2};
    const auto lanes = lanes_by_keys(
        weight.size(), [](std::size_t) { return std::vector<std::string>{}; }, 2,
        [&](std::size_t i) { return weight[i]; });
    std::vector<std::size_t> load(2, 0);
    for (std::size_t i = 0; i < weight.size(); ++i) load[lanes[i]] += weight[i];
    EXPECT_EQ(load, (std::vector<std::size_t>{18, 12})) << "in turn, the lanes would carry 24 and 6";
}

TEST(AtOnce, LanesRunAtOnceAndTheChainIsTheLongestLane) {
    std::atomic<int> running = 0, most = 0;
    const auto r = run_parts([&](Context& ctx) {
        read_one_page(ctx);
        at_once(ctx, 2 * kLanes, [&](std::size_t, Context& part) {
            const int now = ++running;
            most = std::max(most.load(), now);
            std::this_thread::sleep_for(std::chrono::milliseconds(30));
            read_one_page(part);
            read_one_page(part);
            --running;
        });
    });
    EXPECT_EQ(r.outcome, run::Outcome::Pass) << r.reason;
    EXPECT_GT(most.load(), 1) << "the parts' lanes ran at once";
    EXPECT_EQ(r.requests, 1 + 2 * 2 * static_cast<long>(kLanes)) << "every part's requests count as the check's";
    EXPECT_EQ(r.chain, 1 + 2 * 2) << "its own request, then the longest lane: two parts of two requests";
}

TEST(AtOnce, FindingsComeInThePartsOrderAndTheLowestPartsErrorIsTheChecks) {
    const auto r = run_parts([&](Context& ctx) {
        at_once(ctx, 12, [&](std::size_t i, Context& part) {
            // The later parts end first: the order of the findings is the parts', not the lanes' ends.
            std::this_thread::sleep_for(std::chrono::milliseconds(5 * (12 - static_cast<int>(i))));
            part.finding({.expected = "nothing", .actual = "part " + std::to_string(i)});
            if (i == 5 || i == 2) throw CheckError("part " + std::to_string(i) + " could not decide");
        });
    });
    EXPECT_EQ(r.outcome, run::Outcome::Error);
    EXPECT_EQ(r.reason, "part 2 could not decide");
    ASSERT_GE(r.findings.size(), 3u);
    for (std::size_t i = 0; i + 1 < r.findings.size(); ++i)
        EXPECT_LT(std::stoi(r.findings[i].actual.substr(5)), std::stoi(r.findings[i + 1].actual.substr(5)));
}

TEST(AtOnce, OneRequestInFlightAtATimeStillRunsEveryPart) {
    std::atomic<int> parts = 0;
    const auto r = run_parts(
        [&](Context& ctx) {
            at_once(ctx, 10, [&](std::size_t, Context& part) {
                read_one_page(part);
                ++parts;
            });
        },
        1);
    EXPECT_EQ(r.outcome, run::Outcome::Pass) << r.reason;
    EXPECT_EQ(parts.load(), 10);
}

}  // namespace
}  // namespace bds
