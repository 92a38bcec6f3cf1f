// The RecordSelection oracle over every reading (oracle/readings.hpp): MUST answers only where readings agree,
// and the target's answers about the others as evidence of its reading.
#include <gtest/gtest.h>

#include "oracle/readings.hpp"
#include "test_records.hpp"

namespace bds::oracle {
namespace {

using nlohmann::json;
using test::field;

const Record& test_record() {
    static const Record r = test::record("Oracle", {field("name", "nvarchar(10)"), field("flag", "nchar(1)"),
                                                    field("qty", "int"), field("small", "float(10)")});
    return r;
}

Selection parse(const std::string& c) { return Selection::parse(c, test_record()); }

Membership judged(const std::string& c, const json& row,
                  std::optional<Collation> collation = Collation::CaseInsensitive) {
    const Selection s = parse(c);
    return membership(s, row, readings_for(s, collation));
}

TEST(OracleReadings, OnlyThePointsAConditionTouchesMultiplyTheReadings) {
    EXPECT_EQ(readings_for(parse("qty = 1"), std::nullopt).size(), 1u);
    EXPECT_EQ(readings_for(parse("qty = 1"), std::nullopt).front(), Reading{});
    // name = 'a': collation (2) with folding under ci (+1), accents (2), trailing blanks in = (2).
    EXPECT_EQ(readings_for(parse("name = 'a'"), std::nullopt).size(), 12u);
    EXPECT_EQ(readings_for(parse("name = 'a'"), Collation::CaseSensitive).size(), 4u);
    EXPECT_EQ(readings_for(parse("name = 'a'"), Collation::CaseSensitive).front(),
              Reading::sql_server(Collation::CaseSensitive));
    // flag LIKE '' AND small > 1 under ci: folding with LIKE's case (3: Latin, Latin with ASCII-only LIKE, ASCII),
    // accents (2), char(n) padded or not by blanks in = (3 padded: ignored, significant, PostgreSQL's char(n); 2 not
    // padded), blanks in LIKE (3), '' (2), float (2).
    EXPECT_EQ(readings_for(parse("flag LIKE '' AND small > 1"), Collation::CaseInsensitive).size(),
              3u * 2 * (3 + 2) * 3 * 2 * 2);
}

TEST(OracleReadings, TheIssuesCounterexampleIsNoMustAnswer) {
    // An nchar(1) value read back "" (a server that stores text as sent): SQL Server would pad it, others not.
    EXPECT_EQ(judged("flag NOT LIKE ''", {{"flag", ""}}), Membership::Depends);
    EXPECT_EQ(judged("'' = flag", {{"flag", ""}}), Membership::Depends);  // '' may be NULL
    EXPECT_EQ(judged("flag = 'C'", {{"flag", "C"}}), Membership::Selected);
    EXPECT_EQ(judged("flag = 'C'", {{"flag", "F"}}), Membership::NotSelected);
    EXPECT_EQ(judged("name = 'ab'", {{"name", "ab "}}), Membership::Depends);
    EXPECT_EQ(judged("name = 'ab'", {{"name", "ab"}}), Membership::Selected);
    EXPECT_EQ(judged("name = 'AB'", {{"name", "ab"}}, std::nullopt), Membership::Depends);
    EXPECT_EQ(judged("name = 'AB'", {{"name", "ab"}}), Membership::Selected);
    EXPECT_EQ(judged("name = 'è'", {{"name", "e"}}), Membership::Depends);
    EXPECT_EQ(judged("qty = 1 OR name IS NULL", {{"qty", 1}}), Membership::Selected);
    EXPECT_EQ(judged("qty = 2", {{"qty", 1}}), Membership::NotSelected);
}

TEST(OracleReadings, EvidenceNamesTheReadingTheAnswersFit) {
    ReadingEvidence evidence(Collation::CaseInsensitive);
    EXPECT_EQ(evidence.answers(), 0u);
    // A server that counted trailing blanks: 'ab ' not returned for name = 'ab'.
    evidence.note(parse("name = 'ab'"), {{"name", "ab "}}, false);
    EXPECT_EQ(evidence.answers(), 1u);
    const std::string one = evidence.summary();
    EXPECT_NE(one.find("trailing blanks in =: significant"), std::string::npos) << one;
    EXPECT_EQ(one.find("accents"), std::string::npos) << "the answer says nothing of accents: " << one;
    // Then it returned an accented row for an unaccented literal.
    evidence.note(parse("name = 'e'"), {{"name", "è"}}, true);
    EXPECT_NE(evidence.summary().find("accents: ignored"), std::string::npos) << evidence.summary();
    // And then as SQL Server would: no one reading explains all three.
    evidence.note(parse("name = 'ab'"), {{"name", "ab  "}}, true);
    EXPECT_NE(evidence.summary().find("no one reading explains every answer"), std::string::npos) << evidence.summary();
}

}  // namespace
}  // namespace bds::oracle
