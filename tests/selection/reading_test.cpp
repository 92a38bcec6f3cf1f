// RecordSelection under the readings of other databases (selection/reading.hpp): each point where real engines differ
// under a correct server changes exactly the answers it should, and SQL Server's reading is the default.
#include <gtest/gtest.h>

#include <string>

#include "selection/selection.hpp"
#include "test_records.hpp"

namespace bds {
namespace {

using nlohmann::json;
using test::field;

const Record& test_record() {
    static const Record r =
        test::record("Reading", {field("name", "nvarchar(10)"), field("code", "varchar(10)"), field("flag", "nchar(1)"),
                                 field("fixed", "nchar(4)"), field("note", "nvarchar(-1)"), field("qty", "int"),
                                 field("small", "float(10)"), field("created", "datetime")});
    return r;
}

bool match(const std::string& condition, const json& row, const Reading& reading = {}) {
    return Selection::parse(condition, test_record()).matches(row, reading);
}

Reading with(void (*change)(Reading&)) {
    Reading r;
    change(r);
    return r;
}

TEST(SelectionReading, SqlServersIsTheDefault) {
    EXPECT_EQ(Reading{}, Reading::sql_server());
    EXPECT_EQ(Reading{}.describe(), "SQL Server's");
    // The example of spec/assumptions.md A-98: an nchar(1) sent "" is " " stored; NOT LIKE '' is then true.
    EXPECT_TRUE(match("flag NOT LIKE ''", {{"flag", ""}}));
}

TEST(SelectionReading, UnpaddedFixedTextIsComparedAsRead) {
    const Reading as_read = with([](Reading& r) { r.pad_fixed = false; });
    EXPECT_FALSE(match("flag NOT LIKE ''", {{"flag", ""}}, as_read));
    EXPECT_TRUE(match("flag LIKE ''", {{"flag", ""}}, as_read));
    EXPECT_TRUE(match("fixed LIKE 'ab'", {{"fixed", "ab"}}, as_read));
    EXPECT_FALSE(match("fixed LIKE 'ab'", {{"fixed", "ab"}}));  // padded to "ab  ", Unicode LIKE counts the blanks
    EXPECT_NE(as_read.describe().find("not padded"), std::string::npos);
}

TEST(SelectionReading, TrailingBlanksInEqualityCountOrNot) {
    const Reading exact = with([](Reading& r) { r.equality_ignores_trailing_blanks = false; });
    EXPECT_TRUE(match("name = 'ab'", {{"name", "ab  "}}));
    EXPECT_FALSE(match("name = 'ab'", {{"name", "ab  "}}, exact));
    EXPECT_TRUE(match("name < 'ab '", {{"name", "ab"}}, exact));  // a prefix sorts first
    EXPECT_TRUE(match("name IN ('x', 'ab')", {{"name", "ab"}}, exact));
    EXPECT_FALSE(match("name BETWEEN 'ab ' AND 'ab '", {{"name", "ab"}}, exact));
    // char(n) values padded by the database: '' and 'a' are "    " and "a   " before they are compared.
    EXPECT_FALSE(match("fixed = 'a'", {{"fixed", "a"}}, exact));
    Reading unpadded = exact;
    unpadded.pad_fixed = false;
    EXPECT_TRUE(match("fixed = 'a'", {{"fixed", "a"}}, unpadded));
}

// PostgreSQL resolves each comparison's types (spec/assumptions.md A-99): char(n) meeting char(n), varchar(n) or a
// literal compares as char(n), blanks ignored; meeting text (an unbounded column) it is cast to text, losing its blanks
// while the text's count; varchar and text count them. Its engine answered so
// (tests/selection/engine_regressions.json).
TEST(SelectionReading, PostgresCharComparesByTheTypesItMeets) {
    const Reading postgres = with([](Reading& r) {
        r.equality_ignores_trailing_blanks = false;
        r.postgres_char = true;
    });
    EXPECT_TRUE(match("fixed = 'ab'", {{"fixed", "ab"}}, postgres));  // "ab  " as char(4)
    EXPECT_TRUE(match("fixed IN ('x', 'ab ')", {{"fixed", "ab"}}, postgres));
    EXPECT_TRUE(match("fixed = code", {{"fixed", "ab"}, {"code", "ab "}}, postgres));  // varchar cast to char(n)
    EXPECT_FALSE(match("code = 'ab'", {{"code", "ab "}}, postgres));                   // varchar: blanks count
    EXPECT_FALSE(match("fixed = 'ab' AND code = 'ab'", {{"fixed", "ab"}, {"code", "ab "}}, postgres));
    EXPECT_FALSE(match("flag = note", {{"flag", " "}, {"note", " "}}, postgres));  // char(1) cast to text: '' <> ' '
    EXPECT_TRUE(match("flag = note", {{"flag", " "}, {"note", ""}}, postgres));
    EXPECT_TRUE(match("flag = note", {{"flag", " "}, {"note", " "}}));  // SQL Server: padded, equal
    EXPECT_NE(postgres.describe().find("PostgreSQL"), std::string::npos);
}

TEST(SelectionReading, TrailingBlanksInLike) {
    const Reading significant = with([](Reading& r) { r.like_blanks = Reading::LikeBlanks::Significant; });
    const Reading trimmed = with([](Reading& r) { r.like_blanks = Reading::LikeBlanks::Trimmed; });
    // varchar with '...': SQL Server's non-Unicode LIKE lets the value's trailing blanks go.
    EXPECT_TRUE(match("code LIKE 'ab'", {{"code", "ab "}}));
    EXPECT_FALSE(match("code LIKE 'ab'", {{"code", "ab "}}, significant));
    EXPECT_TRUE(match("code LIKE 'ab'", {{"code", "ab "}}, trimmed));
    EXPECT_TRUE(match("name LIKE 'ab'", {{"name", "ab  "}}, trimmed));
    EXPECT_FALSE(match("name LIKE 'ab '", {{"name", "ab  "}}, trimmed));  // the pattern's blanks still count
    EXPECT_TRUE(match("flag LIKE ''", {{"flag", ""}}, trimmed));
}

TEST(SelectionReading, AnEmptyLiteralMayBeNull) {
    const Reading oracle = with([](Reading& r) { r.empty_text_is_null = true; });
    EXPECT_TRUE(match("name <> ''", {{"name", "a"}}));
    EXPECT_FALSE(match("name <> ''", {{"name", "a"}}, oracle));
    EXPECT_FALSE(match("NOT (name = '')", {{"name", "a"}}, oracle));
    EXPECT_FALSE(match("name NOT LIKE ''", {{"name", "a"}}, oracle));
    EXPECT_FALSE(match("name NOT IN ('', 'b')", {{"name", "a"}}, oracle));
    EXPECT_TRUE(match("name IN ('', 'a')", {{"name", "a"}}, oracle));
    EXPECT_TRUE(match("name = 'a'", {{"name", "a"}}, oracle));
}

TEST(SelectionReading, CaseFoldingAndAccents) {
    const Reading ascii = with([](Reading& r) { r.folding = sql::CaseFolding::Ascii; });
    const Reading no_accents = with([](Reading& r) { r.ignore_accents = true; });
    EXPECT_TRUE(match("name = 'CITTÀ'", {{"name", "città"}}));
    EXPECT_FALSE(match("name = 'CITTÀ'", {{"name", "città"}}, ascii));
    EXPECT_FALSE(match("name = 'citta'", {{"name", "città"}}));
    EXPECT_TRUE(match("name = 'citta'", {{"name", "città"}}, no_accents));
    EXPECT_TRUE(match("name LIKE 'CIT_A'", {{"name", "città"}}, no_accents));
    EXPECT_TRUE(match("name LIKE 'cittÀ'", {{"name", "città"}}));
    EXPECT_FALSE(match("name LIKE 'cittÀ'", {{"name", "città"}}, ascii));
    Reading cs_no_accents = no_accents;
    cs_no_accents.collation = Collation::CaseSensitive;
    EXPECT_TRUE(match("name = 'citta'", {{"name", "città"}}, cs_no_accents));
    EXPECT_FALSE(match("name = 'CITTA'", {{"name", "città"}}, cs_no_accents));
}

TEST(SelectionReading, RealsMayBeDoubles) {
    const Reading wide = with([](Reading& r) { r.float_as_double = true; });
    // 0.1 as a 4-byte real is 0.100000001490116...: equal to the literal as a real, not as a double.
    EXPECT_TRUE(match("small = 0.1", {{"small", 0.100000001490116}}));
    EXPECT_FALSE(match("small = 0.1", {{"small", 0.100000001490116}}, wide));
    EXPECT_TRUE(match("small = 0.1", {{"small", 0.1}}, wide));
    EXPECT_TRUE(match("small = '0.1'", {{"small", 0.1}}, wide));
}

TEST(SelectionReading, KnowsWhatAConditionTouches) {
    const auto traits = [](const std::string& c) { return Selection::parse(c, test_record()).traits(); };
    EXPECT_FALSE(traits("qty = 1").text);
    EXPECT_TRUE(traits("name = 'a'").text);
    EXPECT_FALSE(traits("name = 'a'").fixed_text);
    EXPECT_TRUE(traits("flag = 'a' OR qty = 1").fixed_text);
    EXPECT_TRUE(traits("NOT (name LIKE 'a%')").like);
    EXPECT_TRUE(traits("name IN ('a', '')").empty_text);
    EXPECT_TRUE(traits("name LIKE ''").empty_text);
    EXPECT_TRUE(traits("small > 1").single_float);
    EXPECT_FALSE(traits("qty = '12'").lenient_conversions);
    EXPECT_TRUE(traits("qty = ' 12 '").lenient_conversions);
    EXPECT_TRUE(traits("qty = ''").lenient_conversions);
    EXPECT_FALSE(traits("created = '2026-01-31 10:00:00.5'").lenient_conversions);
    EXPECT_FALSE(traits("created = '2026-01-31T10:00:00'").lenient_conversions);
    EXPECT_TRUE(traits("created = '20260131'").lenient_conversions);
    EXPECT_TRUE(traits("created = N' 2101-01-01T23:59:59.000 '").lenient_conversions);
    EXPECT_TRUE(traits("created IS NULL OR created BETWEEN '2026-01-01' AND ' 2026-02-01'").lenient_conversions);
}

}  // namespace
}  // namespace bds
