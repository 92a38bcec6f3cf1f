// Differential test of the RecordSelection evaluator against SQLite, a real SQL engine we did not write.
//
// RapidCheck generates a small table of random records and random well-formed conditions (comparisons in
// both directions and between columns, LIKE with and without ESCAPE, IN and NOT IN with NULLs, BETWEEN,
// IS [NOT] NULL, NOT/AND/OR with and without parentheses, NULL literals), renders each condition twice -
// once as T-SQL for Selection::parse (random keyword case, [brackets], N'...', != and !< spellings), once as
// SQLite - and compares the rows SQLite selects with the rows Selection::matches selects.
//
// The compared subset is where SQLite and SQL Server agree, so that any difference is our bug:
//  - Text is printable ASCII without trailing spaces: SQLite does not pad text with spaces for = and <
//    (SQL Server does), and without trailing spaces and control characters padding and byte order agree.
//    Case folding is compared on ASCII only: SQLite's NOCASE and LIKE fold ASCII letters only.
//  - LIKE patterns use %, _ and ESCAPE but no [sets], which SQLite's LIKE lacks; the text columns are
//    nvarchar, where SQL Server's trailing-space rule for LIKE is the standard one SQLite follows.
//  - Numbers: int, decimal (stored as SQLite REAL: decimals with at most 15 significant digits keep their
//    order and equality as doubles) and bit (0/1). Quoted numbers appear only for int and decimal columns,
//    never empty ('' is 0 for SQL Server's int but a text for SQLite).
//  - No text compared with a number, and no date-times: those are conversions SQLite does differently
//    (and Selection refuses or converts SQL Server's way); the evaluator tests cover them.
// Run 1: case-sensitive (SQLite BINARY collation, PRAGMA case_sensitive_like=ON) vs Collation::CaseSensitive.
// Run 2: case-insensitive (columns declared COLLATE NOCASE, case_sensitive_like=OFF) vs CaseInsensitive.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <sqlite3.h>

#include <cctype>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "selection/selection.hpp"

namespace bds {
namespace {

using nlohmann::json;

Field field(const std::string& name, const std::string& type, bool nullable) {
    Field f;
    f.name = name;
    f.type = SqlType::parse(type);
    f.nullable = nullable;
    return f;
}

const Record& schema() {
    static const Record r = [] {
        Record rec;
        rec.name = "Diff";
        rec.fields = {field("name", "nvarchar(10)", false), field("qty", "int", true), field("price", "decimal", true),
                      field("note", "nvarchar(20)", true), field("active", "bit", true)};
        return rec;
    }();
    return r;
}

// --- SQLite ---

struct SqliteCloser {
    void operator()(sqlite3* db) const { sqlite3_close(db); }
};
struct StatementFinalizer {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Db = std::unique_ptr<sqlite3, SqliteCloser>;
using Statement = std::unique_ptr<sqlite3_stmt, StatementFinalizer>;

struct Row {
    std::string name;
    std::optional<int> qty;
    std::optional<int> price_cents;
    std::optional<std::string> note;
    std::optional<bool> active;
    bool omit_nulls = false;  // a NULL is written as a missing field rather than a JSON null

