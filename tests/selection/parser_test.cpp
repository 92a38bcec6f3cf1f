// RecordSelection parsing: every construct, precedence, quoting, each error with its position, injection
// attempts, limits, and the round trip parse(to_string()).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cctype>
#include <string>
#include <vector>

#include "selection/selection.hpp"
#include "test_records.hpp"

namespace bds {
namespace {

using test::field;
// A record with one field of each kind the catalogue uses.
const Record& test_record() {
    static const Record r =
        test::record("Test", {field("name", "nvarchar(10)"), field("code", "varchar(10)"), field("qty", "int"),
                              field("price", "decimal"), field("ratio", "float(53)"), field("active", "bit"),
                              field("created", "datetime"), field("updated", "datetime2"),
                              field("note", "nvarchar(-1)"), field("Lines", "list"), field("ts_update", "timestamp")});
    return r;
}

Selection parse(const std::string& text) { return Selection::parse(text, test_record()); }
std::string canonical(const std::string& text) { return parse(text).to_string(); }

/// Each condition text parses to its canonical text.
void expect_canonical(const std::vector<std::pair<std::string, std::string>>& cases) {
    for (const auto& [text, expected] : cases) EXPECT_EQ(canonical(text), expected) << text;
}

TEST(SelectionParser, ParsesEachConstructToItsCanonicalText) {
    expect_canonical({
        {"name = 'x'", "name = 'x'"},
        {"'x' = name", "'x' = name"},
        {"qty = price", "qty = price"},
        {"qty<>1", "qty <> 1"},
        {"qty != 1", "qty <> 1"},
        {"qty < 1", "qty < 1"},
        {"qty <= 1", "qty <= 1"},
        {"qty > 1", "qty > 1"},
        {"qty >= 1", "qty >= 1"},
        {"qty !< 1", "qty >= 1"},
        {"qty !> 1", "qty <= 1"},
        {"name LIKE 'a%'", "name LIKE 'a%'"},
        {"name not like 'a!%' escape '!'", "name NOT LIKE 'a!%' ESCAPE '!'"},
        {"qty IN (1,2 , NULL)", "qty IN (1, 2, NULL)"},
        {"qty not in (1)", "qty NOT IN (1)"},
        {"qty BETWEEN 1 AND 5", "qty BETWEEN 1 AND 5"},
        {"price not between -1.5 and .5", "price NOT BETWEEN -1.5 AND 0.5"},
        {"note IS NULL", "note IS NULL"},
        {"note is not null", "note IS NOT NULL"},
        {"NOT qty = 1", "NOT qty = 1"},
        {"not not qty = 1", "NOT NOT qty = 1"},
        {"NOT (qty = 1 OR qty = 2)", "NOT (qty = 1 OR qty = 2)"},
        {"qty = NULL", "qty = NULL"},
        {"\tqty\n=\r\n1  ", "qty = 1"},
    });
}

TEST(SelectionParser, ResolvesNamesCaseInsensitivelyToTheCatalogueSpelling) {
    expect_canonical({{"NAME = 'x'", "name = 'x'"}, {"[Qty] = 1", "qty = 1"}});
}

TEST(SelectionParser, ReadsQuotesAndNumbers) {
    expect_canonical({
        {"name = 'O''Brien'", "name = 'O''Brien'"},
        {"name = N'Perché'", "name = N'Perché'"},
        {"name = n'Ω'", "name = N'Ω'"},
        {"name = 'Perché'", "name = 'Perché'"},  // é is in Windows-1252
        {"name = ''''", "name = ''''"},
        {"name = ''", "name = ''"},
        {"price = -3.5", "price = -3.5"},
        {"price = .5", "price = 0.5"},
        {"price = 5.", "price = 5"},
        {"price = +7", "price = 7"},
        {"price = - 7", "price = -7"},
        {"price = 1.10", "price = 1.1"},
        {"price = 007.500", "price = 7.5"},
        {"price = -0", "price = 0"},
        {"qty = 12345678901234567890123456789012345678", "qty = 12345678901234567890123456789012345678"},
    });
}

TEST(SelectionParser, AndBindsTighterThanOrAndNotTighterThanAnd) {
    expect_canonical({
        {"qty = 1 OR qty = 2 AND price = 0", "qty = 1 OR (qty = 2 AND price = 0)"},
        {"(qty = 1 OR qty = 2) AND price = 0", "(qty = 1 OR qty = 2) AND price = 0"},
        {"NOT qty = 1 AND price = 0", "NOT qty = 1 AND price = 0"},
        {"(qty = 1 AND qty = 2) AND (price = 0)", "qty = 1 AND qty = 2 AND price = 0"},  // same-kind groups merge
        {"qty BETWEEN 1 AND 2 AND price = 0", "qty BETWEEN 1 AND 2 AND price = 0"},
    });
    // The same, checked by evaluation: a wrong precedence selects a different row.
    const auto s = parse("qty = 1 OR qty = 2 AND price = 0");
    EXPECT_TRUE(s.matches({{"qty", 1}, {"price", 5}}));
    EXPECT_FALSE(s.matches({{"qty", 2}, {"price", 5}}));
    const auto n = parse("NOT qty = 1 OR qty = 1");
    EXPECT_TRUE(n.matches({{"qty", 1}}));
    EXPECT_TRUE(n.matches({{"qty", 2}}));
}

TEST(SelectionParser, ListsTheColumnsItReads) {
    EXPECT_EQ(parse("QTY = 1 OR (name LIKE 'a' AND qty = price) OR note IS NULL").columns(),
              (std::vector<std::string>{"qty", "name", "price", "note"}));
}

struct ErrorCase {
    std::string text;
    std::size_t offset;
    std::string message;  // a part of the reason
};

TEST(SelectionParser, ReportsEachErrorWithItsPosition) {
    const std::vector<ErrorCase> cases = {
        {"", 0, "expected a condition, found end of input"},
        {"   ", 3, "expected a condition, found end of input"},
        {"name = ", 7, "expected a value after '=', found end of input"},
        {"name = 'abc", 7, "unterminated text"},
        {"name = 'a' x", 11, "expected AND, OR or end of input, found 'x'"},
        {"name = 'a' AND", 14, "expected a condition, found end of input"},
        {"nome = 'a'", 0, "unknown column 'nome' in Test"},
        {"qty = 'abc'", 6, "cannot convert 'abc' to int"},
        {"qty = '1.5'", 6, "not an integer"},
        {"qty = '99999999999'", 6, "out of the range of int"},
        {"active = 'yes'", 9, "expected 'true', 'false' or an integer"},
        {"price = ''", 8, "not a decimal number"},
        {"name = 5", 7, "a number cannot be compared with text column 'name'"},
        {"5 = name", 0, "a number cannot be compared with text column 'name'"},
        {"created = 5", 10, "a number cannot be compared with date-time column"},
        {"created = '2024-13-01'", 10, "no such month"},
        {"created = '2023-02-29'", 10, "no such day"},
        {"created = '2024-01-01 10:00:00.0001'", 10, "at most 3 fractional digits"},
        {"created = '1752-12-31'", 10, "outside the range of datetime"},
        {"updated = '2024-01-01T10:00'", 10, "needs seconds"},
        {"Lines = 'x'", 0, "list of nested records"},
        {"ts_update = 1", 0, "timestamp (rowversion)"},
        {"(name = 'a'", 11, "expected ')' to close the '(' at 0"},
        {"name = 'a')", 10, "unexpected ')'"},
        {"name LIKE 'a[b'", 10, "never closed"},
        {"name LIKE 'a[]'", 10, "empty character set"},
        {"name LIKE 'a!' ESCAPE '!'", 10, "ESCAPE character ends the pattern"},
        {"name LIKE 'a' ESCAPE 'ab'", 21, "exactly one character"},
        {"name LIKE 5", 10, "expected a quoted pattern after LIKE"},
        {"qty LIKE '1%'", 0, "LIKE needs a text column"},
        {"1 = 1", 0, "needs a column on at least one side"},
        {"'a' LIKE name", 0, "expected a column before 'LIKE'"},
        {"qty IN ()", 8, "expected a value (text, number or NULL) in the IN list"},
        {"qty IN (1, 2", 12, "expected ',' or ')' in the IN list"},
        {"qty IN (qty)", 8, "not a column"},
        {"qty BETWEEN 1 5", 14, "expected AND between the bounds"},
        {"note IS 5", 8, "expected NULL or NOT NULL after IS"},
        {"qty NOT = 1", 8, "expected LIKE, IN or BETWEEN after NOT"},
        {"qty", 3, "expected a comparison operator, LIKE, IN, BETWEEN or IS after 'qty', found end of input"},
        {"name == 'a'", 6, "expected a value after '=', found '='"},
        {"qty = 1e5", 7, "exponent notation"},
        {"qty = 0x1F", 6, "binary literals"},
        {"qty = 5abc", 7, "right after a number"},
        {"qty = -", 7, "expected a number after the sign"},
        {"qty = 123456789012345678901234567890123456789", 6, "more than 38 digits"},
        {"name = \"a\"", 7, "double quotes"},
        {"name = @x", 7, "variables"},
        {"t.name = 'a'", 1, "qualified names"},
        {"[name = 'a'", 0, "unterminated name"},
        {"UPPER(name) = 'A'", 0, "function calls ('UPPER(') are not allowed"},
        {"name = (SELECT 1)", 7, "subqueries"},
        {"name = 'a' + 'b'", 11, "found '+'"},
        {"name = 'a' || 'b'", 11, "arithmetic and bitwise operators"},
        {"qty = price AND name = qty", 16, "cannot compare 'name' (nvarchar(10)) with 'qty' (int)"},
        {"name = 'Ω'", 8, "U+03A9 is not in Windows-1252"},
        {"name = '\xff'", 8, "invalid UTF-8"},
        {"name = 'a' \x01", 11, "unexpected character U+0001"},
        {"name = 'a' é", 11, "unexpected character U+00E9"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.text);
        try {
            parse(c.text);
            ADD_FAILURE() << "parsed, but should not";
        } catch (const SelectionError& e) {
            EXPECT_EQ(e.offset(), c.offset) << e.what();
            EXPECT_NE(e.reason().find(c.message), std::string::npos) << e.what();
            EXPECT_EQ(std::string(e.what()), "at " + std::to_string(c.offset) + ": " + e.reason());
        }
    }
}

TEST(SelectionParser, TheExampleMessageHasTheDocumentedForm) {
    try {
        parse("note IS NULL OR qty = ");
        FAIL();
    } catch (const SelectionError& e) {
        EXPECT_STREQ(e.what(), "at 22: expected a value after '=', found end of input");
    }
}

TEST(SelectionParser, RefusesSqlInjection) {
    const std::vector<std::string> attacks = {
        "x'; DROP TABLE t; --",
        "name = 'x'; DROP TABLE t; --",
        "name = 'x' OR 1=1",
        "1=1 UNION SELECT * FROM users",
        "name = 'x' UNION SELECT password FROM users",
        "name = 'x' -- comment",
        "name = 'x' /* comment */",
        "name = 'x' /*",
        "name = 'x'--",
        "EXEC xp_cmdshell 'dir'",
        "SELECT * FROM t",
        "name = 'x' AND EXISTS (SELECT 1)",
        "name IN (SELECT name FROM t)",
        "name = 'x'; WAITFOR DELAY '0:0:10'",
        "name = 'x' + (SELECT TOP 1 name FROM t)",
        "name = CHAR(65)",
        "name = 'x' COLLATE Latin1_General_CS_AS",
        "name = 'a'' OR ''1''=''1'",  // well-formed: one text literal, must not become OR
        "name = N'a' OR name = 'b'; SHUTDOWN",
    };
    for (const auto& a : attacks) {
        SCOPED_TRACE(a);
        if (a == "name = 'a'' OR ''1''=''1'") {
            // Parses as one comparison with the text a' OR '1'='1 : the quote doubling keeps it a value.
            EXPECT_EQ(parse(a).to_string(), a);
            EXPECT_EQ(parse(a).columns(), std::vector<std::string>{"name"});
            continue;
        }
        EXPECT_THROW(parse(a), SelectionError);
    }
    // The embedded NUL is part of the input, not its end.
    EXPECT_THROW(parse(std::string("name = 'x'\0 OR 1=1", 18)), SelectionError);
}

TEST(SelectionParser, EnforcesLengthDepthAndListLimitsWithoutCrashing) {
    // Length: exactly the limit parses, one byte more does not.
    std::string longest = "note = '" + std::string(kMaxSelectionLength - 9, 'x') + "'";
    ASSERT_EQ(longest.size(), kMaxSelectionLength);
    EXPECT_NO_THROW(parse(longest));
    try {
        parse(longest + " ");
        FAIL();
    } catch (const SelectionError& e) {
        EXPECT_EQ(e.offset(), kMaxSelectionLength);
    }
    // Depth: parentheses and NOTs.
    auto nested = [](int n) { return std::string(n, '(') + "qty = 1" + std::string(n, ')'); };
    EXPECT_NO_THROW(parse(nested(kMaxSelectionDepth)));
    EXPECT_THROW(parse(nested(kMaxSelectionDepth + 1)), SelectionError);
    std::string nots;
    for (int i = 0; i < kMaxSelectionDepth + 1; ++i) nots += "NOT ";
    EXPECT_THROW(parse(nots + "qty = 1"), SelectionError);
    EXPECT_THROW(parse(std::string(4000, '(')), SelectionError);
    // A long flat chain is not deep.
    std::string chain = "qty = 1";
    while (chain.size() < 4000) chain += " AND qty = 1";
    EXPECT_NO_THROW(parse(chain));
    // IN list size.
    auto in_list = [](std::size_t n) {
        std::string s = "qty IN (1";
        for (std::size_t i = 1; i < n; ++i) s += ",1";
        return s + ")";
    };
    EXPECT_NO_THROW(parse(in_list(kMaxInListSize)));
    EXPECT_THROW(parse(in_list(kMaxInListSize + 1)), SelectionError);
}

TEST(SelectionParser, ReadsTheSeedsOwnShapeOnTheRealCatalogue) {
    // 000 §4.1: "a comparison of a field with a quoted text, joined by and; numbers are unquoted".
    const Catalogue catalogue = builtin_catalogue();
    const Record* docs = catalogue.find("StoricoDocumentiT");
    ASSERT_NE(docs, nullptr);
    const auto s = Selection::parse("cod_tipodoc = 'FAT' and num_anno = 2024", *docs);
    EXPECT_EQ(s.to_string(), "cod_tipodoc = 'FAT' AND num_anno = 2024");
    EXPECT_TRUE(s.matches({{"cod_tipodoc", "fat"}, {"num_anno", 2024}}));
    EXPECT_FALSE(s.matches({{"cod_tipodoc", "FAT"}, {"num_anno", 2023}}));
    // 000 §4.1 rule 2: a counterpart subset by ind_clifor (nchar(1)) on C or F.
    const Record* clifor = catalogue.find("CliFor");
    ASSERT_NE(clifor, nullptr);
    const auto c = Selection::parse("ind_clifor = 'C'", *clifor);
    EXPECT_TRUE(c.matches({{"ind_clifor", "C"}}));
    EXPECT_FALSE(c.matches({{"ind_clifor", "F"}}));
    EXPECT_THROW(Selection::parse("AgentiClienti IS NULL", *clifor), SelectionError) << "a nested list";
}

// --- Round trip: random well-formed conditions, in random spelling, print and parse back. ---

// A uniform choice in [lo, hi) (gen::inRange alone grows with RapidCheck's size: early cases would pick
// mostly the first alternatives).
int uniform(int lo, int hi) { return *rc::gen::resize(100, rc::gen::inRange(lo, hi)); }

std::string random_case(const std::string& word) {
    std::string out = word;
    for (auto& ch : out)
        if (*rc::gen::arbitrary<bool>()) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

std::string space() { return *rc::gen::element<std::string>(" ", "  ", "\t", "\n "); }

std::string text_literal() {
    const auto chars = *rc::gen::container<std::vector<std::string>>(
        static_cast<std::size_t>(uniform(0, 5)),
        rc::gen::element<std::string>("a", "B", " ", "'", "%", "_", "é", "[", "]"));
    std::string body;
    for (const auto& c : chars) body += c == "'" ? "''" : c;
    return (*rc::gen::arbitrary<bool>() ? "N'" : "'") + body + "'";
}

std::string value_for(const std::string& column) {
    if (uniform(0, 8) == 0) return random_case("NULL");
    if (column == "name" || column == "note") return text_literal();
    if (column == "qty")
        return *rc::gen::arbitrary<bool>() ? std::to_string(uniform(-50, 50))
                                           : "'" + std::to_string(uniform(-50, 50)) + "'";
    if (column == "price") return *rc::gen::element<std::string>("1.10", "-3.5", ".5", "0", "12", "'2.25'");
    if (column == "active") return *rc::gen::element<std::string>("0", "1", "'true'", "'FALSE'");
    return *rc::gen::element<std::string>("'2024-01-31'", "'20240131 10:00'", "'2024-01-31T10:00:00.003'");
}

std::string random_condition(int depth) {
    const std::string column = *rc::gen::element<std::string>("name", "note", "qty", "price", "active", "created");
    const std::string shown = *rc::gen::arbitrary<bool>() ? "[" + random_case(column) + "]" : random_case(column);
    switch (uniform(0, depth > 0 ? 10 : 6)) {
        case 0:
            return shown + space() + *rc::gen::element<std::string>("=", "<>", "!=", "<", "<=", ">", ">=", "!<", "!>") +
                   space() + value_for(column);
        case 1: return value_for(column) + space() + *rc::gen::element<std::string>("=", "<>", "<") + space() + shown;
        case 2:
            return shown + space() + random_case("IS") + (*rc::gen::arbitrary<bool>() ? " NOT" : "") + " " +
                   random_case("NULL");
        case 3: {
            std::string list = value_for(column);
            for (int i = uniform(0, 3); i > 0; --i) list += "," + space() + value_for(column);
            return shown + (*rc::gen::arbitrary<bool>() ? " NOT" : "") + " " + random_case("IN") + " (" + list + ")";
        }
        case 4:
            return shown + (*rc::gen::arbitrary<bool>() ? " NOT" : "") + " " + random_case("BETWEEN") + " " +
                   value_for(column) + " " + random_case("AND") + " " + value_for(column);
        case 5: {
            const std::string text = *rc::gen::element<std::string>("name", "note");
            const std::string pattern =
                *rc::gen::element<std::string>("'a%'", "N'_b'", "'[a-c]%'", "'%[^x]'", "''", "'%'");
            return text + (*rc::gen::arbitrary<bool>() ? " NOT" : "") + " " + random_case("LIKE") + " " + pattern +
                   (*rc::gen::arbitrary<bool>() ? " ESCAPE '!'" : "");
        }
        case 6: return random_case("NOT") + " " + random_condition(depth - 1);
        case 7: return "(" + space() + random_condition(depth - 1) + space() + ")";
        case 8: return random_condition(depth - 1) + " " + random_case("AND") + " " + random_condition(depth - 1);
        default: return random_condition(depth - 1) + " " + random_case("OR") + " " + random_condition(depth - 1);
    }
}

nlohmann::json random_row() {
    nlohmann::json row = nlohmann::json::object();
    if (*rc::gen::arbitrary<bool>()) row["name"] = *rc::gen::element<std::string>("a", "AB", "b ", "é", "");
    if (*rc::gen::arbitrary<bool>()) row["note"] = *rc::gen::element<std::string>("a'", "[", "_b");
    if (*rc::gen::arbitrary<bool>()) row["qty"] = uniform(-3, 3);
    if (*rc::gen::arbitrary<bool>()) row["price"] = *rc::gen::element(1.1, -3.5, 0.5, 2.25);
    if (*rc::gen::arbitrary<bool>()) row["active"] = *rc::gen::arbitrary<bool>();
    if (*rc::gen::arbitrary<bool>())
        row["created"] = *rc::gen::element<std::string>("2024-01-31T00:00:00", "2024-01-31T10:00:00.003");
    return row;
}

RC_GTEST_PROP(SelectionParser, PrintingAndParsingBackGivesAnEqualCondition, ()) {
    const std::string text = random_condition(uniform(0, 4));
    const Selection first = parse(text);
    const std::string printed = first.to_string();
    const Selection second = parse(printed);
    RC_ASSERT(second == first);
    RC_ASSERT(second.to_string() == printed);
    RC_ASSERT(second.columns() == first.columns());
    for (int i = 0; i < 4; ++i) {
        const auto row = random_row();
        for (const auto c : {Collation::CaseInsensitive, Collation::CaseSensitive})
            RC_ASSERT(first.evaluate(row, c) == second.evaluate(row, c));
    }
}

}  // namespace
}  // namespace bds
