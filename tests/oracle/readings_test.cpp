// The RecordSelection oracle over the engines' readings (oracle/readings.hpp, oracle/engine_profiles.hpp): MUST answers
// only where the engines agree, none where only a mix of switches no engine has would disagree, and the target's
// answers about the others as evidence of its engine.
#include <gtest/gtest.h>

#include "oracle/engine_profiles.hpp"
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

TEST(OracleReadings, OnlyThePointsAConditionTouchesTellTheEnginesApart) {
    EXPECT_EQ(readings_for(parse("qty = 1"), std::nullopt).size(), 1u);
    EXPECT_EQ(readings_for(parse("qty = 1"), std::nullopt).front(), Reading{});
    // name = 'a': case and accents in = by trailing blanks in = (ignored, significant): SQL Server's CI_AS, CI_AI,
    // CS_AS and CS_AI; PostgreSQL and SQLite's BINARY (CS_AS, significant); SQLite's NOCASE; MariaDB/MySQL's NO PAD
    // collations beyond those (CI_AS, CI_AI, CS_AI).
    EXPECT_EQ(readings_for(parse("name = 'a'"), std::nullopt).size(), 9u);
    EXPECT_EQ(readings_for(parse("name = 'a'"), Collation::CaseSensitive).size(), 4u);
    EXPECT_EQ(readings_for(parse("name = 'a'"), Collation::CaseSensitive).front(),
              Reading::sql_server(Collation::CaseSensitive));
    EXPECT_EQ(readings_for(parse("name = 'a'"), Collation::CaseInsensitive).size(), 5u);
    EXPECT_EQ(readings_for(parse("name = 'a'"), Collation::CaseInsensitive).front(), Reading{});
    for (const auto collation : {std::optional<Collation>{}, std::optional{Collation::CaseInsensitive},
                                 std::optional{Collation::CaseSensitive}})
        for (const Reading& r : readings_for(parse("flag LIKE '' AND small > 1"), collation)) {
            EXPECT_TRUE(admitted(r, collation)) << r.describe();
            EXPECT_NE(r.like_case, Reading::LikeCase::Exact) << r.describe();
        }
}

TEST(OracleReadings, EveryReadingIsARealEngines) {
    // Under a case-insensitive =, LIKE folds case in every engine: a LIKE that compares case is no engine's.
    Reading like_exact = Reading::sql_server(Collation::CaseInsensitive);
    like_exact.like_case = Reading::LikeCase::Exact;
    EXPECT_FALSE(admitted(like_exact, Collation::CaseInsensitive));
    EXPECT_FALSE(admitted(like_exact, std::nullopt));
    // Nor does LIKE fold fewer letters than a case-insensitive = (SQLite's LIKE folds ASCII beside NOCASE's ASCII).
    Reading like_ascii = Reading::sql_server(Collation::CaseInsensitive);
    like_ascii.like_case = Reading::LikeCase::Ascii;
    EXPECT_FALSE(admitted(like_ascii, std::nullopt));
    // SQLite's default: a BINARY = beside a LIKE folding ASCII letters, trailing blanks counted: under cs and
    // undeclared, not under ci.
    Reading sqlite = Reading::sql_server(Collation::CaseSensitive);
    sqlite.like_case = Reading::LikeCase::Ascii;
    sqlite.equality_ignores_trailing_blanks = false;
    sqlite.like_blanks = Reading::LikeBlanks::Significant;
    EXPECT_TRUE(admitted(sqlite, Collation::CaseSensitive));
    EXPECT_TRUE(admitted(sqlite, std::nullopt));
    EXPECT_FALSE(admitted(sqlite, Collation::CaseInsensitive));
    sqlite.equality_ignores_trailing_blanks = true;  // no SQLite pads the shorter side of =
    EXPECT_FALSE(admitted(sqlite, std::nullopt));
    // MariaDB's utf8mb4_general_ci: case and accents folded, PAD SPACE =, LIKE counting blanks.
    Reading mariadb = Reading::sql_server(Collation::CaseInsensitive);
    mariadb.ignore_accents = true;
    mariadb.like_blanks = Reading::LikeBlanks::Significant;
    EXPECT_TRUE(admitted(mariadb, Collation::CaseInsensitive));
    EXPECT_TRUE(admitted(mariadb, std::nullopt));
    EXPECT_FALSE(admitted(mariadb, Collation::CaseSensitive));
    // Storage choices go with every engine: SQLite with '' as NULL and char(n) read as stored.
    sqlite.equality_ignores_trailing_blanks = false;
    sqlite.empty_text_is_null = true;
    sqlite.pad_fixed = false;
    EXPECT_TRUE(admitted(sqlite, Collation::CaseSensitive));
}

