// RecordSelection evaluation: three-valued logic, each operator per SQL type, collations, SQL Server's
// trailing-space rules, date-times, LIKE.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "selection/selection.hpp"
#include "test_records.hpp"

namespace bds {
namespace {

using nlohmann::json;
using test::field;
constexpr auto CI = Collation::CaseInsensitive;
constexpr auto CS = Collation::CaseSensitive;

const Record& test_record() {
    static const Record r = test::record(
        "Test", {field("name", "nvarchar(10)"), field("note", "nvarchar(-1)"), field("code", "varchar(10)"),
                 field("fixed", "nchar(5)"), field("cfixed", "char(5)"), field("qty", "int"), field("price", "decimal"),
                 field("ratio", "float(53)"), field("small", "float(10)"), field("active", "bit"),
                 field("created", "datetime"), field("updated", "datetime2")});
    return r;
}

Truth eval(const std::string& condition, const json& row, Collation c = CI) {
    return Selection::parse(condition, test_record()).evaluate(row, c);
}
bool match(const std::string& condition, const json& row, Collation c = CI) {
    return Selection::parse(condition, test_record()).matches(row, c);
}

constexpr Truth T = Truth::True, F = Truth::False, U = Truth::Unknown;

// A row on which `name = 't'` has truth value x and `note = 't'` has truth value y.
json row_for(Truth x, Truth y) {
    json row = json::object();
    auto value = [](Truth t) { return t == T ? json("t") : t == F ? json("f") : json(nullptr); };
    row["name"] = value(x);
    row["note"] = value(y);
    return row;
}

TEST(SelectionEvaluator, FollowsSqlThreeValuedLogic) {
    struct Row {
        Truth x, y, x_and_y, x_or_y, not_x;
    };
    // SQL's truth tables, written out.
    const std::vector<Row> table = {
        {T, T, T, T, F}, {T, F, F, T, F}, {T, U, U, T, F}, {F, T, F, T, T}, {F, F, F, F, T},
        {F, U, F, U, T}, {U, T, U, T, U}, {U, F, F, U, U}, {U, U, U, U, U},
    };
    for (const auto& r : table) {
        const json row = row_for(r.x, r.y);
        SCOPED_TRACE(row.dump());
        EXPECT_EQ(eval("name = 't'", row), r.x);
        EXPECT_EQ(eval("note = 't'", row), r.y);
        EXPECT_EQ(eval("name = 't' AND note = 't'", row), r.x_and_y);
        EXPECT_EQ(eval("name = 't' OR note = 't'", row), r.x_or_y);
        EXPECT_EQ(eval("NOT name = 't'", row), r.not_x);
        EXPECT_EQ(eval("NOT NOT name = 't'", row), r.x);
        EXPECT_EQ(match("name = 't' OR note = 't'", row), r.x_or_y == T) << "only TRUE selects";
    }
}

TEST(SelectionEvaluator, TreatsMissingFieldsAndNullsAsNull) {
    const json missing = json::object();
    const json null_note = {{"note", nullptr}};
    for (const auto& row : {missing, null_note}) {
        EXPECT_EQ(eval("note IS NULL", row), T);
        EXPECT_EQ(eval("note IS NOT NULL", row), F);
        EXPECT_EQ(eval("note = 'x'", row), U);
        EXPECT_EQ(eval("note <> 'x'", row), U);
        EXPECT_FALSE(match("NOT note = 'x'", row)) << "NOT UNKNOWN is UNKNOWN";
        EXPECT_EQ(eval("note LIKE '%'", row), U);
        EXPECT_EQ(eval("note NOT LIKE 'x'", row), U);
    }
    EXPECT_EQ(eval("note IS NULL", {{"note", ""}}), F) << "an empty text is not NULL";
    // = NULL is never TRUE, not even for NULL (ANSI_NULLS ON).
    EXPECT_EQ(eval("note = NULL", null_note), U);
    EXPECT_EQ(eval("NULL = note", {{"note", "x"}}), U);
    EXPECT_EQ(eval("note <> NULL", {{"note", "x"}}), U);
}

TEST(SelectionEvaluator, InAndBetweenWithNulls) {
    EXPECT_EQ(eval("qty IN (1, NULL)", {{"qty", 1}}), T);
    EXPECT_EQ(eval("qty IN (1, NULL)", {{"qty", 2}}), U);
    EXPECT_EQ(eval("qty NOT IN (1, NULL)", {{"qty", 2}}), U) << "the classic NOT IN trap";
    EXPECT_EQ(eval("qty NOT IN (1, NULL)", {{"qty", 1}}), F);
    EXPECT_EQ(eval("qty NOT IN (1, 3)", {{"qty", 2}}), T);
    EXPECT_EQ(eval("qty IN (1)", json::object()), U);
    EXPECT_EQ(eval("qty BETWEEN 1 AND 3", {{"qty", 1}}), T) << "inclusive";
    EXPECT_EQ(eval("qty BETWEEN 1 AND 3", {{"qty", 3}}), T);
    EXPECT_EQ(eval("qty BETWEEN 1 AND 3", {{"qty", 4}}), F);
    EXPECT_EQ(eval("qty BETWEEN 3 AND 1", {{"qty", 2}}), F) << "bounds are not swapped";
    EXPECT_EQ(eval("qty NOT BETWEEN 1 AND 3", {{"qty", 4}}), T);
    EXPECT_EQ(eval("qty BETWEEN NULL AND 5", {{"qty", 6}}), F) << "UNKNOWN AND FALSE";
    EXPECT_EQ(eval("qty BETWEEN NULL AND 5", {{"qty", 3}}), U) << "UNKNOWN AND TRUE";
    EXPECT_EQ(eval("qty NOT BETWEEN NULL AND 5", {{"qty", 6}}), T);
}

TEST(SelectionEvaluator, ComparesIntAndDecimalExactly) {
    EXPECT_TRUE(match("qty < 1.5", {{"qty", 1}}));
    EXPECT_TRUE(match("qty = 1.0", {{"qty", 1}}));
    EXPECT_FALSE(match("qty = 1.5", {{"qty", 1}}));
    EXPECT_TRUE(match("price = 1.10", json::parse(R"({"price": 1.1})")));
    // As doubles these two are the same number; SQL Server's decimals are not.
    EXPECT_TRUE(match("price > 1.09999999999999999999", json::parse(R"({"price": 1.1})")));
    EXPECT_FALSE(match("price = 1.09999999999999999999", json::parse(R"({"price": 1.1})")));
    EXPECT_TRUE(match("price = 2.000", {{"price", 2}}));
    EXPECT_TRUE(match("price < -0.25", {{"price", -0.5}}));
    EXPECT_TRUE(match("price = 0", {{"price", -0.0}}));
    EXPECT_TRUE(match("price = 0.1234567", json::parse(R"({"price": 0.1234567})")));
    EXPECT_TRUE(match("price = 0.0000001 AND price > 0", json::parse(R"({"price": 1e-7})")));
    EXPECT_TRUE(match("price = 100000000000000000000", json::parse(R"({"price": 1e20})")));
    EXPECT_TRUE(match("qty = 2147483647 AND qty < 3000000000", {{"qty", 2147483647}}));
    EXPECT_TRUE(match("qty > -2147483649", {{"qty", -2147483647 - 1}}));
    EXPECT_TRUE(match("qty = price", {{"qty", 2}, {"price", 2.0}}));
    EXPECT_TRUE(match("qty < price", {{"qty", 2}, {"price", 2.01}}));
}

TEST(SelectionEvaluator, ConvertsTextLiteralsToTheColumnsNumberType) {
    EXPECT_TRUE(match("qty = ' 12 '", {{"qty", 12}}));
    EXPECT_TRUE(match("qty = '-3'", {{"qty", -3}}));
    EXPECT_TRUE(match("qty = ''", {{"qty", 0}})) << "SQL Server: CAST('' AS int) = 0";
    EXPECT_TRUE(match("'12' = qty", {{"qty", 12}}));
    EXPECT_TRUE(match("price = '1.10'", {{"price", 1.1}}));
    EXPECT_TRUE(match("qty IN ('1', '2')", {{"qty", 2}}));
}

TEST(SelectionEvaluator, ComparesBitsWithZeroAndOne) {
    const json on = {{"active", true}}, off = {{"active", false}};
    EXPECT_TRUE(match("active = 1", on));
    EXPECT_FALSE(match("active = 1", off));
    EXPECT_TRUE(match("active = 0", off));
    EXPECT_TRUE(match("active <> 0", on));
    EXPECT_FALSE(match("active = 2", on)) << "the bit converts to int, not the 2 to bit";
    EXPECT_TRUE(match("active = 'true'", on));
    EXPECT_TRUE(match("active = 'FALSE'", off));
    EXPECT_TRUE(match("active = '5'", on)) << "non-zero text converts to 1";
    EXPECT_TRUE(match("active = 1", {{"active", 1}})) << "0/1 integers are read as bits too";
    EXPECT_THROW(eval("active = 1", {{"active", "yes"}}), SelectionError);
    EXPECT_THROW(eval("active = 1", {{"active", 2}}), SelectionError);
}

TEST(SelectionEvaluator, ComparesFloatsAtTheColumnsPrecision) {
    EXPECT_TRUE(match("ratio = 0.1", {{"ratio", 0.1}}));
    EXPECT_FALSE(match("ratio > 0.1", {{"ratio", 0.1}}));
    EXPECT_TRUE(match("ratio = '1e-1'", {{"ratio", 0.1}}));
    // A float(10) is a 4-byte real: 0.1 stored in it is 0.100000001490116..., and the literal 0.1 is rounded
    // to real before the comparison, so they are equal; as doubles they would not be.
    EXPECT_TRUE(match("small = 0.1", {{"small", 0.10000000149011612}}));
    EXPECT_TRUE(match("small = 0.1", {{"small", 0.1}}));
    EXPECT_TRUE(match("ratio > qty", {{"ratio", 1.5}, {"qty", 1}}));
    EXPECT_TRUE(match("small = ratio", {{"small", 0.5}, {"ratio", 0.5}}));
}

TEST(SelectionEvaluator, ComparesTextPerCollation) {
    const json abc = {{"name", "Abc"}};
    EXPECT_EQ(eval("name = 'abc'", abc, CI), T);
    EXPECT_EQ(eval("name = 'abc'", abc, CS), F);
    EXPECT_EQ(eval("name <> 'ABC'", abc, CS), T);
    EXPECT_EQ(eval("name < 'abd'", abc, CI), T);
    EXPECT_EQ(eval("name > 'ABD'", abc, CS), T) << "code points: 'b' > 'B'";
    EXPECT_EQ(eval("name > 'ABD'", abc, CI), F);
    EXPECT_EQ(eval("name = ' abc'", abc, CI), F) << "leading spaces count";
    // Latin-1 and Latin Extended-A fold by case; accents never fold away.
    EXPECT_EQ(eval("name = 'ÀBÇ'", {{"name", "àbç"}}, CI), T);
    EXPECT_EQ(eval("name = 'ÀBÇ'", {{"name", "àbç"}}, CS), F);
    EXPECT_EQ(eval("name = 'abc'", {{"name", "àbc"}}, CI), F);
    EXPECT_EQ(eval("name = N'ŁŒŸ'", {{"name", "łœÿ"}}, CI), T);
    EXPECT_EQ(eval("name = N'ΑΒΓ'", {{"name", "αβγ"}}, CI), T);
    EXPECT_EQ(eval("name = N'ДОМ'", {{"name", "дом"}}, CI), T);
    EXPECT_EQ(eval("name = 'ss'", {{"name", "ß"}}, CI), F) << "documented divergence: no expansions";
    EXPECT_EQ(eval("name = note", {{"name", "X"}, {"note", "x "}}, CI), T);
    EXPECT_EQ(eval("name = note", {{"name", "X"}, {"note", "x "}}, CS), F);
    EXPECT_EQ(eval("name IN ('a', 'ABC')", abc, CI), T);
    EXPECT_EQ(eval("name BETWEEN 'Aaa' AND 'Abd'", abc, CS), T);
    EXPECT_EQ(eval("name BETWEEN 'AAA' AND 'ABD'", abc, CS), F);
    EXPECT_EQ(eval("name BETWEEN 'AAA' AND 'ABD'", abc, CI), T);
}

TEST(SelectionEvaluator, PadsTextWithSpacesForComparisons) {
    EXPECT_TRUE(match("name = 'abc  '", {{"name", "abc"}}));
    EXPECT_TRUE(match("name = 'abc'", {{"name", "abc   "}}));
    EXPECT_TRUE(match("name = ''", {{"name", "   "}}));
    EXPECT_FALSE(match("name < 'abc '", {{"name", "abc"}}));
    // Padding, not trimming: 'ab' is compared as 'ab ' with 'ab<TAB>', and a space sorts after a tab.
    EXPECT_TRUE(match("name > N'ab\t'", {{"name", "ab"}}));
    EXPECT_TRUE(match("code = 'x'", {{"code", "x "}}));
}

TEST(SelectionEvaluator, MatchesLikePatterns) {
    struct Case {
        std::string value, pattern;
        bool ci, cs;
    };
    const std::vector<Case> cases = {
        {"abc", "'abc'", true, true},
        {"abc", "'ABC'", true, false},
        {"abc", "'a%'", true, true},
        {"abc", "'%c'", true, true},
        {"abc", "'%b%'", true, true},
        {"abc", "'%'", true, true},
        {"", "'%'", true, true},
        {"", "''", true, true},
        {"abc", "''", false, false},
        {"abc", "'a_c'", true, true},
        {"abc", "'_bc'", true, true},
        {"a", "'_'", true, true},
        {"abc", "'a__'", true, true},
        {"abc", "'a___'", false, false},
        {"abc", "'_'", false, false},
        {"abc", "'[abc]bc'", true, true},
        {"abc", "'[xyz]bc'", false, false},
        {"abc", "'[a-c]%'", true, true},
        {"Bcd", "'[a-c]%'", true, false},
        {"abc", "'[^a]%'", false, false},
        {"xbc", "'[^a]%'", true, true},
        {"a-c", "'a[-]c'", true, true},
        {"a-c", "'a[x-]c'", true, true},
        {"[x]", "'[[]x]'", true, true},
        {"50%", "'50[%]'", true, true},
        {"500", "'50[%]'", false, false},
        {"a_c", "'a[_]c'", true, true},
        {"abc", "'a[_]c'", false, false},
        {"a]c", "'a]c'", true, true},
        {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "'%a%a%a%a%a%a%a%a%b'", false, false},
        {"xaybzc", "'%a%b%c'", true, true},
        {"ÀB", "'à%'", true, false},
        {"àb", "'a%'", false, false},
    };
    for (const auto& c : cases) {
        const json row = {{"name", c.value}};
        SCOPED_TRACE(c.value + " LIKE " + c.pattern);
        EXPECT_EQ(match("name LIKE " + c.pattern, row, CI), c.ci);
        EXPECT_EQ(match("name LIKE " + c.pattern, row, CS), c.cs);
        EXPECT_EQ(match("name NOT LIKE " + c.pattern, row, CI), !c.ci);
    }
}

TEST(SelectionEvaluator, LikeEscapes) {
    EXPECT_TRUE(match("name LIKE '100!%' ESCAPE '!'", {{"name", "100%"}}));
    EXPECT_FALSE(match("name LIKE '100!%' ESCAPE '!'", {{"name", "1000"}}));
    EXPECT_TRUE(match("name LIKE 'a!_c' ESCAPE '!'", {{"name", "a_c"}}));
    EXPECT_FALSE(match("name LIKE 'a!_c' ESCAPE '!'", {{"name", "abc"}}));
    EXPECT_TRUE(match("name LIKE 'a!!' ESCAPE '!'", {{"name", "a!"}}));
    EXPECT_TRUE(match("name LIKE 'a![' ESCAPE '!'", {{"name", "a["}}));
    EXPECT_TRUE(match("name LIKE '[!]]' ESCAPE '!'", {{"name", "]"}})) << "escape inside a set";
    EXPECT_TRUE(match("name LIKE 'ab%' ESCAPE 'b'", {{"name", "a%"}})) << "any character can escape";
    EXPECT_TRUE(match("name LIKE '!%'", {{"name", "!x"}})) << "without ESCAPE, ! is ordinary";
}

TEST(SelectionEvaluator, LikeTrailingSpacesFollowSqlServer) {
    // nvarchar (Unicode LIKE): trailing spaces are significant on both sides.
    EXPECT_FALSE(match("name LIKE 'abc'", {{"name", "abc "}}));
    EXPECT_TRUE(match("name LIKE 'abc '", {{"name", "abc "}}));
    EXPECT_FALSE(match("name LIKE 'abc '", {{"name", "abc"}}));
    // varchar with a non-Unicode pattern: the value's trailing spaces are not.
    EXPECT_TRUE(match("code LIKE 'abc'", {{"code", "abc "}}));
    EXPECT_TRUE(match("code LIKE 'abc '", {{"code", "abc   "}}));
    EXPECT_FALSE(match("code LIKE 'abc '", {{"code", "abc"}})) << "the pattern's trailing spaces are";
    EXPECT_FALSE(match("code LIKE 'abc    '", {{"code", "abc "}}));
    // ... but an N'...' pattern makes it Unicode LIKE.
    EXPECT_FALSE(match("code LIKE N'abc'", {{"code", "abc "}}));
    // nchar(5) values are stored padded to 5: 'ab' is 'ab   '.
    EXPECT_FALSE(match("fixed LIKE 'ab'", {{"fixed", "ab"}}));
    EXPECT_TRUE(match("fixed LIKE 'ab%'", {{"fixed", "ab"}}));
    EXPECT_TRUE(match("fixed LIKE 'ab   '", {{"fixed", "ab"}}));
    EXPECT_TRUE(match("fixed = 'ab'", {{"fixed", "ab"}}));
    // char(5): padded too, but non-Unicode LIKE ignores the padding.
    EXPECT_TRUE(match("cfixed LIKE 'ab'", {{"cfixed", "ab"}}));
    EXPECT_FALSE(match("cfixed LIKE N'ab'", {{"cfixed", "ab"}}));
}

TEST(SelectionEvaluator, LikeCountsUtf16CodeUnits) {
    const json astral = {{"name", "\xF0\x9F\x98\x80"}};  // U+1F600, two UTF-16 code units
    EXPECT_FALSE(match("name LIKE N'_'", astral));
    EXPECT_TRUE(match("name LIKE N'__'", astral));
    EXPECT_TRUE(match("name LIKE N'\xF0\x9F\x98\x80'", astral));
    EXPECT_TRUE(match("name LIKE N'_'", {{"name", "é"}})) << "é is one unit";
}

TEST(SelectionEvaluator, ComparesDatetimesAtTheirPrecision) {
    const json row = {{"created", "2024-01-31T10:00:00.003"}, {"updated", "2024-01-31T10:00:00.1234567"}};
    EXPECT_TRUE(match("created = '2024-01-31 10:00:00.003'", row));
    EXPECT_TRUE(match("created = '2024-01-31 10:00:00.002'", row)) << "rounds to .003";
    EXPECT_TRUE(match("created = '2024-01-31T10:00:00.004'", row)) << "rounds to .003";
    EXPECT_FALSE(match("created = '2024-01-31 10:00:00.001'", row)) << "rounds to .000";
    EXPECT_FALSE(match("created = '2024-01-31 10:00:00.005'", row)) << "rounds to .007";
    EXPECT_TRUE(match("created > '2024-01-31'", row));
    EXPECT_TRUE(match("created < '2024-02-01'", row));
    EXPECT_TRUE(match("created BETWEEN '20240131' AND '2024-02-01 00:00'", row));
    EXPECT_TRUE(match("created = ' 2024-01-31 10:00:00.003 '", row)) << "literals are trimmed";
    EXPECT_TRUE(match("created = '2024-01-31 10:00:00.003'", {{"created", "2024-01-31T11:00:00.003+01:00"}}))
        << "offsets apply";
    EXPECT_TRUE(match("created = '2024-01-31 10:00:00.003'", {{"created", "2024-01-31 10:00:00.0033333Z"}}));
    EXPECT_TRUE(match("created = '2024-01-31'", {{"created", "2024-01-31T00:00:00"}}));
    EXPECT_TRUE(match("updated = '2024-01-31T10:00:00.1234567'", row));
    EXPECT_TRUE(match("updated > '2024-01-31 10:00:00.1234566'", row));
    EXPECT_FALSE(match("updated > '2024-01-31 10:00:00.1234567'", row));
    EXPECT_TRUE(match("updated = '2024-01-01 00:00:00.1'", {{"updated", "2024-01-01T00:00:00.1000000"}}));
    EXPECT_TRUE(match("created = '2024-01-01 23:59:59.999'", {{"created", "2024-01-02T00:00:00"}}))
        << ".999 rounds to the next day";
    // datetime .003 is really 1/300 s, which datetime2 shows as .0033333.
    EXPECT_TRUE(match("created = updated",
                      {{"created", "2024-01-31T10:00:00.003"}, {"updated", "2024-01-31T10:00:00.0033333"}}));
    EXPECT_TRUE(match("updated = '0001-01-01'", {{"updated", "0001-01-01T00:00:00"}}));
    EXPECT_TRUE(match("updated > '2024-02-28' AND updated < '2024-03-01'", {{"updated", "2024-02-29T12:00:00"}}));
    EXPECT_THROW(eval("created = '2024-01-31'", {{"created", "31/01/2024"}}), SelectionError);
    EXPECT_THROW(eval("created = '2024-01-31'", {{"created", 20240131}}), SelectionError);
}

TEST(SelectionEvaluator, ReportsRecordsItCannotRead) {
    try {
        eval("name = 'x' OR qty = 1", {{"name", "x"}, {"qty", "abc"}});
        FAIL() << "a malformed field must not be hidden by short-circuiting";
    } catch (const SelectionError& e) {
        EXPECT_EQ(e.offset(), 14u);
        EXPECT_NE(e.reason().find("field 'qty' (int) holds \"abc\""), std::string::npos) << e.what();
    }
    EXPECT_THROW(eval("name = 'x'", {{"name", 5}}), SelectionError);
    EXPECT_THROW(eval("name LIKE 'x'", {{"name", json::array()}}), SelectionError);
    EXPECT_THROW(eval("price = 1", {{"price", true}}), SelectionError);
    EXPECT_THROW(eval("name = 'x'", json::array()), SelectionError);
    EXPECT_THROW(eval("name = 'x'", {{"name", std::string("\xC3\x28")}}), SelectionError);
    EXPECT_EQ(eval("qty IS NULL", {{"qty", "abc"}}), F) << "IS NULL does not convert";
}

TEST(SelectionEvaluator, IsSafeToShareBetweenCopies) {
    const auto s = Selection::parse("qty > 1", test_record());
    const Selection copy = s;
    EXPECT_EQ(copy, s);
    EXPECT_TRUE(copy.matches({{"qty", 2}}));
    EXPECT_FALSE(s == Selection::parse("qty > 2", test_record()));
}

TEST(SelectionEvaluator, PinsOnlyTextEqualitiesEveryMatchingRowSatisfies) {
    using Pins = std::vector<std::pair<std::string, std::u32string>>;
    const auto pins = [](const std::string& condition) {
        return Selection::parse(condition, test_record()).pinned_texts();
    };
    EXPECT_EQ(pins("name = 'x'"), (Pins{{"name", U"x"}}));
    EXPECT_EQ(pins("'x' = name"), (Pins{{"name", U"x"}}));
    EXPECT_EQ(pins("name = 'x' and qty > 1 and code = N'\u00e8'"), (Pins{{"name", U"x"}, {"code", U"\u00e8"}}));
    EXPECT_EQ(pins("qty > 1 and (name = 'x' or name = 'y')"), Pins{});
    EXPECT_EQ(pins("name = 'x' or code = 'y'"), Pins{});
    EXPECT_EQ(pins("not name = 'x'"), Pins{});
    EXPECT_EQ(pins("name <> 'x'"), Pins{});
    EXPECT_EQ(pins("qty = 1"), Pins{}) << "not a text comparison";
    EXPECT_EQ(pins("name = code"), Pins{}) << "no literal";
}

TEST(SelectionEvaluator, SplitsItsTopLevelAndIntoConditionsThatSelectTogether) {
    const auto terms = [](const std::string& condition) {
        std::vector<std::string> out;
        for (const Selection& s : Selection::parse(condition, test_record()).conjuncts()) out.push_back(s.to_string());
        return out;
    };
    using Texts = std::vector<std::string>;
    EXPECT_EQ(terms("name = 'x' and (qty > 1 or code is null) and not qty = 3"),
              (Texts{"name = 'x'", "qty > 1 OR code IS NULL", "NOT qty = 3"}));
    EXPECT_EQ(terms("name = 'x' or qty > 1"), Texts{"name = 'x' OR qty > 1"})
        << "no AND at the top: the condition itself";
    EXPECT_EQ(terms("name = 'x'"), Texts{"name = 'x'"});
}

TEST(SelectionEvaluator, ReadsFieldsThroughAReaderAsFromAJsonRow) {
    const Selection s = Selection::parse("name = 'x' and (qty > 1 or code is null)", test_record());
    for (const json& row : {json{{"name", "x"}, {"qty", 2}}, json{{"name", "x"}, {"qty", 0}, {"code", "c"}},
                            json{{"name", "y"}}, json{{"qty", nullptr}}}) {
        std::vector<std::string> asked;
        const Truth t = s.evaluate(
            [&](const std::string& name) -> const json* {
                asked.push_back(name);
                const auto it = row.find(name);
                return it == row.end() ? nullptr : &*it;
            },
            Collation::CaseInsensitive);
        EXPECT_EQ(t, s.evaluate(row)) << row.dump();
        EXPECT_EQ(asked, (std::vector<std::string>{"name", "qty", "code"}))
            << "every field the condition reads, and no other";
    }
}

}  // namespace
}  // namespace bds
