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

}  // namespace
}  // namespace bds::gen
