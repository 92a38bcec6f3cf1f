// Suite "filters" (000 §4.1 rules 1-3; 001 §2.1, §2.6, §2.7): RecordSelection returns exactly the rows
// satisfying the condition. The oracle is Selection (our T-SQL subset evaluator) applied to the rows this check
// wrote, as the target read them back; the condition is always ANDed with something only this check's rows
// satisfy (a marker, or codes in the check's key namespace), so other data on the target never matters.
#include <rapidcheck.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <mutex>
#include <set>

#include "generate/draw.hpp"
#include "generate/data_set_gen.hpp"
#include "generate/malformed_selection_gen.hpp"
#include "generate/selection_gen.hpp"
#include "oracle/compare.hpp"
#include "oracle/readings.hpp"
#include "sql/text.hpp"
#include "run/block_property.hpp"
#include "suites/registry.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"
#include "suites/server/filter_rows.hpp"

namespace bds::suites {
namespace {

constexpr int kRows = 12;

/// The target's answers about rows of dependent membership, as evidence of its reading.
void note_evidence(oracle::ReadingEvidence& evidence, const Selection& selection, const ExpectedRows& expected,
                   const std::optional<std::set<std::string>>& seen) {
    if (!seen) return;
    for (const auto& [key, row] : expected.depends) evidence.note(selection, *row, seen->contains(key));
}

/// The record with every text character that does not compare the same under every collation (gen::portable_text)
/// replaced by 'x', so generated conditions may compare and match its text columns (selection_gen.hpp, Portable).
json portable(const Record& record, json row) {
    for (const auto& f : record.fields) {
        if (!f.type.is_text() || !row.contains(f.name) || !row[f.name].is_string()) continue;
        const auto units = sql::utf8_to_u32(row[f.name].get<std::string>());
        if (!units) continue;
        std::u32string text = *units;
        for (auto& c : text)
            if (!gen::portable_text(sql::to_utf8(std::u32string(1, c)))) c = U'x';
        row[f.name] = sql::to_utf8(text);
    }
    return row;
}

/// Records of one resource written by this check, all carrying its marker, and read back as the target stores them.
struct WrittenMarked {
    const Record* record = nullptr;
    std::string scope;  ///< `marker_field = 'marker'`: selects exactly them
    std::vector<json> rows;
};

WrittenMarked write_marked_filtered(Context& ctx, const std::string& resource, const std::string& purpose,
                                    std::uint64_t salt) {
    const Record& record = record_of(ctx, resource);
    const Field* field = marker_field(record);
    if (!field) throw CheckError(resource + " has no field that can carry a marker");
    // Made portable, keys may coincide: keep those still distinct as a case-insensitive unique index sees them.
    json block = json::array();
    std::set<std::string> keys;
    for (auto& r : sample_records(ctx, record, kRows + 4, salt)) {
        json p = portable(record, std::move(r));
        if (static_cast<int>(block.size()) < kRows &&
            keys.insert(oracle::index_key(record, p, Collation::CaseInsensitive)).second)
            block.push_back(std::move(p));
    }
    const std::string text = marker(ctx, purpose);
    for (auto& r : block) r[field->name] = text;
    send_or_error(ctx, record_of(ctx, resource), block);
    WrittenMarked w{&record, field->name + " = " + sql_text(text), {}};
    w.rows = read_all(ctx, client::kWriter, resource, w.scope);
    if (w.rows.size() != block.size())
        ctx.fail({.expected = std::to_string(block.size()) + " rows satisfying " + w.scope + " after writing them",
                  .actual = std::to_string(w.rows.size()) + " rows",
                  .counterexample = w.scope});
    return w;
}

/// One property over `w`: the target returns, for `scope and (condition)`, exactly the rows every reading selects
/// among the rows read back, and none that no reading selects (A-98..A-104, A-108; the collation only when the target
/// declares it, A-17). A condition only SQL Server's lenient conversions read may be refused. What the answers
/// about rows of dependent membership say of the target's reading is observed.
void judge(Context& ctx, const WrittenMarked& w, const rc::Gen<std::string>& conditions, const std::string& description,
           bool parenthesise) {
    oracle::ReadingEvidence evidence(ctx.target.collation);
    int refused = 0, lenient = 0;
    std::mutex tally;  // the cases run on lanes at once
    for_all_staged(ctx, description, [&] {
        return StagedCase{[&, condition = *conditions](Context& ctx) {
            const Selection parsed = parse_ours(condition, *w.record);
            const ExpectedRows expected =
                expected_rows(parsed, *w.record, w.rows, ctx.target.collation, Collation::CaseSensitive);
            const std::string text = w.scope + " and " + (parenthesise ? "(" + condition + ")" : condition);
            const bool may_refuse = parsed.traits().lenient_conversions;
            const auto seen = expect_rows(
                ctx, *w.record, text, expected, Collation::CaseSensitive,
                "among the " + std::to_string(w.rows.size()) + " rows of this check, as read back", may_refuse, true);
            std::lock_guard lock(tally);
            lenient += may_refuse;
            refused += may_refuse && !seen;
            note_evidence(evidence, parsed, expected, seen);
        }};
    });
    if (evidence.answers() > 0)
        ctx.observe(w.record->name + " rows whose membership depends on the database's reading (A-98..A-104, A-108): " +
                    evidence.summary());
    if (lenient > 0)
        ctx.observe(w.record->name +
                    " conditions with a literal only SQL Server's lenient conversions read (A-101), refused: " +
                    std::to_string(refused) + " of " + std::to_string(lenient));
}

const std::vector<std::string>& property_resources() {
    // Different field types: CliFor is mostly text; Articoli adds decimals, dates, bits, int, char and varchar.
    static const std::vector<std::string> names = {"CliFor", "Articoli"};
    return names;
}

/// Generated conditions on each property resource, judged against the oracle. Portable even when the target
/// declares a collation: Declared mode compares text by code point, which is not SQL Server's collation order
/// (selection.hpp), so a correct SQL Server would fail it.
void generated(Context& ctx, bool standard_sql, const std::string& purpose, std::uint64_t salt) {
    gen::ConditionGenOptions options;
    options.standard_sql = standard_sql;
    for (const auto& resource : property_resources()) {
        const WrittenMarked w = write_marked_filtered(ctx, resource, purpose, ++salt);
        const auto conditions = rc::gen::map(gen::condition_gen(*w.record, w.rows, options),
                                             [](const gen::Condition& c) { return gen::to_tsql(c); });
        judge(ctx, w, conditions, "generated conditions on " + resource + " select what the oracle selects", true);
    }
}

/// Skips a check of T-SQL's own forms on a target whose RecordSelection reads no N'…' (ENG-03 found it, or the target
/// file says so: A-114): its dialect is another engine's, and those forms are SQL Server's, not the seeds'.
void skip_unless_tsql(Context& ctx) {
    const client::DialectState* state = ctx.api.dialect();
    if (!state || !state->settled()) return;
    const client::Dialect d = state->get();
    using Text = client::Dialect::Text;
    if (d.latin != Text::National && d.bmp != Text::National && d.astral != Text::National)
        ctx.skip("the target's RecordSelection reads no N'…' (ENG-03, A-114): T-SQL's own forms are not its dialect");
}

void generated_conditions(Context& ctx) {
    skip_unless_tsql(ctx);
    generated(ctx, false, "cond", 100);
}

void standard_conditions(Context& ctx) { generated(ctx, true, "std", 900); }

/// A number as the seeds write it, unquoted; nullopt for one JSON prints with an exponent (not in the subset).
std::optional<std::string> number_text(const json& v) {
    const std::string s = v.dump();
    if (s.find_first_of("eE") != std::string::npos) return std::nullopt;
    return s;
}

/// Conditions in the seeds' own shape (000 §4.1 RecordSelection): `field = 'text'` or `field = number`, joined by
/// `and`, with values of the rows read back (mostly of one row, so that some rows are selected).
rc::Gen<std::string> seeds_shape_gen(const Record& record, const std::vector<json>& rows) {
    // Per row, the conjuncts it satisfies; text only where every row's value is portable (see Portable mode).
    std::vector<std::vector<std::string>> atoms(rows.size());
    for (const auto& f : record.fields) {
        if (f.managed || f.tenant || f.type.kind == SqlKind::List || f.type.kind == SqlKind::Timestamp) continue;
        const bool text = f.type.is_text();
        if (!text && f.type.kind != SqlKind::Int && f.type.kind != SqlKind::Decimal) continue;
        bool usable = true;
        for (const auto& row : rows) {
            const json v = row.value(f.name, json());
            if (text && v.is_string()) usable = usable && gen::portable_text(v.get<std::string>());
        }
        if (!usable) continue;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const json v = rows[i].value(f.name, json());
            if (text && v.is_string()) atoms[i].push_back(f.name + " = " + sql_text(v.get<std::string>()));
            if (!text && v.is_number())
                if (const auto n = number_text(v)) atoms[i].push_back(f.name + " = " + *n);
        }
    }
    std::vector<std::size_t> usable_rows;
    for (std::size_t i = 0; i < atoms.size(); ++i)
        if (!atoms[i].empty()) usable_rows.push_back(i);
    if (usable_rows.empty())
        throw CheckError("no " + record.name + " row read back has a text or number value to select it by");
    return rc::gen::exec([atoms, usable_rows] {
        const std::size_t row = *rc::gen::elementOf(usable_rows);
        const int n = *rc::gen::inRange(1, 4);
        std::string out;
        for (int i = 0; i < n; ++i) {
            // Now and then a value of another row, so that conjunctions also select nothing.
            const bool other = *rc::gen::weightedElement<bool>({{4, false}, {1, true}});
            const std::size_t from = other ? *rc::gen::elementOf(usable_rows) : row;
            out += (i ? " and " : "") + *rc::gen::elementOf(atoms[from]);
        }
        return out;
    });
}

void seeds_shape_conditions(Context& ctx) {
    std::uint64_t salt = 200;
    for (const auto& resource : property_resources()) {
        const WrittenMarked w = write_marked_filtered(ctx, resource, "shape", ++salt);
        judge(ctx, w, seeds_shape_gen(*w.record, w.rows),
              "conditions in the seeds' shape on " + resource + " select what the oracle selects", false);
    }
}

/// Index keys (case-insensitive: the check's keys are distinct so) of the sent records satisfying `keep`.
template <typename Keep>
std::set<std::string> keys_where(const Record& record, const json& block, Keep keep) {
    std::set<std::string> out;
    for (const auto& r : block)
        if (keep(r)) out.insert(oracle::index_key(record, r, Collation::CaseInsensitive));
    return out;
}

void customers_and_suppliers(Context& ctx) {
    const Record& clifor = record_of(ctx, "CliFor");
    const Field* field = marker_field(clifor);
    if (!field) throw CheckError("CliFor has no field that can carry a marker");
    const std::string text = marker(ctx, "cf");
    // Codes 0-2 as a customer and as a supplier (ind_clifor is part of the key), 3-4 customers only, 5-6 suppliers
    // only.
    json block = json::array();
    const auto samples = sample_records(ctx, clifor, 7, 300);
    for (std::size_t i = 0; i < samples.size(); ++i) {
        json r = samples[i];
        r["cod_clifor"] = ctx.prefix + "cf" + std::to_string(i);
        r[field->name] = text;
        r["ind_clifor"] = i >= 5 ? "F" : "C";
        block.push_back(r);
        if (i < 3) {
            r["ind_clifor"] = "F";
            block.push_back(r);
        }
    }
    send_or_error(ctx, record_of(ctx, "CliFor"), block);
    const std::string scope = field->name + " = " + sql_text(text);
    for (const std::string kind : {"C", "F"}) {
        const auto expected = keys_where(clifor, block, [&](const json& r) { return r["ind_clifor"] == kind; });
        expect_rows(ctx, clifor, scope + " and ind_clifor = '" + kind + "'", exactly_rows(expected),
                    Collation::CaseInsensitive, "this check's " + std::string(kind == "C" ? "customers" : "suppliers"));
        // The same code as customer and as supplier: each kind selects its own record.
        const std::string code = ctx.prefix + "cf0";
        expect_rows(
            ctx, clifor, "ind_clifor = '" + kind + "' and cod_clifor = " + sql_text(code),
            exactly_rows(keys_where(clifor, block,
                                    [&](const json& r) { return r["ind_clifor"] == kind && r["cod_clifor"] == code; })),
            Collation::CaseInsensitive, "the " + kind + " record of code " + code + ", which exists as C and as F");
    }
}

void document_type_year_and_family(Context& ctx) {
    // Documents: types in the check's key namespace, so `cod_tipodoc = … and num_anno = …` alone (the seeds' shape,
    // 001 §2.6) selects only this check's headers.
    const Record& headers = record_of(ctx, "StoricoDocumentiT");
    const std::vector<std::pair<std::string, json>> combos = {{"A", 2023}, {"B", 2023}, {"A", 2024},    {"B", 2024},
                                                              {"A", 2023}, {"A", 2024}, {"A", nullptr}, {"B", 2024}};
    json docs = json::array();
    const auto samples = sample_records(ctx, headers, static_cast<int>(combos.size()), 400);
    for (std::size_t i = 0; i < combos.size(); ++i) {
        json r = samples[i];
        r["cod_tipodoc"] = ctx.prefix + combos[i].first;
        r["num_anno"] = combos[i].second;
        r.erase("StoricoDocumentiR");  // lines play no part here (and must repeat the header's key: A-35)
        docs.push_back(r);
    }
    send_or_error(ctx, record_of(ctx, "StoricoDocumentiT"), docs);
    for (const std::string type : {"A", "B"})
        for (const int year : {2023, 2024}) {
            const std::string code = ctx.prefix + type;
            expect_rows(
                ctx, headers, "cod_tipodoc = " + sql_text(code) + " and num_anno = " + std::to_string(year),
                exactly_rows(keys_where(
                    headers, docs, [&](const json& r) { return r["cod_tipodoc"] == code && r["num_anno"] == year; })),
                Collation::CaseInsensitive,
                "this check's headers of type " + code + " and year " + std::to_string(year));
        }
    // Articles: families in the check's namespace (cod_famiglia nvarchar(10) holds the 5-character prefix).
    const Record& articles = record_of(ctx, "Articoli");
    json arts = json::array();
    const auto article_samples = sample_records(ctx, articles, 6, 401);
    for (std::size_t i = 0; i < article_samples.size(); ++i) {
        json r = article_samples[i];
        r["cod_famiglia"] = i < 3 ? json(ctx.prefix + "F1") : i < 5 ? json(ctx.prefix + "F2") : json(nullptr);
        arts.push_back(r);
    }
    send_or_error(ctx, record_of(ctx, "Articoli"), arts);
    for (const std::string& family : {ctx.prefix + "F1", ctx.prefix + "F2"})
        expect_rows(
            ctx, articles, "cod_famiglia = " + sql_text(family),
            exactly_rows(keys_where(articles, arts, [&](const json& r) { return r["cod_famiglia"] == family; })),
            Collation::CaseInsensitive, "this check's articles of family " + family);
}

void document_lines_by_type_year_family(Context& ctx) {
    // A coherent data set: the lines' articles exist, so the view can show their families.
    gen::DataSetOptions options = data_set_options(ctx);
    // Two families, types and articles at least, so that the three fields each tell lines apart.
    options.counts = {{"StoricoDocumentiT", 3}, {"Famiglia", 2}, {"Articoli", 3}, {"CodiciDocumento", 2}};
    options.min_records = 1;
    options.max_records = 2;
    options.min_lines = 2;
    options.max_lines = 3;
    rc::Random random(ctx.seed * 1000003u + 500);
    const gen::DataSet set = gen::draw(gen::data_set_gen(ctx.catalogue, options), random, 30);
    send_data_set(ctx, set);
    const std::vector<json>& headers = records_in(set, "StoricoDocumentiT");
    const Record& view = record_of(ctx, "MCPDocumentiR");
    std::vector<json> rows;
    for (const auto& h : headers) {
        const auto lines = read_all(ctx, client::kWriter, view.name,
                                    "key_documento = " + sql_text(h.at("key_documento").get<std::string>()));
        rows.insert(rows.end(), lines.begin(), lines.end());
    }
    if (rows.empty()) ctx.skip("MCPDocumentiR shows none of the check's document lines (the views suite judges that)");
    // The seeds' example (001 §2.7) for the type, year and family of each line shown, and of a family from another
    // line.
    std::set<std::string> tried;
    for (std::size_t i = 0; i < rows.size() && tried.size() < 4; ++i) {
        const json& a = rows[i];
        const json& b = rows[(i + 1) % rows.size()];
        if (!a.value("cod_tipodoc", json()).is_string() || !a.value("num_anno", json()).is_number_integer()) continue;
        std::string condition = "cod_tipodoc = " + sql_text(a["cod_tipodoc"].get<std::string>()) +
                                " and num_anno = " + a["num_anno"].dump();
        const json family = (i % 2 ? b : a).value("cod_famiglia", json());
        if (family.is_string()) condition += " and cod_famiglia = " + sql_text(family.get<std::string>());
        if (!tried.insert(condition).second) continue;
        const Selection parsed = parse_ours(condition, view);
        expect_rows(ctx, view, condition,
                    expected_rows(parsed, view, rows, ctx.target.collation, Collation::CaseSensitive),
                    Collation::CaseSensitive,
                    "the check's document types are in its key namespace: among its " + std::to_string(rows.size()) +
                        " lines, as read back");
    }
    if (tried.empty()) ctx.skip("no MCPDocumentiR line of the check shows cod_tipodoc and num_anno");
}

/// Records of this check, one per value of `values` in a second free text field, each selected by
/// `marker and field = literal(value)`: exactly that record must come back.
void select_each(Context& ctx, const std::vector<std::string>& values,
                 const std::function<std::string(const std::string&)>& literal, const std::string& purpose,
                 std::uint64_t salt) {
    const Record& clifor = record_of(ctx, "CliFor");
    const Field* mark = marker_field(clifor);
    if (!mark) throw CheckError("CliFor has no field that can carry a marker");
    // Another free nvarchar text field long enough for the values below.
    const Field* field = nullptr;
    for (const auto& f : clifor.fields)
        if (!field && &f != mark && !f.key && !f.managed && !f.tenant && f.values.empty() &&
            f.type.kind == SqlKind::NVarChar && (!f.type.length || *f.type.length < 0 || *f.type.length >= 30))
            field = &f;
    if (!field) throw CheckError("CliFor has no second free nvarchar field");
    const std::string text = marker(ctx, purpose);
    json block = json::array();
    const auto samples = sample_records(ctx, clifor, static_cast<int>(values.size()), salt);
    for (std::size_t i = 0; i < values.size(); ++i) {
        json r = samples[i];
        r[mark->name] = text;
        r[field->name] = values[i];
        block.push_back(r);
    }
    send_or_error(ctx, record_of(ctx, "CliFor"), block);
    const std::string scope = mark->name + " = " + sql_text(text);
    for (std::size_t i = 0; i < values.size(); ++i)
        expect_rows(ctx, clifor, scope + " and " + field->name + " = " + literal(values[i]),
                    exactly_rows({oracle::index_key(clifor, block[i], Collation::CaseInsensitive)}),
                    Collation::CaseInsensitive,
                    "the one record of this check whose " + field->name + " is " + values[i], false, true);
}

// Each value starts with its own digits, so no collation could make two of them equal.
void quoting(Context& ctx) {
    // ASCII, quoted as every SQL quotes text: apostrophes doubled.
    select_each(ctx, {"q1 O'Brien", "q2 l''apostrofo '", "q3 'quoted'"}, sql_text, "quote", 600);
}

void unicode_literals(Context& ctx) {
    skip_unless_tsql(ctx);
    // Text beyond ASCII in T-SQL's Unicode literal N'…', whatever code page plain quotes would use.
    select_each(
        ctx,
        {"q4 \xC5\x81\xC3\xB3\x64\xC5\xBA", "q5 \xCE\xA9\xCE\xBC\xCE\xAD\xCE\xB3\xCE\xB1 \xE6\x97\xA5\xE6\x9C\xAC",
         "q6 d'\xC3\x89l\xC3\xA8ve \xC5\x92uvre", "q7 \xF0\x9F\x98\x80 it's"},
        sql_ntext, "unicode", 610);
}

/// How RecordSelection compares text: the marker in upper case finds the record or not.
void text_comparison(Context& ctx) {
    const Record& clifor = record_of(ctx, "CliFor");
    const Field* mark = marker_field(clifor);
    if (!mark) throw CheckError("CliFor has no field that can carry a marker");
    json r = sample_records(ctx, clifor, 1, 620).front();
    const std::string text = marker(ctx, "Case");
    r[mark->name] = text;
    send_or_error(ctx, clifor, json::array({r}));
    std::string upper = text;
    for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    const auto rows = read_all(ctx, client::kWriter, clifor.name, mark->name + " = " + sql_text(upper));
    ctx.observe(std::string("RecordSelection compares text ") +
                (rows.empty() ? "case-sensitively" : "case-insensitively") + ": " + mark->name + " = '" +
                "<the marker in upper case>' finds " + std::to_string(rows.size()) + " of the 1 record (A-17)");
}

}  // namespace