    json to_json() const {
        json j = json::object();
        j["name"] = name;
        auto put = [&](const char* key, const std::optional<json>& v) {
            if (v) j[key] = *v;
            else if (!omit_nulls) j[key] = nullptr;
        };
        put("qty", qty ? std::optional<json>(*qty) : std::nullopt);
        put("price", price_cents ? std::optional<json>(*price_cents / 100.0) : std::nullopt);
        put("note", note ? std::optional<json>(*note) : std::nullopt);
        put("active", active ? std::optional<json>(*active) : std::nullopt);
        return j;
    }
};

Db open_table(const std::vector<Row>& rows, bool nocase) {
    sqlite3* raw = nullptr;
    if (sqlite3_open(":memory:", &raw) != SQLITE_OK) throw std::runtime_error("sqlite3_open failed");
    Db db(raw);
    const std::string collate = nocase ? " COLLATE NOCASE" : "";
    const std::string ddl = "CREATE TABLE t(name TEXT" + collate + ", qty INTEGER, price REAL, note TEXT" + collate +
                            ", active INTEGER); PRAGMA case_sensitive_like = " + (nocase ? "OFF" : "ON") + ";";
    if (sqlite3_exec(db.get(), ddl.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) throw std::runtime_error(sqlite3_errmsg(db.get()));
    sqlite3_stmt* raw_stmt = nullptr;
    sqlite3_prepare_v2(db.get(), "INSERT INTO t(rowid, name, qty, price, note, active) VALUES (?, ?, ?, ?, ?, ?)", -1, &raw_stmt, nullptr);
    Statement insert(raw_stmt);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& r = rows[i];
        sqlite3_reset(insert.get());
        sqlite3_bind_int64(insert.get(), 1, static_cast<sqlite3_int64>(i));
        sqlite3_bind_text(insert.get(), 2, r.name.c_str(), -1, SQLITE_TRANSIENT);
        if (r.qty) sqlite3_bind_int(insert.get(), 3, *r.qty); else sqlite3_bind_null(insert.get(), 3);
        if (r.price_cents) sqlite3_bind_double(insert.get(), 4, *r.price_cents / 100.0); else sqlite3_bind_null(insert.get(), 4);
        if (r.note) sqlite3_bind_text(insert.get(), 5, r.note->c_str(), -1, SQLITE_TRANSIENT); else sqlite3_bind_null(insert.get(), 5);
        if (r.active) sqlite3_bind_int(insert.get(), 6, *r.active ? 1 : 0); else sqlite3_bind_null(insert.get(), 6);
        if (sqlite3_step(insert.get()) != SQLITE_DONE) throw std::runtime_error(sqlite3_errmsg(db.get()));
    }
    return db;
}

// The rowids SQLite selects, or nullopt (with the message in `error`) when it refuses the query.
std::optional<std::set<std::size_t>> sqlite_select(sqlite3* db, const std::string& condition, std::string& error) {
    const std::string sql = "SELECT rowid FROM t WHERE " + condition;
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) {
        error = sqlite3_errmsg(db);
        return std::nullopt;
    }
    Statement stmt(raw);
    std::set<std::size_t> ids;
    int rc = 0;
    while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW) ids.insert(static_cast<std::size_t>(sqlite3_column_int64(stmt.get(), 0)));
    if (rc != SQLITE_DONE) {
        error = sqlite3_errmsg(db);
        return std::nullopt;
    }
    return ids;
}

// --- Generators (imperative: each * draws from RapidCheck, so failures shrink) ---

/// A condition rendered for both engines.
struct Cond {
    std::string tsql, sqlite;
};

// A uniform choice in [lo, hi): gen::inRange grows with RapidCheck's size, which would make early cases
// pick mostly the first alternatives and tiny tables.
int uniform(int lo, int hi) { return *rc::gen::resize(100, rc::gen::inRange(lo, hi)); }
bool coin() { return *rc::gen::arbitrary<bool>(); }

// Printable ASCII with case pairs, LIKE's wildcards, the escape character we use and a quote.
constexpr std::string_view kAlphabet = "aAbBcCxZ %_!'";

std::string ascii_text(int max_length) {
    std::string s;
    for (int n = uniform(0, max_length + 1); n > 0; --n) s += kAlphabet[static_cast<std::size_t>(uniform(0, static_cast<int>(kAlphabet.size())))];
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

std::string sql_quoted(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

// Toggles the case of some letters: the same text to a case-insensitive collation, another one otherwise.
std::string flip_case(std::string s) {
    for (auto& ch : s)
        if (std::isalpha(static_cast<unsigned char>(ch)) && coin()) ch = static_cast<char>(ch ^ 0x20);
    return s;
}

// Keywords and names in random case (T-SQL's are case-insensitive).
std::string kw(std::string word) {
    for (auto& ch : word)
        if (coin()) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return word;
}

Cond column(const std::string& name) {
    std::string t = kw(name);
    if (coin()) t = "[" + t + "]";
    return {t, name};
}

Cond null_literal() { return {kw("NULL"), "NULL"}; }

Cond comparison_op() {
    switch (uniform(0, 6)) {
        case 0: return {"=", "="};
        case 1: return {coin() ? "<>" : "!=", "<>"};
        case 2: return {"<", "<"};
        case 3: return {coin() ? "<=" : "!>", "<="};
        case 4: return {">", ">"};
        default: return {coin() ? ">=" : "!<", ">="};
    }
}

Row random_row() {
    Row r;
    r.name = ascii_text(6);
    if (uniform(0, 5)) r.qty = uniform(-6, 7);
    if (uniform(0, 5)) r.price_cents = uniform(-600, 601);
    if (coin()) r.note = ascii_text(6);
    if (uniform(0, 4)) r.active = coin();
    r.omit_nulls = coin();
    return r;
}

/// Draws conditions about one table. Half of the literals and patterns come from the table's own values,
/// so that =, IN and LIKE select some rows and not others often enough to matter.
class ConditionGen {
public:
    explicit ConditionGen(const std::vector<Row>& rows) {
        for (const auto& r : rows) {
            texts_.push_back(r.name);
            if (r.note) texts_.push_back(*r.note);
            if (r.qty) qtys_.push_back(*r.qty);
            if (r.price_cents) cents_.push_back(*r.price_cents);
        }
    }

    // Without parentheses, both engines must apply the same precedence (NOT > AND > OR).
    Cond condition(int depth) {
        if (depth == 0 || uniform(0, 3) == 0) return predicate();
        auto maybe_paren = [](Cond c) { return coin() ? Cond{"(" + c.tsql + ")", "(" + c.sqlite + ")"} : c; };
        switch (uniform(0, 3)) {
            case 0: {
                const Cond inner = maybe_paren(condition(depth - 1));
                return {kw("NOT") + " " + inner.tsql, "NOT " + inner.sqlite};
            }
            case 1: {
                const Cond a = maybe_paren(condition(depth - 1)), b = maybe_paren(condition(depth - 1));
                return {a.tsql + " " + kw("AND") + " " + b.tsql, a.sqlite + " AND " + b.sqlite};
            }
            default: {
                const Cond a = maybe_paren(condition(depth - 1)), b = maybe_paren(condition(depth - 1));
                return {a.tsql + " " + kw("OR") + " " + b.tsql, a.sqlite + " OR " + b.sqlite};
            }
        }
    }

private:
    template <class T>
    const T& pick(const std::vector<T>& v) { return v[static_cast<std::size_t>(uniform(0, static_cast<int>(v.size())))]; }

    std::string some_text(int max_length) {
        if (!texts_.empty() && coin()) return coin() ? pick(texts_) : flip_case(pick(texts_));
        return ascii_text(max_length);
    }

    Cond text_literal() {
        const std::string s = some_text(5);
        return {(coin() ? "N" : "") + sql_quoted(s), sql_quoted(s)};
    }

    // qty and active take integers; price takes decimals with up to 3 places. qty and price may be quoted
    // (both engines convert the text to the column's number type), never as '' (see the file comment).
    Cond number_literal(const std::string& col) {
        if (col == "price") {
            int places = 2;
            int scaled = 0;
            if (!cents_.empty() && coin()) {
                scaled = pick(cents_);
            } else {
                places = uniform(0, 4);
                int scale = 1;
                for (int p = 0; p < places; ++p) scale *= 10;
                scaled = uniform(-6 * scale, 6 * scale + 1);
            }
            int scale = 1;
            for (int p = 0; p < places; ++p) scale *= 10;
            const int magnitude = scaled < 0 ? -scaled : scaled;
            std::string text = (scaled < 0 ? "-" : "") + std::to_string(magnitude / scale);
            if (places > 0) text += "." + std::to_string(scale + magnitude % scale).substr(1);  // zero-padded
            if (coin()) return {"'" + text + "'", "'" + text + "'"};
            // T-SQL also reads ".5" for "0.5".
            return {text.rfind("0.", 0) == 0 && coin() ? text.substr(1) : text, text};
        }
        int v = col == "active" ? uniform(-1, 3) : uniform(-6, 7);
        if (col == "qty" && !qtys_.empty() && coin()) v = pick(qtys_);
        if (col == "qty" && coin()) return {"'" + std::to_string(v) + "'", "'" + std::to_string(v) + "'"};
        return {std::to_string(v), std::to_string(v)};
    }

    Cond literal_for(const std::string& col) {
        if (uniform(0, 10) == 0) return null_literal();
        return col == "name" || col == "note" ? text_literal() : number_literal(col);
    }

    // A LIKE pattern, often made from a value of the table with some characters replaced by _ or
    // followed by %. With ESCAPE '!', the data's own %, _ and ! are escaped (otherwise % and _ are
    // wildcards and ! is ordinary, in both engines). No [sets]: SQLite's LIKE has none.
    Cond like_pattern(bool escaping) {
        const std::string source = some_text(5);
        std::string pattern = coin() ? "%" : "";
        for (char c : source) {
            const bool special = c == '%' || c == '_' || c == '!';
            const std::string literal = escaping && special ? std::string("!") + c : std::string(1, c);
            switch (uniform(0, 8)) {
                case 0: pattern += "_"; break;
                case 1: pattern += "%"; break;
                case 2: pattern += literal + "%"; break;
                default: pattern += literal;
            }
        }
        if (coin()) pattern += "%";
        return {(coin() ? "N" : "") + sql_quoted(pattern), sql_quoted(pattern)};
    }

    Cond predicate() {
        const std::string text_col = *rc::gen::element<std::string>("name", "note");
        const std::string num_col = *rc::gen::element<std::string>("qty", "price", "active");
        const std::string col = coin() ? text_col : num_col;
        const Cond c = column(col);
        auto negation = [&](Cond& out) {
            if (coin()) {
                out.tsql += " " + kw("NOT");
                out.sqlite += " NOT";
            }
        };
        switch (uniform(0, 8)) {
            case 0: {  // column op literal, either way round
                const Cond op = comparison_op();
                const Cond v = literal_for(col);
                if (coin()) return {c.tsql + " " + op.tsql + " " + v.tsql, c.sqlite + " " + op.sqlite + " " + v.sqlite};
                return {v.tsql + " " + op.tsql + " " + c.tsql, v.sqlite + " " + op.sqlite + " " + c.sqlite};
            }
            case 1: {  // column op column of the same family
                const Cond op = comparison_op();
                const std::string other = col == "name" ? "note" : col == "note" ? "name" : *rc::gen::element<std::string>("qty", "price", "active");
                const Cond o = column(other);
                return {c.tsql + " " + op.tsql + " " + o.tsql, c.sqlite + " " + op.sqlite + " " + o.sqlite};
            }
            case 2: {  // LIKE
                const Cond t = column(text_col);
                const bool escaping = coin();
                const Cond p = uniform(0, 12) == 0 ? null_literal() : like_pattern(escaping);
                Cond out = t;
                negation(out);
                out.tsql += " " + kw("LIKE") + " " + p.tsql;
                out.sqlite += " LIKE " + p.sqlite;
                if (escaping) {
                    out.tsql += " " + kw("ESCAPE") + " '!'";
                    out.sqlite += " ESCAPE '!'";
                }
                return out;
            }
            case 3: {  // IN
                Cond out = c;
                negation(out);
                Cond list = literal_for(col);
                for (int i = uniform(0, 4); i > 0; --i) {
                    const Cond v = literal_for(col);
                    list.tsql += ", " + v.tsql;
                    list.sqlite += ", " + v.sqlite;
                }
                out.tsql += " " + kw("IN") + " (" + list.tsql + ")";
                out.sqlite += " IN (" + list.sqlite + ")";
                return out;
            }
            case 4: {  // BETWEEN
                Cond out = c;
                negation(out);
                const Cond lo = literal_for(col), hi = literal_for(col);
                out.tsql += " " + kw("BETWEEN") + " " + lo.tsql + " " + kw("AND") + " " + hi.tsql;
                out.sqlite += " BETWEEN " + lo.sqlite + " AND " + hi.sqlite;
                return out;
            }
            case 5: {  // IS [NOT] NULL
                const bool is_not = coin();
                return {c.tsql + " " + kw("IS") + (is_not ? " " + kw("NOT") : "") + " " + kw("NULL"),
                        c.sqlite + " IS" + (is_not ? " NOT" : "") + " NULL"};
            }
            case 6: {  // comparison with NULL
                const Cond op = comparison_op();
                return {c.tsql + " " + op.tsql + " " + kw("NULL"), c.sqlite + " " + op.sqlite + " NULL"};
            }
            default: {  // equality with a literal, the seeds' own shape
                const Cond v = literal_for(col);
                return {c.tsql + " = " + v.tsql, c.sqlite + " = " + v.sqlite};
            }
        }
    }

    std::vector<std::string> texts_;
    std::vector<int> qtys_;
    std::vector<int> cents_;
};

std::string describe(const std::vector<Row>& rows) {
    std::string out;
    for (std::size_t i = 0; i < rows.size(); ++i) out += "  row " + std::to_string(i) + ": " + rows[i].to_json().dump() + "\n";
    return out;
}

std::string ids(const std::set<std::size_t>& rows) {
    std::string out = "{";
    for (auto id : rows) out += (out.size() > 1 ? ", " : "") + std::to_string(id);
    return out + "}";
}

// One generated table, several generated conditions on it.
void check_against_sqlite(Collation collation) {
    const auto rows = *rc::gen::container<std::vector<Row>>(static_cast<std::size_t>(uniform(0, 9)), rc::gen::exec(random_row));
    const Db db = open_table(rows, collation == Collation::CaseInsensitive);
    ConditionGen gen(rows);
    for (int i = 0; i < 12; ++i) {
        const Cond cond = gen.condition(uniform(0, 4));
        const Selection selection = Selection::parse(cond.tsql, schema());
        std::set<std::size_t> ours;
        for (std::size_t k = 0; k < rows.size(); ++k)
            if (selection.matches(rows[k].to_json(), collation)) ours.insert(k);
        std::string error;
        const auto theirs = sqlite_select(db.get(), cond.sqlite, error);
        if (!theirs) RC_FAIL("SQLite refused: " + cond.sqlite + ": " + error);
        if (ours != *theirs)
            RC_FAIL("different rows\nT-SQL:  " + cond.tsql + "\nSQLite: " + cond.sqlite + "\nours:   " + ids(ours) +
                    "\nSQLite: " + ids(*theirs) + "\n" + describe(rows));
    }
}

RC_GTEST_PROP(SelectionSqliteDifferential, CaseSensitiveAgreesWithSqliteBinary, ()) { check_against_sqlite(Collation::CaseSensitive); }

RC_GTEST_PROP(SelectionSqliteDifferential, CaseInsensitiveAgreesWithSqliteNocaseOnAscii, ()) {
    check_against_sqlite(Collation::CaseInsensitive);
}

// The harness itself must be able to see a difference: a condition the engines treat differently on
// purpose (SQL Server pads, SQLite does not) gives different row sets.
TEST(SelectionSqliteDifferential, DetectsADifferenceWhenThereIsOne) {
    const std::vector<Row> rows = {Row{"ab", 1, 100, std::string("x"), true, false}};
    const Db db = open_table(rows, false);
    std::string error;
    const auto theirs = sqlite_select(db.get(), "name = 'ab '", error);
    ASSERT_TRUE(theirs) << error;
    EXPECT_TRUE(theirs->empty());
    EXPECT_TRUE(Selection::parse("name = 'ab '", schema()).matches(rows[0].to_json(), Collation::CaseSensitive));
}

}  // namespace
}  // namespace bds
