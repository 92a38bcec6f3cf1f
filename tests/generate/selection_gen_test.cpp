// The RecordSelection generators: every generated condition parses on real catalogue records, its meaning
// agrees with SQLite's where the collation cannot matter, every operator comes up, Portable mode keeps away
// from collation order, malformed conditions are all refused, and the same seed gives the same texts.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "generate/malformed_selection_gen.hpp"
#include "generate/record_gen.hpp"
#include "generate/selection_gen.hpp"
#include "schema/record_schema.hpp"
#include "selection/sqlite_oracle.hpp"
#include "sql/text.hpp"

#include "test_records.hpp"
#include "generate/test_sample.hpp"
namespace bds::gen {
namespace {

using nlohmann::json;

const Catalogue& catalogue() { return test::catalogue(); }

const Record& record(const char* name) { return *catalogue().find(name); }

const std::vector<std::string>& resource_names() {
    static const std::vector<std::string> names = {"CliFor", "Articoli", "StoricoDocumentiT", "MCPDocumentiT"};
    return names;
}

/// Records as the run would write them (sent records), or as a view returns them (MCPDocumentiT).
const rc::Gen<json>& row_gen(const std::string& name) {
    static const std::map<std::string, rc::Gen<json>> gens = [] {
        std::map<std::string, rc::Gen<json>> out;
        RecordGenOptions options;
        options.run_prefix = "q7";
        for (const auto& n : resource_names()) {
            const Record& r = record(n.c_str());
            if (r.writable()) {
                out.emplace(n, sent_record_gen(catalogue(), r, options));
            } else {
                const json schema =
                    json::parse(record_schema(catalogue(), r, Dialect::JsonSchema07, Direction::Returned).dump());
                out.emplace(n, record_gen(schema, options));
            }
        }
        return out;
    }();
    return gens.at(name);
}

int uniform(int lo, int hi) { return *rc::gen::resize(rc::kNominalSize, rc::gen::inRange(lo, hi)); }

using test::sample;

/// Text values with every character portable_text does not accept replaced by 'x'.
json portable_row(json row, const Record& r) {
    for (const auto& f : r.fields) {
        if (!f.type.is_text() || !row.contains(f.name) || !row[f.name].is_string()) continue;
        std::u32string t = *sql::utf8_to_u32(row[f.name].get<std::string>());
        for (auto& c : t)
            if (!portable_text(sql::to_utf8(std::u32string(1, c)))) c = U'x';
        row[f.name] = sql::to_utf8(t);
    }
    return row;
}

std::vector<json> rows_of(const std::string& name, std::uint64_t seed, int count, bool portable) {
    auto rows = sample(row_gen(name), seed, count);
    if (portable)
        for (auto& row : rows) row = portable_row(row, record(name.c_str()));
    return rows;
}

ConditionGenOptions mode(CollationMode m) {
    ConditionGenOptions o;
    o.mode = m;
    return o;
}

// ---- what a condition contains ----

bool is_text(const Record& r, const std::string& column) { return r.field(column)->type.is_text(); }
bool is_time(const Record& r, const std::string& column) {
    const auto k = r.field(column)->type.kind;
    return k == SqlKind::Datetime || k == SqlKind::Datetime2;
}

void literal_features(const Literal& l, const Record& r, const std::string& column, std::set<std::string>& out) {
    if (l.kind == Literal::Kind::Null) out.insert("NULL literal");
    if (l.kind != Literal::Kind::Text) return;
    if (l.unicode) out.insert("N'...'");
    if (l.text.find('\'') != std::string::npos) out.insert("apostrophe");
    if (is_time(r, column))
        out.insert("date-time literal");
    else if (!is_text(r, column))
        out.insert("quoted number");
    else if (!portable_text(l.text))
        out.insert("non-portable text");
    else if (!l.text.empty() && l.text.back() == ' ')
        out.insert("trailing space");
    for (unsigned char c : l.text)
        if (c >= 0x80 && is_text(r, column)) out.insert("non-ASCII text");
}

void features(const Expr& e, const Record& r, std::set<std::string>& out) {
    using K = Expr::Kind;
    switch (e.kind) {
        case K::Compare: {
            out.insert(spelling(e.op));
            const std::string& column = e.left.is_column() ? e.left.column : e.right.column;
            if (e.left.is_column() && e.right.is_column()) out.insert("column op column");
            if (!e.left.is_column()) out.insert("literal op column");
            const bool ordering = e.op != CompareOp::Eq && e.op != CompareOp::Ne && e.op != CompareOp::NeBang;
            if (ordering && is_text(r, column)) out.insert("text ordering");
            for (const Operand* o : {&e.left, &e.right})
                if (!o->is_column()) literal_features(o->literal, r, column, out);
            break;
        }
        case K::Like:
            out.insert(e.negated ? "NOT LIKE" : "LIKE");
            if (e.pattern.escape) out.insert("ESCAPE");
            if (e.pattern.null) out.insert("LIKE NULL");
            if (e.pattern.unicode) out.insert("N'...'");
            for (const auto& el : e.pattern.elements) {
                if (el.kind == PatternElement::Kind::AnyOne) out.insert("_");
                if (el.kind == PatternElement::Kind::AnyRun) out.insert("%");
                if (el.kind == PatternElement::Kind::Char && (el.ch == U'%' || el.ch == U'_' || el.ch == U'['))
                    out.insert("literal wildcard");
                if (el.kind == PatternElement::Kind::Set) out.insert(el.negated ? "[^set]" : "[set]");
                for (const auto& [lo, hi] : el.members)
                    if (lo != hi) out.insert("[range]");
            }
            break;
        case K::In:
            out.insert(e.negated ? "NOT IN" : "IN");
            for (const auto& v : e.values) {
                literal_features(v, r, e.column, out);
                if (v.kind == Literal::Kind::Null) out.insert(e.negated ? "NOT IN with NULL" : "IN with NULL");
            }
            break;
        case K::Between:
            out.insert(e.negated ? "NOT BETWEEN" : "BETWEEN");
            if (is_text(r, e.column)) out.insert("text ordering");
            for (const auto& v : e.values) literal_features(v, r, e.column, out);
            break;
        case K::IsNull: out.insert(e.negated ? "IS NOT NULL" : "IS NULL"); break;
        case K::Not: out.insert("NOT"); break;
        case K::And: out.insert("AND"); break;
        case K::Or: out.insert("OR"); break;
    }
    for (const auto& o : e.operands) features(o, r, out);
}

std::set<std::string> features_of(const std::vector<Condition>& conditions, const Record& r) {
    std::set<std::string> out;
    for (const auto& c : conditions) {
        features(c.expr, r, out);
        out.insert(c.style == 0 ? "plain style" : "random style");
    }
    return out;
}

// ---- (a) every generated condition parses ----

RC_GTEST_PROP(SelectionGen, EveryConditionParsesAndReadsTheRows, ()) {
    const std::string name = *rc::gen::elementOf(resource_names());
    const Record& r = record(name.c_str());
    const auto rows = *rc::gen::container<std::vector<json>>(static_cast<std::size_t>(uniform(0, 7)), row_gen(name));
    ConditionGenOptions options;
    options.mode = *rc::gen::element(CollationMode::Portable, CollationMode::Declared);
    options.platform_fields = *rc::gen::arbitrary<bool>();
    const auto gen = condition_gen(r, rows, options);
    for (int i = 0; i < 8; ++i) {
        const Condition c = *gen;
        const std::string text = to_tsql(c);
        try {
            const Selection s = Selection::parse(text, r);
            // The style never changes the meaning.
            RC_ASSERT(s == Selection::parse(to_tsql(c.expr, 0), r));
            for (const auto& row : rows) (void)s.evaluate(row, Collation::CaseInsensitive);
        } catch (const SelectionError& e) {
            RC_FAIL(name + ": " + e.what() + "\n" + text);
        }
    }
}

// ---- (b) agreement with SQLite where the collation does not matter ----

RC_GTEST_PROP(SelectionGen, CollationIndependentConditionsAgreeWithSqlite, ()) {
    const std::string name = *rc::gen::elementOf(resource_names());
    const Record reduced = testing::sqlite_record(record(name.c_str()));
    auto rows = *rc::gen::container<std::vector<json>>(static_cast<std::size_t>(uniform(0, 9)), row_gen(name));
    if (*rc::gen::arbitrary<bool>())
        for (auto& row : rows) row = portable_row(row, reduced);
    const testing::SqliteTable table(reduced, rows, Collation::CaseSensitive);
    const auto gen = condition_gen(reduced, rows, mode(CollationMode::Portable));
    for (int i = 0; i < 12; ++i) {
        const Condition c = *gen;
        const std::string text = to_tsql(c);
        const Selection s = Selection::parse(text, reduced);
        if (!collation_independent(s, rows)) continue;
        const std::string sqlite = testing::to_sqlite(c.expr, reduced, Collation::CaseSensitive);
        const auto ours = testing::selected(s, rows, Collation::CaseSensitive);
        const auto theirs = table.select(sqlite);
        if (ours != theirs)
            RC_FAIL(name + ": different rows\nT-SQL:  " + text + "\nSQLite: " + sqlite + "\nours:   " +
                    testing::ids(ours) + "\nSQLite: " + testing::ids(theirs) + "\n" + testing::describe(rows));
    }
}

// The property above compares only what collation_independent keeps: most conditions must be kept, and the
// kept ones must select something now and then, or it would compare nothing.
TEST(SelectionGen, MostPortableConditionsAreComparable) {
    for (const auto& name : resource_names()) {
        SCOPED_TRACE(name);
        const Record reduced = testing::sqlite_record(record(name.c_str()));
        const auto rows = rows_of(name, 5, 8, true);
        int kept = 0, selective = 0;
        const auto conditions = sample(condition_gen(reduced, rows, mode(CollationMode::Portable)), 6, 300);
        for (const auto& c : conditions) {
            const Selection s = Selection::parse(to_tsql(c), reduced);
            if (!collation_independent(s, rows)) continue;
            ++kept;
            const auto n = testing::selected(s, rows, Collation::CaseSensitive).size();
            if (n > 0 && n < rows.size()) ++selective;
        }
        EXPECT_GE(kept, 240);
        EXPECT_GE(selective, 30);
    }
}

// ---- (c) every operator comes up ----

/// Every construct the generator can write (features_of's names), less `left_out`, in the same order.
std::vector<std::string> all_constructs_but(const std::set<std::string>& left_out) {
    static const std::vector<std::string> all = {"=",
                                                 "<>",
                                                 "!=",
                                                 "<",
                                                 "<=",
                                                 ">",
                                                 ">=",
                                                 "!<",
                                                 "!>",
                                                 "column op column",
                                                 "literal op column",
                                                 "NULL literal",
                                                 "LIKE",
                                                 "NOT LIKE",
                                                 "ESCAPE",
                                                 "LIKE NULL",
                                                 "_",
                                                 "%",
                                                 "literal wildcard",
                                                 "[set]",
                                                 "[^set]",
                                                 "[range]",
                                                 "IN",
                                                 "NOT IN",
                                                 "IN with NULL",
                                                 "NOT IN with NULL",
                                                 "BETWEEN",
                                                 "NOT BETWEEN",
                                                 "IS NULL",
                                                 "IS NOT NULL",
                                                 "NOT",
                                                 "AND",
                                                 "OR",
                                                 "N'...'",
                                                 "apostrophe",
                                                 "quoted number",
                                                 "date-time literal",
                                                 "text ordering",
                                                 "non-portable text",
                                                 "non-ASCII text",
                                                 "trailing space",
                                                 "plain style",
                                                 "random style"};
    std::vector<std::string> out;
    for (const auto& c : all)
        if (!left_out.count(c)) out.push_back(c);
    return out;
}

TEST(SelectionGen, DeclaredModeReachesEveryConstruct) {
    const Record& r = record("CliFor");
    const auto rows = rows_of("CliFor", 11, 8, false);
    const auto seen = features_of(sample(condition_gen(r, rows, mode(CollationMode::Declared)), 12, 600), r);
    for (const std::string& f : all_constructs_but({})) EXPECT_TRUE(seen.count(f)) << f;
}

TEST(SelectionGen, PortableModeReachesEverythingButCollationOrder) {
    const Record& r = record("CliFor");
    const auto rows = rows_of("CliFor", 13, 8, true);
    const auto seen = features_of(sample(condition_gen(r, rows, mode(CollationMode::Portable)), 14, 600), r);
    for (const std::string& f :
         all_constructs_but({"LIKE NULL", "literal wildcard", "[range]", "NOT IN with NULL", "text ordering",
                             "non-portable text", "plain style", "random style"}))
        EXPECT_TRUE(seen.count(f)) << f;
    for (const char* f : {"text ordering", "[range]", "non-portable text"}) EXPECT_FALSE(seen.count(f)) << f;
}

// The SQL every database shares (FIL-09, MUST): the portable constructs, none of T-SQL's own spellings.
TEST(SelectionGen, StandardSqlModeKeepsToWhatEveryDatabaseReads) {
    for (const char* name : {"CliFor", "Articoli"}) {
        const Record& r = record(name);
        const auto rows = rows_of(name, 15, 8, true);
        ConditionGenOptions options = mode(CollationMode::Portable);
        options.standard_sql = true;
        const auto conditions = sample(condition_gen(r, rows, options), 16, 600);
        const auto seen = features_of(conditions, r);
        for (const std::string& f : all_constructs_but(
                 {"!=", "!<", "!>", "LIKE NULL", "literal wildcard", "[set]", "[^set]", "[range]", "IN with NULL",
                  "NOT IN with NULL", "N'...'", "quoted number", "date-time literal", "text ordering",
                  "non-portable text", "non-ASCII text", "trailing space", "plain style"}))
            EXPECT_TRUE(seen.count(f)) << name << ": " << f;
        for (const char* f : {"!=", "!<", "!>", "[set]", "[^set]", "[range]", "N'...'", "quoted number",
                              "date-time literal", "trailing space"})
            EXPECT_FALSE(seen.count(f)) << name << ": " << f;
        for (const auto& c : conditions) {
            const std::string text = to_tsql(c);
            bool quoted = false;
            for (const char ch : text) {
                quoted = ch == '\'' ? !quoted : quoted;
                EXPECT_FALSE(!quoted && ch == '[') << "no bracketed name outside quoted text: " << text;
            }
        }
    }
}

// FIL-09's LIKE patterns now and then differ from a row's value by the case of ASCII letters only: a LIKE that compares
// case beside an = that folds it (no engine's reading) then selects otherwise than a case-insensitive engine.
TEST(SelectionGen, StandardSqlLikePatternsMatchSomeRowsOnlyWithoutCase) {
    Reading exact_like;
    exact_like.like_case = Reading::LikeCase::Exact;
    for (const char* name : {"CliFor", "Articoli"}) {
        const Record& r = record(name);
        const auto rows = rows_of(name, 15, 12, true);
        ConditionGenOptions options = mode(CollationMode::Portable);
        options.standard_sql = true;
        int telling = 0;
        for (const auto& c : sample(condition_gen(r, rows, options), 17, 200)) {
            const Selection s = Selection::parse(to_tsql(c), r);
            for (const auto& row : rows)
                if (s.matches(row, Reading{}) != s.matches(row, exact_like)) {
                    ++telling;
                    break;
                }
        }
        EXPECT_GE(telling, 2) << name << ": of 200 conditions, too few tell a case-sensitive LIKE from SQL Server's";
    }
}

// ---- (d) Portable mode and collation_independent ----

std::vector<json> case_variant_rows() {
    auto row = [](const char* code, const char* name, const char* city) {
        return json{{"ind_clifor", "C"},
                    {"cod_clifor", code},
                    {"flg_isdeleted", false},
                    {"des_ragsoc", name},
                    {"des_localita_res", city}};
    };
    return {row("C001", "Rossi", "Forlì"),
            row("C002", "ROSSI", "FORLÌ"),
            row("C003", "D'Annunzio", "L'Aquila"),
            row("C004", "d'annunzio", "l'aquila"),
            row("C005", "Città", "Milano"),
            row("C006", "CITTÀ", "milano"),
            json{{"ind_clifor", "F"}, {"cod_clifor", "F001"}, {"flg_isdeleted", true}}};
}

TEST(SelectionGen, CollationIndependentTellsWhenCaseVariantsMatter) {
    const Record& r = record("CliFor");
    const auto rows = case_variant_rows();
    int dependent = 0, independent = 0;
    for (const auto& c : sample(condition_gen(r, rows, mode(CollationMode::Portable)), 21, 500)) {
        const Selection s = Selection::parse(to_tsql(c), r);
        const bool same = testing::selected(s, rows, Collation::CaseInsensitive) ==
                          testing::selected(s, rows, Collation::CaseSensitive);
        ASSERT_EQ(collation_independent(s, rows), same) << to_tsql(c);
        (same ? independent : dependent) += 1;
    }
    // Both outcomes come up: the rows' case variants make some conditions depend on the collation.
    EXPECT_GE(dependent, 20);
    EXPECT_GE(independent, 200);
}

TEST(SelectionGen, CollationIndependentNegativeControls) {
    const Record& r = record("CliFor");
    const auto rows = case_variant_rows();
    auto independent = [&](const char* text) { return collation_independent(Selection::parse(text, r), rows); };
    EXPECT_FALSE(independent("des_ragsoc = 'Rossi'"));
    EXPECT_FALSE(independent("des_localita_res LIKE 'forl%'"));
    EXPECT_FALSE(independent("des_ragsoc < 'b'"));  // capitals sort before 'b' only case-sensitively
    EXPECT_TRUE(independent("cod_clifor = 'C001'"));
    EXPECT_TRUE(independent("des_ragsoc IS NULL"));
    EXPECT_TRUE(independent("des_ragsoc = 'Verdi'"));
    EXPECT_TRUE(collation_independent(Selection::parse("des_ragsoc = 'Rossi'", r), {}));
}

TEST(SelectionGen, PortableModeUsesOnlyPortableTextColumns) {
    // des_ragsoc holds a non-portable value: Portable conditions only ask whether it is NULL.
    const Record& r = record("CliFor");
    auto rows = case_variant_rows();
    rows[0]["des_ragsoc"] =
        "Stra\xC3\x9F"
        "e \xF0\x9F\x98\x80";  // Straße 😀
    for (const auto& c : sample(condition_gen(r, rows, mode(CollationMode::Portable)), 22, 400)) {
        std::vector<const Expr*> stack{&c.expr};
        while (!stack.empty()) {
            const Expr* e = stack.back();
            stack.pop_back();
            for (const auto& o : e->operands) stack.push_back(&o);
            const bool about =
                e->column == "des_ragsoc" || e->left.column == "des_ragsoc" || e->right.column == "des_ragsoc";
            auto null_literal = [](const Operand& o) {
                return !o.is_column() && o.literal.kind == Literal::Kind::Null;
            };
            const bool null_test = e->kind == Expr::Kind::IsNull || (e->kind == Expr::Kind::Compare &&
                                                                     (null_literal(e->left) || null_literal(e->right)));
            if (about) {
                EXPECT_TRUE(null_test) << to_tsql(c);
            }
        }
    }
}

// ---- the tree's text ----

TEST(SelectionCondition, PlainStyleIsCanonicalTSql) {
    Expr name_eq;
    name_eq.kind = Expr::Kind::Compare;
    name_eq.left.column = "des_ragsoc";
    name_eq.right.literal = {Literal::Kind::Text, "L'Aquila", true};
    Expr like;
    like.kind = Expr::Kind::Like;
    like.column = "cod_clifor";
    like.negated = true;
    auto ch = [](char32_t c) {
        PatternElement e;
        e.ch = c;
        return e;
    };
    PatternElement run;
    run.kind = PatternElement::Kind::AnyRun;
    PatternElement set;
    set.kind = PatternElement::Kind::Set;
    set.members = {{U'a', U'f'}, {U'x', U'x'}};
    like.pattern.elements = {ch(U'R'), ch(U'%'), ch(U'!'), set, run};
    like.pattern.escape = U'!';
    Expr in;
    in.kind = Expr::Kind::In;
    in.column = "num_priorita_evas";
    in.values = {{Literal::Kind::Number, "-3", false}, {}};
    Expr either;
    either.kind = Expr::Kind::Or;
    either.operands = {like, in};
    Expr both;
    both.kind = Expr::Kind::And;
    both.operands = {name_eq, either};
    Expr negation;
    negation.kind = Expr::Kind::Not;
    negation.operands = {both};
    EXPECT_EQ(
        to_tsql(negation),
        "NOT (des_ragsoc = N'L''Aquila' AND (cod_clifor NOT LIKE 'R!%!![a-fx]%' ESCAPE '!' OR num_priorita_evas IN (-3, NULL)))");
    EXPECT_NO_THROW(Selection::parse(to_tsql(negation), record("CliFor")));
    like.pattern.escape.reset();
    EXPECT_EQ(to_tsql(like), "cod_clifor NOT LIKE 'R[%]![a-fx]%'");

    Expr lonely;
    lonely.kind = Expr::Kind::And;
    lonely.operands = {name_eq};
    EXPECT_THROW(to_tsql(lonely), std::invalid_argument);
    Expr literal_only;
    literal_only.kind = Expr::Kind::Compare;
    EXPECT_THROW(to_tsql(literal_only), std::invalid_argument);
    EXPECT_THROW(to_tsql(Expr{}), std::invalid_argument);  // IS NULL of no column
}

// ---- (e) malformed conditions ----

RC_GTEST_PROP(MalformedSelectionGen, EveryOneIsRefused, ()) {
    const std::string name = *rc::gen::elementOf(resource_names());
    const MalformedSelection m = *malformed_selection_gen(record(name.c_str()));
    try {
        (void)Selection::parse(m.text, record(name.c_str()));
    } catch (const SelectionError&) {
        return;
    }
    RC_FAIL(name + ": accepted (" + m.why + "): " + m.text);
}

TEST(MalformedSelectionGen, EveryLabelComesUp) {
    std::map<std::string, int> counts;
    for (const auto& m : sample(malformed_selection_gen(record("CliFor")), 31, 1500)) ++counts[m.why];
    for (const auto& label : malformed_selection_labels()) EXPECT_GT(counts[label], 0) << label;
    EXPECT_EQ(counts.size(), malformed_selection_labels().size());
}

// Negative control: the neighbours of malformed texts parse, so refusing is not all the parser does.
TEST(MalformedSelectionGen, TheValidNeighboursParse) {
    const Record& r = record("CliFor");
    for (const char* text :
         {"des_ragsoc = 'abc'", "des_ragsoc = 'O''Brien'", "(des_ragsoc IS NULL)",
          "des_ragsoc = 'x' OR '1' = des_ragsoc", "des_ragsoc IN ('Rossi', 'Milano')", "dat_nasc = '2024-02-29'",
          "des_ragsoc = N'\xC5\x81\xC3\xB3"
          "d\xC5\xBA'",
          "des_ragsoc LIKE 'ab!%' ESCAPE '!'", "num_priorita_evas = '12'"})
        EXPECT_NO_THROW(Selection::parse(text, r)) << text;
}

// ---- (f) reproducibility ----

TEST(SelectionGen, TheSameSeedGivesTheSameTexts) {
    const Record& r = record("Articoli");
    const auto rows = rows_of("Articoli", 41, 6, false);
    auto texts = [&](std::uint64_t seed) {
        std::vector<std::string> out;
        for (const auto& c : sample(condition_gen(r, rows, mode(CollationMode::Declared)), seed, 40))
            out.push_back(to_tsql(c));
        for (const auto& m : sample(malformed_selection_gen(r), seed, 40)) out.push_back(m.why + ": " + m.text);
        return out;
    };
    EXPECT_EQ(texts(1234), texts(1234));
    EXPECT_NE(texts(1234), texts(4321));
}

}  // namespace
}  // namespace bds::gen