std::vector<Check> malformed_selection_checks();
std::vector<Check> filter_edge_checks();

// clang-format off
std::vector<Check> filters_checks() {
    std::vector<Check> out{
        {.id = "FIL-01",
         .title =
             "Generated conditions of the T-SQL subset select exactly the rows the oracle selects (T-SQL's own forms included)",
         .spec = "000 §4.1 RecordSelection, rule 1; A-17, A-18",
         .verifies = {"000-4.1-recordselection", "000-4.1-rule1-selection"}, .level = Level::Should,
         .needs = {client::kWriter}, .resources = {"CliFor", "Articoli"}, .writes = true, .own_rows = true,
         .chain = 30, .run = generated_conditions},
        {.id = "FIL-02", .title = "ind_clifor = 'C' selects only customers, 'F' only suppliers",
         .spec = "000 §4.1 rule 2; 001 §2.1",
         .verifies = {"000-4.1-rule2-counterpart", "000-2.1-rel-clifor-c-f", "001-2.1-read-customers-suppliers",
                      "001-2.1-ind-clifor", "000-4.1-rule1-selection"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .run = customers_and_suppliers},
        {.id = "FIL-03", .title = "The seeds' filters: document type and year on headers, family on articles",
         .spec = "000 §4.1 rules 1, 3; 001 §2.6",
         .verifies = {"001-2.6-example-filter", "000-4.1-rule1-selection", "000-4.1-recordselection-shape"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"StoricoDocumentiT", "Articoli"},
         .writes = true, .own_rows = true, .run = document_type_year_and_family},
        {.id = "FIL-04", .title = "Quoted texts with apostrophes select exactly their record",
         .spec = "000 §4.1 RecordSelection; A-18",
         .verifies = {"000-4.1-recordselection-shape", "000-4.1-rule1-selection"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true, .run = quoting},
        {.id = "FIL-06", .title = "Generated conditions in the seeds' shape select exactly the rows the oracle selects",
         .spec = "000 §4.1 RecordSelection, rule 1; A-18",
         .verifies = {"000-4.1-recordselection-shape", "000-4.1-rule1-selection", "000-4.1-recordselection"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor", "Articoli"}, .writes = true,
         .own_rows = true, .chain = 30, .run = seeds_shape_conditions},
        {.id = "FIL-07", .title = "Document lines filtered by type, year and family (MCPDocumentiR)",
         .spec = "000 §4.1 rules 1, 3; 001 §2.7",
         .verifies = {"001-2.7-example-filter", "000-4.1-rule3-filter-large-views", "001-2.7-always-filter",
                      "000-4.1-rule1-selection"},
         .level = Level::Must, .needs = {client::kWriter},
         .resources = {"MCPDocumentiR", "MCPDocumentiT", "MCPArticoli", "MCPClienti", "MCPFornitori",
                       "StoricoDocumentiT", "StoricoDocumentiR", "AliquoteIva", "Famiglia", "Sottofamiglia",
                       "MarcaArticoli", "Articoli", "CliFor", "CodiciDocumento", "CondPagam", "StatiEsteri"},
         .writes = true, .own_rows = true, .run = document_lines_by_type_year_family},
        {.id = "FIL-09",
         .title = "Generated conditions in the SQL every database shares select exactly the rows the oracle selects",
         .spec = "000 §4.1 RecordSelection, rule 1; A-18",
         .verifies = {"000-4.1-recordselection", "000-4.1-rule1-selection"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"CliFor", "Articoli"}, .writes = true, .own_rows = true,
         .chain = 30, .run = standard_conditions},
        {.id = "FIL-10", .title = "N'…' literals with text beyond ASCII select exactly their record",
         .spec = "000 §4.1 RecordSelection; A-18",
         .verifies = {"000-4.1-recordselection-shape", "000-4.1-rule1-selection"}, .level = Level::Should,
         .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .run = unicode_literals},
        {.id = "FIL-11", .title = "Does RecordSelection compare text with or without case?", .spec = "000 §4.1; A-17",
         .verifies = {"000-4.1-recordselection-shape"}, .level = Level::Observe, .needs = {client::kWriter},
         .resources = {"CliFor"}, .writes = true, .own_rows = true, .run = text_comparison},
    };
    for (auto& check : malformed_selection_checks()) out.push_back(std::move(check));
    for (auto& check : filter_edge_checks()) out.push_back(std::move(check));
    return out;
}
// clang-format on

}  // namespace bds::suites
