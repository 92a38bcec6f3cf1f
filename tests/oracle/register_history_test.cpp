// oracle::explain_register: histories a sequential order explains, and those none does.
#include "oracle/register_history.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace bds::oracle {
namespace {

using Kind = RegisterOp::Kind;
using Outcome = RegisterOp::Outcome;

RegisterOp write(std::size_t label, double sent, double answered, int value, Outcome outcome = Outcome::Applied) {
    return {
        .kind = Kind::Write, .label = label, .sent = sent, .answered = answered, .outcome = outcome, .value = value};
}
RegisterOp read(std::size_t label, double sent, double answered, std::vector<int> seen) {
    return {.kind = Kind::Read, .label = label, .sent = sent, .answered = answered, .seen = std::move(seen)};
}
RegisterOp read_nothing(std::size_t label, double sent, double answered) {
    RegisterOp r{.kind = Kind::Read, .label = label, .sent = sent, .answered = answered};
    r.absent = true;
    return r;
}

TEST(ExplainRegister, ConcurrentWritesThenReadsOfEitherValueAreExplained) {
    // Two sends of one key at once: whichever took effect last is what the reads after both see.
    for (int last : {0, 1}) {
        const auto v = explain_register(
            {write(1, 0, 10, 0), write(2, 1, 11, 1), read(3, 12, 13, {last}), read(4, 14, 15, {last})});
        EXPECT_TRUE(v.explained) << last << ": " << v.why;
        EXPECT_EQ(v.order.size(), 4u);
    }
}

TEST(ExplainRegister, TwoReadsAfterBothWritesThatDisagreeAreNot) {
    const auto v =
        explain_register({write(1, 0, 10, 0), write(2, 1, 11, 1), read(3, 12, 13, {0}), read(4, 14, 15, {1})});
    EXPECT_FALSE(v.explained);
}

TEST(ExplainRegister, AReadAfterAnAnsweredWriteThatFindsNoRowIsNot) {
    const auto v = explain_register({write(1, 0, 5, 0), read_nothing(2, 6, 7)});
    EXPECT_FALSE(v.explained);
    EXPECT_NE(v.why.find("read #2 began after send #1 was answered 200"), std::string::npos) << v.why;
}

TEST(ExplainRegister, AReadDuringTheWriteMaySeeEitherState) {
    EXPECT_TRUE(explain_register({write(1, 0, 10, 0), read_nothing(2, 2, 3)}).explained);
    EXPECT_TRUE(explain_register({write(1, 0, 10, 0), read(2, 2, 3, {0})}).explained);
}

TEST(ExplainRegister, ReadsAreNotOrderedByEachOther) {
    // A read saw the new value, a later read the old one, while the write was still in flight: the seeds say nothing
    // of what readers see during a write (docs/races.md), so it is explained.
    EXPECT_TRUE(
        explain_register({write(1, 0, 2, 0), write(2, 3, 20, 1), read(3, 4, 5, {1}), read(4, 6, 7, {0})}).explained);
}

TEST(ExplainRegister, TwoRowsOrAMixedRowAreNeverExplained) {
    RegisterOp two = read(2, 11, 12, {});
    two.several = true;
    EXPECT_FALSE(explain_register({write(1, 0, 10, 0), two}).explained);
    const auto mixed = explain_register({write(1, 0, 10, 0), write(2, 0, 10, 1), read(3, 11, 12, {})});
    EXPECT_FALSE(mixed.explained);
    EXPECT_NE(mixed.why.find("no send, whole"), std::string::npos) << mixed.why;
}

TEST(ExplainRegister, ARefusedWriteNeverTakesEffectAndAnUnansweredOneMay) {
    EXPECT_FALSE(explain_register({write(1, 0, 5, 0, Outcome::Refused), read(2, 6, 7, {0})}).explained);
    EXPECT_TRUE(explain_register({write(1, 0, 5, 0, Outcome::Refused), read_nothing(2, 6, 7)}).explained);
    const double never = std::numeric_limits<double>::infinity();
    EXPECT_TRUE(explain_register({write(1, 0, never, 0, Outcome::Unknown), read_nothing(2, 6, 7)}).explained);
    EXPECT_TRUE(explain_register({write(1, 0, never, 0, Outcome::Unknown), read(2, 6, 7, {0})}).explained);
}

TEST(ExplainRegister, AValueCannotComeBackOnceOverwrittenByAnAnsweredWrite) {
    // 0 then 1, one after the other: a read after both that sees 0 is stale.
    EXPECT_FALSE(explain_register({write(1, 0, 2, 0), write(2, 3, 5, 1), read(3, 6, 7, {0})}).explained);
}

}  // namespace
}  // namespace bds::oracle
