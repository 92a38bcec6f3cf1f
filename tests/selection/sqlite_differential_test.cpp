// Differential test of the RecordSelection evaluator against SQLite, a real SQL engine we did not write.
//
// RapidCheck generates a small table of random records and, with the library's generator in Declared mode
// (generate/selection_gen.hpp), random well-formed conditions about it: comparisons with every operator
// spelling in both directions and between columns, LIKE with and without ESCAPE and with [sets] and ranges,
// IN and NOT IN with NULLs, BETWEEN, IS [NOT] NULL, NOT/AND/OR with and without parentheses, NULL literals,
// quoted numbers, literals with trailing spaces or flipped case. Each condition is written twice - as T-SQL
// for Selection::parse (random keyword case, [brackets], N'...', spaces, parentheses) and as SQLite by
// selection/sqlite_oracle.hpp - and the rows SQLite selects are compared with the rows Selection::matches
// selects.
//
// The compared subset is where SQLite, given the oracle's rewriting, and SQL Server agree, so that any
// difference is our bug:
//  - Row text is printable ASCII without trailing spaces. Case folding is compared on ASCII only: SQLite's
//    NOCASE, LIKE and lower() fold ASCII letters only; literals may hold other characters (accents, ß,
//    astral ones), which never equal an ASCII value and sort after all of them in both engines.
//    Padding ('ab' = 'ab ') is compared through the oracle's rtrim, which equals it without control
//    characters. The text columns are nvarchar, where SQL Server's trailing-space rule for LIKE is the
//    standard one SQLite follows; patterns with [sets] go to SQLite's GLOB.
//  - Numbers: int, decimal (stored as SQLite REAL: decimals with at most 15 significant digits keep their
//    order and equality as doubles) and bit (0/1). Quoted numbers ('5', '-0.25') are converted by SQLite's
//    numeric affinity; a bit's 'true'/'false' is rewritten 1/0.
//  - No float and no date-times here: float(n <= 24) compares as a 4-byte real (the evaluator tests cover
//    floats), and date-time literals reach SQLite only through our own conversion (selection_gen_test compares
//    date-time conditions on catalogue records that way).
// Run 1: case-sensitive (SQLite BINARY, PRAGMA case_sensitive_like=ON) vs Collation::CaseSensitive.
// Run 2: case-insensitive (COLLATE NOCASE, case_sensitive_like=OFF, GLOB on lower()) vs CaseInsensitive.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "generate/selection_gen.hpp"
#include "selection/selection.hpp"
#include "selection/sqlite_oracle.hpp"
#include "test_records.hpp"

namespace bds {
namespace {

using nlohmann::json;
using test::field;
using testing::SqliteTable;

const Record& schema() {
    static const Record r = test::record(
        "Diff", {field("name", "nvarchar(10)", false), field("qty", "int", true), field("price", "decimal", true),
                 field("note", "nvarchar(20)", true), field("active", "bit", true)});
    return r;
}

// A uniform choice in [lo, hi): gen::inRange grows with RapidCheck's size, which would make early cases
// pick mostly the first alternatives and tiny tables.
int uniform(int lo, int hi) { return *rc::gen::resize(100, rc::gen::inRange(lo, hi)); }
bool coin() { return *rc::gen::arbitrary<bool>(); }

// Printable ASCII with case pairs, LIKE's wildcards, escape characters the generator uses and a quote.
constexpr std::string_view kAlphabet = "aAbBcCxZ %_!#'";

std::string ascii_text(int max_length) {
    std::string s;
    for (int n = uniform(0, max_length + 1); n > 0; --n)
        s += kAlphabet[static_cast<std::size_t>(uniform(0, static_cast<int>(kAlphabet.size())))];
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

// A record; half of the time a NULL is a missing field rather than a JSON null.
json random_row() {
    const bool omit_nulls = coin();
    json j = json::object();
    j["name"] = ascii_text(6);
    auto put = [&](const char* key, const json& v) {
        if (!v.is_null())
            j[key] = v;
        else if (!omit_nulls)
            j[key] = nullptr;
    };
    put("qty", uniform(0, 5) ? json(uniform(-6, 7)) : json());
    put("price", uniform(0, 5) ? json(uniform(-600, 601) / 100.0) : json());
    put("note", coin() ? json(ascii_text(6)) : json());
    put("active", uniform(0, 4) ? json(coin()) : json());
    return j;
}

// One generated table, several generated conditions on it.
void check_against_sqlite(Collation collation) {
    const auto rows =
        *rc::gen::container<std::vector<json>>(static_cast<std::size_t>(uniform(0, 9)), rc::gen::exec(random_row));
    const SqliteTable table(schema(), rows, collation);
    gen::ConditionGenOptions options;
    options.mode = gen::CollationMode::Declared;
    const auto conditions = gen::condition_gen(schema(), rows, options);
    for (int i = 0; i < 12; ++i) {
        const gen::Condition cond = *conditions;
        const std::string tsql = gen::to_tsql(cond);
        const std::string sqlite = testing::to_sqlite(cond.expr, schema(), collation);
        const Selection selection = Selection::parse(tsql, schema());
        const auto ours = testing::selected(selection, rows, collation);
        const auto theirs = table.select(sqlite);
        if (ours != theirs)
            RC_FAIL("different rows\nT-SQL:  " + tsql + "\nSQLite: " + sqlite + "\nours:   " + testing::ids(ours) +
                    "\nSQLite: " + testing::ids(theirs) + "\n" + testing::describe(rows));
    }
}

RC_GTEST_PROP(SelectionSqliteDifferential, CaseSensitiveAgreesWithSqliteBinary, ()) {
    check_against_sqlite(Collation::CaseSensitive);
}

RC_GTEST_PROP(SelectionSqliteDifferential, CaseInsensitiveAgreesWithSqliteNocaseOnAscii, ()) {
    check_against_sqlite(Collation::CaseInsensitive);
}

// The harness itself must be able to see a difference: a condition the engines treat differently on
// purpose (SQL Server pads, SQLite does not) gives different row sets, until the oracle's rewriting states
// the padding in SQLite's terms.
TEST(SelectionSqliteDifferential, DetectsADifferenceWhenThereIsOne) {
    const std::vector<json> rows = {json{{"name", "ab"}, {"qty", 1}, {"price", 1.0}, {"note", "x"}, {"active", true}}};
    const SqliteTable table(schema(), rows, Collation::CaseSensitive);
    EXPECT_TRUE(table.select("name = 'ab '").empty());
    EXPECT_TRUE(Selection::parse("name = 'ab '", schema()).matches(rows[0], Collation::CaseSensitive));

    gen::Expr padded;
    padded.kind = gen::Expr::Kind::Compare;
    padded.left.column = "name";
    padded.right.literal = {gen::Literal::Kind::Text, "ab ", false};
    EXPECT_EQ(table.select(testing::to_sqlite(padded, schema(), Collation::CaseSensitive)), (std::set<std::size_t>{0}));
}

}  // namespace
}  // namespace bds
