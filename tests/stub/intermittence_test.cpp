// A defect shown on a fraction of requests (stub/variation/intermittence.hpp): drawn once per request from a seed,
// the draws alone and through the stub's answers.
#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

#include "stub/defect_fixture.hpp"
#include "stub/variation/intermittence.hpp"

namespace bds::test {
namespace {

using stub::Intermittence;

/// Whether the defect shows on each of `n` requests served on this thread, one after the other.
std::vector<bool> draws(const Intermittence& intermittence, int n) {
    std::vector<bool> out;
    for (int i = 0; i < n; ++i) {
        intermittence.begin_request();
        out.push_back(intermittence.shows());
        intermittence.end_request();
    }
    return out;
}

long shown_on(const std::vector<bool>& draws) { return std::count(draws.begin(), draws.end(), true); }

TEST(Intermittence, AtRateOneTheDefectShowsAlwaysInAndOutsideRequests) {
    const Intermittence always(1.0, 5);
    EXPECT_TRUE(always.shows()) << "outside a request: construction asks the policy (whether tokens expire)";
    EXPECT_EQ(shown_on(draws(always, 50)), 50);
}

TEST(Intermittence, EachRequestDrawsOnceFromTheSeed) {
    const Intermittence half(0.5, 11);
    const auto first = draws(half, 200);
    EXPECT_GE(shown_on(first), 60);
    EXPECT_LE(shown_on(first), 140);
    const Intermittence again(0.5, 11);
    EXPECT_EQ(draws(again, 200), first) << "the same seed draws the same requests";
    const Intermittence other(0.5, 12);
    EXPECT_NE(draws(other, 200), first);
    const Intermittence rare(0.1, 11);
    EXPECT_LE(shown_on(draws(rare, 200)), 40);
}

TEST(Intermittence, ARequestKeepsItsDrawAndOtherThreadsKeepTheStandingOne) {
    const Intermittence half(0.5, 3);
    const bool standing = half.shows();
    for (int i = 0; i < 40; ++i) {
        half.begin_request();
        const bool drawn = half.shows();
        for (int j = 0; j < 10; ++j) ASSERT_EQ(half.shows(), drawn) << "every question of a request, one answer";
        bool elsewhere = !standing;
        std::thread([&] { elsewhere = half.shows(); }).join();
        EXPECT_EQ(elsewhere, standing) << "a thread serving no request";
        half.end_request();
        EXPECT_EQ(half.shows(), standing) << "after the request";
    }
}

TEST_F(StubDefect, ADefectAtARateShowsOnThatFractionOfRequests) {
    // total-ignores-filter shows in one answer: the filtered read's TotalRowsCount is the unfiltered 3, not 1.
    const auto totals = [&](double rate, std::uint64_t seed) {
        start(Defect::named("total-ignores-filter"), {}, rate, seed);
        three_families();
        const std::string bearer = token();
        std::vector<bool> out;
        for (int i = 0; i < 200; ++i) {
            const Answer a = get("/api/resources/Famiglia?" + selection("cod_famiglia = 'F1'"), bearer);
            const long total = a.body.value("TotalRowsCount", -1L);
            EXPECT_TRUE(total == 1 || total == 3) << a.text;
            out.push_back(total == 3);
        }
        return out;
    };
    const auto half = totals(0.5, 7);
    EXPECT_GE(shown_on(half), 60) << "about half of 200";
    EXPECT_LE(shown_on(half), 140);
    EXPECT_EQ(totals(0.5, 7), half) << "the same seed shows it on the same requests, one client asking";
    EXPECT_NE(totals(0.5, 8), half);
    EXPECT_EQ(shown_on(totals(1.0, 7)), 200) << "rate 1: every request, as the matrices run";
}

}  // namespace
}  // namespace bds::test
