// The streaks that stop a run (client/target_watch.hpp): across checks, never from one check's provocations, and a
// usable answer ends them.
#include <gtest/gtest.h>

#include "client/target_watch.hpp"

namespace bds::client {
namespace {

TEST(TargetWatch, RequestsWithoutAnAnswerFromTwoChecksStopTheRun) {
    TargetWatch w;
    EXPECT_FALSE(w.note(1, Answer::None, "GET /a: timeout"));
    EXPECT_FALSE(w.note(1, Answer::None, "GET /b: timeout")) << "one check alone";
    const auto why = w.note(2, Answer::None, "GET /c: timeout");
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("stopped answering"), std::string::npos) << *why;
    EXPECT_NE(why->find("GET /c: timeout"), std::string::npos) << *why;
    EXPECT_FALSE(w.note(3, Answer::None, "GET /d")) << "once";
}

TEST(TargetWatch, OneCheckAloneNeedsALongerStreak) {
    // A check may provoke a closed connection with the oversized body it sends: three in a row are no verdict.
    TargetWatch w;
    for (std::size_t i = 1; i < TargetWatch::kNoAnswerAlone; ++i)
        EXPECT_FALSE(w.note(7, Answer::None, "POST /x: closed")) << i;
    EXPECT_TRUE(w.note(7, Answer::None, "POST /x: closed"));
}

TEST(TargetWatch, AnAnswerEndsTheStreak) {
    TargetWatch w;
    EXPECT_FALSE(w.note(1, Answer::None, "a"));
    EXPECT_FALSE(w.note(3, Answer::Usable, "b"));
    EXPECT_FALSE(w.note(2, Answer::None, "c"));
    EXPECT_FALSE(w.note(3, Answer::Usable, "d"));
    EXPECT_FALSE(w.note(1, Answer::None, "e"));
}

TEST(TargetWatch, AcceptedWritesEndOnlyTheNoAnswerStreak) {
    // Checks running at once interleave their writes with their reads: a target that accepts every write and answers
    // no list usably is still found out, while an accepted write shows that it answers.
    TargetWatch w;
    std::optional<std::string> why;
    for (std::size_t i = 0; i < TargetWatch::kUnusableStreak && !why; ++i) {
        EXPECT_FALSE(w.note(9, Answer::Written, "POST /api/sync/CliFor: 200"));
        why = w.note(1 + i % 3, Answer::Unusable, "GET /x: unreadable list");
    }
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("answers nothing usable"), std::string::npos) << *why;
    TargetWatch v;
    EXPECT_FALSE(v.note(1, Answer::None, "a"));
    EXPECT_FALSE(v.note(3, Answer::Written, "b"));
    EXPECT_FALSE(v.note(2, Answer::None, "c")) << "an accepted write ends a streak of requests without an answer";
}

TEST(TargetWatch, UnusableAnswersFromThreeChecksStopTheRun) {
    TargetWatch w;
    std::optional<std::string> why;
    for (std::size_t i = 0; i < TargetWatch::kUnusableStreak && !why; ++i)
        why = w.note(1 + i % 3, Answer::Unusable, "GET /x: 500");
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("answers nothing usable"), std::string::npos) << *why;
    EXPECT_NE(why->find("from 3 checks"), std::string::npos) << *why;
}

TEST(TargetWatch, UnusableAnswersOfOneOrTwoChecksAreTheirFindings) {
    // A server answering 500 to malformed input (a SHOULD finding of the robustness checks) is no dead target.
    TargetWatch w;
    for (int i = 0; i < 200; ++i) EXPECT_FALSE(w.note(1 + i % 2, Answer::Unusable, "POST /api/sync/CliFor: 500"));
}

TEST(TargetWatch, AnAnswerBetweenNoAnswersResetsTheNoAnswerStreakNotTheUnusableOne) {
    TargetWatch w;
    for (int i = 0; i < 11; ++i) EXPECT_FALSE(w.note(1 + i % 3, i % 2 ? Answer::None : Answer::Unusable, "x")) << i;
    EXPECT_TRUE(w.note(3, Answer::Unusable, "x")) << "12 without a usable answer, from 3 checks";
}

TEST(TargetWatch, ASlowTargetThatStillAnswersIsNotGone) {
    // A busy staging server times out some requests while it answers others: only a window with no answer at all
    // stops the run, and time-outs never count as unusable answers.
    const auto t0 = TargetWatch::Clock::now();
    TargetWatch w(std::chrono::seconds(30));
    EXPECT_FALSE(w.note(1, Answer::Usable, "GET /a: 200", t0));
    for (int i = 0; i < 20; ++i)
        EXPECT_FALSE(w.note(1 + i % 3, Answer::TimedOut, "GET /b: timeout", t0 + std::chrono::seconds(1 + i))) << i;
    EXPECT_FALSE(w.note(3, Answer::Unusable, "GET /d: 503", t0 + std::chrono::seconds(22))) << "a 503 is an answer";
    EXPECT_FALSE(w.note(1, Answer::TimedOut, "GET /e: timeout", t0 + std::chrono::seconds(45)));
    const auto why = w.note(2, Answer::TimedOut, "GET /f: timeout", t0 + std::chrono::seconds(53));
    ASSERT_TRUE(why) << "31 s without any answer";
    EXPECT_NE(why->find("no request got an answer for 31 s"), std::string::npos) << *why;
    EXPECT_NE(why->find("--gone-after 30 s"), std::string::npos) << *why;
}

TEST(TargetWatch, RequestsThatFailAtOnceStopItWithoutWaitingTheWindow) {
    // Refused, cut, junk: no slowness to wait out.
    const auto t0 = TargetWatch::Clock::now();
    TargetWatch w(std::chrono::seconds(30));
    EXPECT_FALSE(w.note(1, Answer::Usable, "GET /a: 200", t0));
    EXPECT_FALSE(w.note(1, Answer::None, "GET /b: closed", t0 + std::chrono::seconds(1)));
    EXPECT_TRUE(w.note(2, Answer::None, "GET /c: closed", t0 + std::chrono::seconds(1)));
}

}  // namespace
}  // namespace bds::client
