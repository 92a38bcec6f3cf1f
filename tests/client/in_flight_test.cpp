// How many requests a run has in flight (client/in_flight.hpp): halved by a time-out or answers far slower than the
// fastest lately, once a round; raised by one per limit of answers at their usual speed; never above --jobs.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "client/in_flight.hpp"

namespace bds::client {
namespace {

using std::chrono::milliseconds;

const auto never = [] { return false; };

TEST(InFlight, ATimeOutHalvesTheLimitOncePerRound) {
    InFlight f(8);
    {
        auto a = f.enter(never), b = f.enter(never);
        f.timed_out(a);
        EXPECT_EQ(f.limit(), 4);
        f.timed_out(b);
        EXPECT_EQ(f.limit(), 4) << "b was sent before the decrease: its time-out says nothing new";
    }
    f.timed_out(f.enter(never));
    EXPECT_EQ(f.limit(), 2);
    f.timed_out(f.enter(never));
    f.timed_out(f.enter(never));
    EXPECT_EQ(f.limit(), 1) << "never below one";
    ASSERT_EQ(f.story().size(), 1u);
    EXPECT_NE(f.story()[0].find("lowered to 4 (a request got no answer within its time-out)"), std::string::npos)
        << f.story()[0];
}

/// Answers `n` requests at `latency` each, with the limit all in use (every slot taken) when each comes.
void answer_full(InFlight& f, int n, milliseconds latency) {
    for (int i = 0; i < n; ++i) {
        std::vector<InFlight::Slot> slots;
        for (int k = 0; k < f.limit(); ++k) slots.push_back(f.enter(never));
        f.answered(slots.front(), latency);
    }
}

TEST(InFlight, AnswersAtTheirUsualSpeedRaiseItBackToJobsNotBeyondWithoutACap) {
    InFlight f(4);
    f.timed_out(f.enter(never));
    EXPECT_EQ(f.limit(), 2);
    answer_full(f, 40, milliseconds(20));
    EXPECT_EQ(f.limit(), 4);
    EXPECT_NE(f.story()[0].find("raised to 3"), std::string::npos) << f.story()[0];
}

TEST(InFlight, AFarTargetAnsweringAsFastRaisesItPastJobsUpToTheCap) {
    InFlight f(8, true, 32);
    answer_full(f, 2000, milliseconds(100));
    EXPECT_EQ(f.limit(), 32) << "a round trip of 100 ms, whatever the requests in flight";
    EXPECT_NE(f.story()[0].find("raised to 9"), std::string::npos) << f.story()[0];
    answer_full(f, 20, milliseconds(900));
    EXPECT_LE(f.limit(), 16) << "then slower answers halve it as before";
}

TEST(InFlight, AFarTargetsLimitDoublesARoundWhileAnswersStayFlat) {
    InFlight f(8, true, 32);
    answer_full(f, 8 + 24, milliseconds(100));
    EXPECT_EQ(f.limit(), 32) << "one more per answer past --jobs: 8 to 32 in three rounds, not 24";
    answer_full(f, 9, milliseconds(200));
    EXPECT_EQ(f.limit(), 32) << "the rise ended at the cap: answers twice as slow hold it, as below --jobs";
}

TEST(InFlight, AFastRisePausesAtAHiccupAndEndsAtAQueueBackToHalfThenByOneARound) {
    InFlight f(8, true, 64);
    answer_full(f, 8 + 16, milliseconds(100));
    ASSERT_GE(f.limit(), 20);
    answer_full(f, 9, milliseconds(118));  // a hiccup: no longer flat, but no queue
    const int paused = f.limit();
    answer_full(f, 9, milliseconds(118));
    ASSERT_EQ(f.limit(), paused) << "a hiccup pauses the rise, and ends nothing";
    answer_full(f, 9, milliseconds(200));  // a queue forming: far from three times slower, but past 1.5 times
    EXPECT_EQ(f.limit(), paused / 2);
    ASSERT_EQ(f.story().size(), 1u);
    EXPECT_NE(f.story()[0].find("the fast rise ends"), std::string::npos) << f.story()[0];
    const int halved = f.limit();
    answer_full(f, 9, milliseconds(100));  // flat again: by one a round from here
    answer_full(f, 2 * f.limit(), milliseconds(100));
    EXPECT_GT(f.limit(), halved);
    EXPECT_LE(f.limit(), halved + 3);
}

TEST(InFlight, ANearTargetStaysAtJobsHowEverFastItAnswers) {
    InFlight f(4, true, 32);
    answer_full(f, 2000, milliseconds(5));
    EXPECT_EQ(f.limit(), 4) << "answers in 5 ms: no round trips to overlap, and a busy server thrashes sooner";
}

TEST(InFlight, ALimitNotInUseIsNotRaised) {
    InFlight f(8, true, 32);
    for (int i = 0; i < 2000; ++i) f.answered(f.enter(never), milliseconds(100));
    EXPECT_EQ(f.limit(), 8) << "one request at a time says nothing of 9 at once";
}

TEST(InFlight, AFixedConcurrencyIgnoresTheCap) {
    InFlight f(8, false, 32);
    answer_full(f, 2000, milliseconds(100));
    EXPECT_EQ(f.limit(), 8);
}

TEST(InFlight, ResumingSetsTheLimitWithinTheCapAndAFixedOneStays) {
    InFlight adaptive(8, true, 32);
    adaptive.resume_at(20);
    EXPECT_EQ(adaptive.limit(), 20);
    adaptive.resume_at(100);
    EXPECT_EQ(adaptive.limit(), 32) << "never past the cap";
    adaptive.resume_at(0);
    EXPECT_EQ(adaptive.limit(), 1);
    InFlight fixed(8, false, 32);
    fixed.resume_at(20);
    EXPECT_EQ(fixed.limit(), 8);
}

TEST(InFlight, AQueueGrowingAtTheTargetLowersIt) {
    InFlight f(8);
    for (int i = 0; i < 10; ++i) f.answered(f.enter(never), milliseconds(50));
    EXPECT_EQ(f.limit(), 8);
    for (int i = 0; i < 10; ++i) f.answered(f.enter(never), milliseconds(50 + 100 * i));
    EXPECT_LT(f.limit(), 8);
    EXPECT_NE(f.story()[0].find("at best lately"), std::string::npos) << f.story()[0];
}

TEST(InFlight, VariedButSteadyAnswersLeaveItAlone) {
    // Checks ask for very different things (a token, a page of 10 rows, a query of thousands): no queue, no change.
    InFlight f(8);
    for (int i = 0; i < 500; ++i) f.answered(f.enter(never), milliseconds(i % 7 == 0 ? 90 : 2));
    EXPECT_EQ(f.limit(), 8);
    EXPECT_TRUE(f.story().empty());
}

TEST(InFlight, NoMoreThanTheLimitAtOnceAndTheEndWakesTheWaiters) {
    InFlight f(2);
    auto a = f.enter(never), b = f.enter(never);
    std::atomic<bool> ended = false, got = false;
    std::thread waiter([&] {
        auto s = f.enter([&] { return ended.load(); });
        got = true;
    });
    std::this_thread::sleep_for(milliseconds(150));
    EXPECT_FALSE(got) << "two in flight already";
    ended = true;
    f.wake_all();
    waiter.join();
    EXPECT_TRUE(got) << "the run's end ends the wait";
    { InFlight::Slot gone = std::move(a); }
    auto c = f.enter(never);  // a slot given back is free again
    SUCCEED();
}

TEST(InFlight, AGroupFitsUnderTheLimitBesideOthers) {
    InFlight f(4);
    auto a = f.enter(never);
    std::atomic<bool> got = false;
    std::thread group([&] {
        auto g = f.enter_group(3, never);
        got = true;
    });
    group.join();
    EXPECT_TRUE(got) << "one in flight and three more fit under four";
}

TEST(InFlight, AGroupAboveTheLimitWaitsUntilNothingElseIsInFlightAndHoldsSinglesBack) {
    InFlight f(2);
    f.timed_out(f.enter(never));  // the limit is 1 now
    ASSERT_EQ(f.limit(), 1);
    auto a = f.enter(never);
    std::atomic<bool> group_in = false, single_in = false;
    std::thread group([&] {
        auto g = f.enter_group(3, never);
        group_in = true;
        std::this_thread::sleep_for(milliseconds(150));
        EXPECT_FALSE(single_in) << "the group's slots are the run's only ones meanwhile";
    });
    std::this_thread::sleep_for(milliseconds(100));
    std::thread single([&] {
        auto s = f.enter(never);
        single_in = true;
    });
    std::this_thread::sleep_for(milliseconds(100));
    EXPECT_FALSE(group_in) << "a request is in flight and three do not fit under one";
    EXPECT_FALSE(single_in) << "a new single waits behind the waiting group, else the group could wait for ever";
    { InFlight::Slot gone = std::move(a); }
    group.join();
    single.join();
    EXPECT_TRUE(group_in);
    EXPECT_TRUE(single_in) << "once the group gave its slots back";
}

TEST(InFlight, TheEndEndsAGroupsWaitAndFreesTheSinglesBehindIt) {
    InFlight f(1);
    auto a = f.enter(never);
    std::atomic<bool> ended = false;
    InFlight::Slot g;
    std::thread group([&] { g = f.enter_group(2, [&] { return ended.load(); }); });
    std::this_thread::sleep_for(milliseconds(50));
    ended = true;
    group.join();
    { InFlight::Slot gone = std::move(a); }
    auto b = f.enter(never);  // no group waits any more
    SUCCEED();
}

}  // namespace
}  // namespace bds::client
