// What the harness relies on of RapidCheck's internals (src/generate/rapidcheck_adapter.*): run after a
// RapidCheck upgrade, these say whether the adapter still works.
#include <gtest/gtest.h>

#include <rapidcheck.h>

#include <iostream>
#include <sstream>

#include "generate/rapidcheck_adapter.hpp"

namespace bds::gen {
namespace {

using Kind = PropertyOutcome::Kind;

TEST(RapidcheckAdapter, APassingPropertyRunsItsCases) {
    int runs = 0;
    const auto out = check_property([&] { ++runs; }, {1, 25, 100, "T-01", "passes"});
    EXPECT_EQ(out.kind, Kind::Passed);
    EXPECT_EQ(runs, 25);
    EXPECT_TRUE(out.counterexample.empty());
}

TEST(RapidcheckAdapter, AFailingPropertyIsShrunkToItsMinimalCase) {
    const auto out = check_property(
        [] {
            const int n = *rc::gen::inRange(0, 1000);
            if (n >= 10) RC_FAIL("too big");
        },
        {7, 100, 100, "T-02", "fails"});
    ASSERT_EQ(out.kind, Kind::Failed);
    EXPECT_NE(out.description.find("too big"), std::string::npos);
    ASSERT_EQ(out.counterexample.size(), 1u);
    EXPECT_EQ(out.counterexample.front(), "10");
}

TEST(RapidcheckAdapter, TheSameSeedDrawsTheSameCases) {
    const auto draw = [](std::uint64_t seed) {
        std::vector<int> seen;
        check_property([&] { seen.push_back(*rc::gen::inRange(0, 1'000'000)); }, {seed, 5, 100, "T-03", "draws"});
        return seen;
    };
    EXPECT_EQ(draw(42), draw(42));
    EXPECT_NE(draw(42), draw(43));
}

TEST(RapidcheckAdapter, DiscardingEveryCaseGivesUp) {
    const auto out = check_property([] { RC_DISCARD("never"); }, {1, 10, 100, "T-04", "gives up"});
    EXPECT_EQ(out.kind, Kind::GaveUp);
    EXPECT_FALSE(out.description.empty());
}

TEST(RapidcheckAdapter, NothingIsPrinted) {
    std::ostringstream err;
    std::streambuf* saved = std::cerr.rdbuf(err.rdbuf());
    std::ostringstream out;
    std::streambuf* saved_out = std::cout.rdbuf(out.rdbuf());
    load_rapidcheck_configuration_quietly();
    check_property([] { RC_FAIL("x"); }, {1, 3, 100, "T-05", "silent"});
    std::cerr.rdbuf(saved);
    std::cout.rdbuf(saved_out);
    EXPECT_EQ(err.str(), "");
    EXPECT_EQ(out.str(), "");
    EXPECT_TRUE(std::cerr.good());
}

TEST(RapidcheckAdapter, DrawnCasesAreThePropertysCasesAndDrawAgainFromTheirOrigins) {
    const PropertyParams params{42, 30, 100, "T-06", "draws"};
    std::vector<int> by_property, drawn, again;
    // Values kept only when not discarded: every third is, so the sizes and random splits of the cases after a
    // discard must follow RapidCheck's too.
    check_property(
        [&] {
            const int v = *rc::gen::inRange(0, 1'000'000);
            RC_PRE(v % 3 != 0);
            by_property.push_back(v);
        },
        params);
    int last = -1;
    const auto draw = [&] {
        last = *rc::gen::inRange(0, 1'000'000);
        RC_PRE(last % 3 != 0);
    };
    const auto cases = draw_cases(
        [&] {
            draw();
            drawn.push_back(last);
        },
        params);
    EXPECT_EQ(cases.outcome.kind, Kind::Passed) << cases.outcome.description;
    EXPECT_EQ(drawn, by_property);
    ASSERT_EQ(cases.origins.size(), 30u);
    for (const auto& origin : cases.origins) {
        const CaseShrinks one(draw, origin);
        again.push_back(last);
    }
    EXPECT_EQ(again, by_property);
}

TEST(RapidcheckAdapter, ACaseShrinksAsRapidCheckShrinksIt) {
    int last = -1;
    const auto draw = [&] { last = *rc::gen::inRange(0, 1000); };
    const auto cases = draw_cases(draw, {7, 100, 100, "T-07", "shrinks"});
    std::size_t failing = 0;
    for (; failing < cases.origins.size(); ++failing) {
        const CaseShrinks one(draw, cases.origins[failing]);
        if (last >= 10) break;
    }
    ASSERT_LT(failing, cases.origins.size());
    CaseShrinks shrinks(draw, cases.origins[failing]);
    int tries = 0;
    while (shrinks.next()) {
        ++tries;
        if (last >= 10) shrinks.keep();
    }
    EXPECT_GT(tries, 1);
    EXPECT_EQ(shrinks.shown(), std::vector<std::string>{"10"}) << "the minimal case, as check_property finds it";
}

TEST(RapidcheckAdapter, DrawingThatThrowsIsAnError) {
    const auto cases = draw_cases([] { throw std::runtime_error("no generator for this"); }, {1, 5, 100, "T-08", "x"});
    EXPECT_EQ(cases.outcome.kind, Kind::Error);
    EXPECT_NE(cases.outcome.description.find("no generator for this"), std::string::npos);
    EXPECT_EQ(draw_cases([] { RC_DISCARD("never"); }, {1, 5, 100, "T-09", "x"}).outcome.kind, Kind::GaveUp);
}

}  // namespace
}  // namespace bds::gen
