// A check's place among the requests waiting for a slot (client/urgency.hpp): the most round trips ahead first, equal
// ones in start order; a check's own requests bring it down, never below the checks with none ahead.
#include <gtest/gtest.h>

#include "client/urgency.hpp"

namespace bds::client {
namespace {

TEST(Urgency, WithoutAChainTheCheckStartedFirstGoesFirst) {
    const Urgency early(1000, 0), late(2000, 0);
    EXPECT_LT(early.priority(), late.priority());
}

TEST(Urgency, TheMostRoundTripsAheadGoFirstWhateverTheStart) {
    const Urgency short_early(1000, 5), long_late(900000, 60), none(10, 0);
    EXPECT_LT(long_late.priority(), short_early.priority());
    EXPECT_LT(short_early.priority(), none.priority());
}

TEST(Urgency, EachRequestOfItsOwnChainBringsItDownToTheOthersThenByStart) {
    Urgency long_early(1000, 12);
    const Urgency short_late(5000, 10);
    long_early.advanced();
    EXPECT_LT(long_early.priority(), short_late.priority()) << "11 ahead against 10";
    long_early.advanced();
    EXPECT_LT(long_early.priority(), short_late.priority()) << "10 against 10: started first";
    long_early.advanced();
    EXPECT_GT(long_early.priority(), short_late.priority()) << "9 against 10";
    for (int i = 0; i < 50; ++i) long_early.advanced();
    EXPECT_EQ(long_early.priority(), Urgency(1000, 0).priority()) << "past its hint: none ahead, in start order";
}

}  // namespace
}  // namespace bds::client