TEST(OracleReadings, ADeclaredCiJudgesLikeCase) {
    // LIKE 'A%' on "abc": every case-insensitive engine selects it; under cs SQL Server does not, SQLite's LIKE does.
    EXPECT_EQ(judged("name LIKE 'A%'", {{"name", "abc"}}), Membership::Selected);
    EXPECT_EQ(judged("name LIKE 'A%'", {{"name", "abc"}}, std::nullopt), Membership::Depends);
    EXPECT_EQ(judged("name LIKE 'A%'", {{"name", "abc"}}, Collation::CaseSensitive), Membership::Depends);
    // A non-ASCII letter of another case: SQL Server and MariaDB fold it, SQLite's NOCASE and its LIKE do not.
    EXPECT_EQ(judged("name LIKE 'À%'", {{"name", "àbc"}}), Membership::Depends);
    EXPECT_EQ(judged("name LIKE 'À%'", {{"name", "àbc"}}, Collation::CaseSensitive), Membership::NotSelected);
    EXPECT_EQ(judged("name LIKE 'À%'", {{"name", "Àbc"}}), Membership::Selected);
    // Accents ignored beside a LIKE folding ASCII letters under cs: a product of switches reads 'É%' as 'e%'; no engine
    // does (SQL Server's CS_AI and MariaDB's _ai_cs count case in LIKE, SQLite counts accents).
    EXPECT_EQ(judged("name LIKE 'É%'", {{"name", "ebc"}}, Collation::CaseSensitive), Membership::NotSelected);
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
    EXPECT_EQ(evidence.families().rfind("MariaDB/MySQL (_ai_ci, NO PAD", 0), 0u) << evidence.families();
    // And then as SQL Server would: no one engine explains all three.
    evidence.note(parse("name = 'ab'"), {{"name", "ab  "}}, true);
    EXPECT_EQ(evidence.families(), "none of SQL Server, SQLite, MariaDB/MySQL");
    EXPECT_EQ(evidence.summary().rfind("3 rows; the answers fit none of ", 0), 0u) << evidence.summary();
}

TEST(OracleReadings, EvidenceNamesTheEngineFamilies) {
    ReadingEvidence undeclared(std::nullopt);
    EXPECT_EQ(undeclared.families(), "any of SQL Server, PostgreSQL, SQLite, MariaDB/MySQL");
    // LIKE 'A%' returned "abc", = 'AB' not "ab": SQLite's default alone.
    undeclared.note(parse("name LIKE 'A%'"), {{"name", "abc"}}, true);
    undeclared.note(parse("name = 'AB'"), {{"name", "ab"}}, false);
    EXPECT_EQ(undeclared.families(), "SQLite (BINARY, LIKE folding ASCII)");
    EXPECT_NE(undeclared.summary().find("the answers fit SQLite (BINARY, LIKE folding ASCII); "), std::string::npos)
        << undeclared.summary();
    // A LIKE comparing case beside an = folding it: no engine.
    ReadingEvidence ci(Collation::CaseInsensitive);
    ci.note(parse("name = 'AB'"), {{"name", "ab"}}, true);
    ci.note(parse("name LIKE 'A%'"), {{"name", "abc"}}, false);
    EXPECT_EQ(ci.families(), "none of SQL Server, SQLite, MariaDB/MySQL");
}

}  // namespace
}  // namespace bds::oracle
