// Reading view rows and comparing them with the base records they derive from (suite "views").
#include "suites/common/view_rows.hpp"

#include <rapidcheck.h>

#include <cmath>
#include <set>

#include "generate/draw.hpp"
#include "run/block_property.hpp"
#include "suites/common/batched_reads.hpp"
#include "schema/json_value.hpp"
#include "sql/text.hpp"

namespace bds::suites {

const std::vector<std::string> kArticleClassification = {"cod_famiglia", "cod_sfamiglia", "cod_grumerc", "cod_sgrumerc",
                                                         "cod_marca"};
const std::vector<std::string> kCounterpartClassification = {"cod_gruppocf1", "cod_gruppocf2", "cod_gruppocf3",
                                                             "cod_macroarea", "cod_area",      "cod_zona",
                                                             "cod_macrocat",  "cod_categ",     "cod_sottocateg"};

gen::DataSetOptions small_data_set_options(const Context& ctx) {
    gen::DataSetOptions o = suites::data_set_options(ctx);
    o.min_records = 1;
    o.max_records = 2;
    o.min_lines = 1;
    o.max_lines = 3;
    return o;
}

CaseDataSets::CaseDataSets(const Context& ctx, gen::DataSetOptions options)
    : prefixes_(ctx.prefix), gens_(ctx.catalogue, [&] {
          options.record.run_prefix = CasePrefixes(ctx.prefix).next();  // every case prefix has this length
          options.numbered_keys = true;  // a slot's data sets write the same keys (kCaseSlots)
          return options;
      }()) {}

gen::DataSet CaseDataSets::next() { return *rc::gen::noShrink(gens_(prefixes_.next())); }

Rows read_rows(Context& ctx, const std::string& role, const std::string& view, const std::string& selection) {
    const long long size = std::min<long long>(page_size(ctx), 100);
    const auto r = ctx.api.list(role, view, {selection, size, 1});
    const auto& page =
        ctx.page_of(r, "reading " + view + (selection.size() > 200 ? " by many keys" : " where " + selection));
    return {page.rows, r.response.exchange};
}

void expect_distinct_prg_riga(Context& ctx, const Rows& lines) {
    std::set<std::string> seen;
    for (std::size_t i = 0; i < lines.rows.size(); ++i) {
        const json prg = value_of(lines.rows[i], "prg_riga");
        if (!seen.insert(prg.dump()).second)
            ctx.finding(
                {.expected =
                     "prg_riga distinct among a document's MCPDocumentiR rows (with key_documento, the view's key)",
                 .actual = "prg_riga " + prg.dump() + " again",
                 .pointer = lines.at(i) + "/prg_riga",
                 .exchange = lines.exchange});
    }
}

/// Whether `sent` (a value of a base field) can be held by a view field of type `type` unchanged: text that
/// fits the view's length, a number text for a float view field (cod_naz_res, A-54), the same kind otherwise.
/// A comparison the declared types make impossible is skipped.
std::optional<json> as_view_value(const SqlType& type, const json& sent) {
    if (type.is_text()) {
        if (!sent.is_string()) return std::nullopt;
        const auto units = sql::utf8_to_u32(sent.get<std::string>());
        if (!units) return std::nullopt;
        if (const auto max = type.max_length()) {
            if (type.is_unicode_text() ? sql::utf16_length(*units) > static_cast<std::size_t>(*max)
                                       : units->size() > static_cast<std::size_t>(*max))
                return std::nullopt;
        }
        if (!type.is_unicode_text())
            for (char32_t c : *units)
                if (!sql::in_windows_1252(c)) return std::nullopt;
        return sent;
    }
    if (type.kind == SqlKind::Float && sent.is_string()) {
        const std::string s = sent.get<std::string>();
        char* end = nullptr;
        const double d = std::strtod(s.c_str(), &end);
        if (s.empty() || !end || *end != '\0' || !std::isfinite(d)) return std::nullopt;
        return json(d);
    }
    if (sent.is_string() != (type.kind == SqlKind::Datetime || type.kind == SqlKind::Datetime2)) return std::nullopt;
    return sent;
}

namespace {

/// The values a view's field `name` may take from a record that `base` references rather than from `base` itself
/// a denormalised view may join, e.g. MCPArticoli.des_famiglia from Famiglia): for each resource holding a
/// non-key field `name` whose key fields `base` carries, that record's value when `set` has it, else null (a join
/// that finds nothing).
std::vector<json> referenced_values(const Context& ctx, const gen::DataSet* set, const json& base,
                                    const std::string& name) {
    std::vector<json> out;
    if (!set) return out;
    for (const Record* r : ctx.catalogue.resources()) {
        const Field* f = r->field(name);
        if (!r->writable() || !f || f->key) continue;
        json key = json::object();
        for (const auto& k : r->key)
            if (!r->field(k)->tenant) key[k] = value_of(base, k);
        if (key.empty() || std::any_of(key.begin(), key.end(), [](const json& v) { return v.is_null(); })) continue;
        json found = nullptr;
        for (const auto& candidate : records_in(*set, r->name))
            if (std::all_of(key.items().begin(), key.items().end(),
                            [&](const auto& kv) { return value_of(candidate, kv.key()) == kv.value(); }))
                found = value_of(candidate, name);
        out.push_back(found);
    }
    return out;
}

}  // namespace

/// Compares `base`'s value of each field `fields` names with `row`'s same-named field of `view`, typed as the
/// view gives it; null or absent sent values are not compared (a view may show its own default: A-38). With
/// `set`, a value taken from a record `base` references is as right.
void compare_fields(Context& ctx, const Record& view, const json& base, const std::string& base_name, const json& row,
                    const std::vector<std::string>& fields, const std::string& pointer,
                    const client::Exchange& exchange, const gen::DataSet* set) {
    const oracle::CompareOptions options = compare_options(ctx);
    for (const auto& name : fields) {
        const Field* f = view.field(name);
        if (!f || f->managed || f->tenant || f->type.kind == SqlKind::List || f->type.kind == SqlKind::Timestamp)
            continue;
        const json sent = value_of(base, name);
        if (sent.is_null()) continue;
        const auto expected = as_view_value(f->type, sent);
        if (!expected) continue;
        const json got = value_of(row, name);
        if (oracle::stored_as_null(*f, *expected, got)) continue;
        const auto why = oracle::value_difference(f->type, *expected, got, options);
        if (!why) continue;
        const auto joined = referenced_values(ctx, set, base, name);
        if (std::any_of(joined.begin(), joined.end(), [&](const json& v) {
                if (v.is_null()) return got.is_null();
                const auto as_view = as_view_value(f->type, v);
                return as_view && !oracle::value_difference(f->type, *as_view, got, options);
            })) {
            ctx.observe(view.name + "." + name + " is taken from the record " + base_name + " references, not from " +
                        base_name + " itself (A-67)");
            continue;
        }
        ctx.finding({.expected = view.name + "." + name + " = " + expected->dump() + ", the value of " + base_name +
                                 "." + name + " written" + (joined.empty() ? "" : " (or of the record it references)"),
                     .actual = got.dump() + " (" + *why + ")",
                     .pointer = pointer + "/" + name,
                     .exchange = exchange});
    }
}

/// The fields `view` shares by name with a base record's fields (`base` lists them; open lines: their members).
std::vector<std::string> same_named(const Record& view, const json& base) {
    std::vector<std::string> out;
    for (const auto& [name, value] : base.items())
        if (view.field(name)) out.push_back(name);
    return out;
}

/// For each base record of `set` the view that shows it (A-38; the catalogue's "view" relations) and the
/// selection of its rows there: CliFor C → MCPClienti, F → MCPFornitori, Articoli → MCPArticoli, a header
/// → MCPDocumentiT and its lines → MCPDocumentiR (by key_documento).
std::vector<ViewRead> view_reads(Context& ctx, const gen::DataSet& set) {
    std::vector<ViewRead> out;
    const Record& clienti = record_of(ctx, "MCPClienti");
    for (const auto& c : records_in(set, "CliFor")) {
        const std::string view = value_of(c, "ind_clifor") == "C" ? "MCPClienti" : "MCPFornitori";
        out.push_back({view, key_selection(clienti, c), "CliFor", &c, clienti.key});
    }
    const Record& articoli = record_of(ctx, "MCPArticoli");
    for (const auto& a : records_in(set, "Articoli"))
        out.push_back({"MCPArticoli", key_selection(articoli, a), "Articoli", &a, articoli.key});
    const Record& docs = record_of(ctx, "MCPDocumentiT");
    for (const auto& d : records_in(set, kHeader)) {
        const std::string by_key = equals_selection(docs, d, {"key_documento"});
        out.push_back({"MCPDocumentiT", by_key, kHeader, &d, {"key_documento"}});
        out.push_back({"MCPDocumentiR", by_key, kHeader, &d, {"key_documento"}});
    }
    return out;
}

void for_each_view_read(Context& ctx, const std::string& property,
                        const std::function<void(const gen::DataSet&, const ViewRead&, const Rows&)>& judge) {
    const auto options = small_data_set_options(ctx);
    CaseDataSets data_sets(ctx, options);
    for_all_blocks<gen::DataSet>(
        ctx, {property, [&] { return data_sets.next(); },
              [&](const std::vector<const gen::DataSet*>& sets, CaseMarks& marks) {
                  send_data_set(ctx, merged(sets));
                  BatchedReads batch;
                  std::vector<std::vector<std::pair<ViewRead, std::size_t>>> reads(sets.size());
                  for (std::size_t p = 0; p < sets.size(); ++p)
                      for (auto& read : view_reads(ctx, *sets[p])) {
                          const std::size_t rows =
                              read.view == "MCPDocumentiR" ? static_cast<std::size_t>(options.max_lines) : 1;
                          reads[p].emplace_back(read, batch.add(read.view, *read.base, read.fields, rows));
                      }
                  batch.fetch(ctx, client::kWriter);
                  for (std::size_t p = 0; p < sets.size(); ++p) {
                      marks.at(p);
                      for (const auto& [read, id] : reads[p]) judge(*sets[p], read, batch.rows(id));
                  }
              },
              kCaseSlots});
}

gen::DataSet one_data_set(const Context& ctx, std::uint64_t salt) {
    auto options = small_data_set_options(ctx);
    options.min_records = options.max_records = 1;
    options.counts = {{"CliFor", 2}};
    rc::Random random(ctx.seed * 1000003u + salt);
    return gen::draw(gen::data_set_gen(ctx.catalogue, options), random, 30);
}

const json* referenced(const gen::DataSet& set, const std::string& resource, const json& row,
                       const std::vector<std::pair<std::string, std::string>>& fields) {
    for (const auto& r : records_in(set, resource)) {
        bool same = true;
        for (const auto& [mine, theirs] : fields)
            same = same && !value_of(row, mine).is_null() && value_of(row, mine) == value_of(r, theirs);
        if (same) return &r;
    }
    return nullptr;
}

const json* counterpart_of(const gen::DataSet& set, const json& doc) {
    return referenced(set, "CliFor", doc, {{"ind_clifor_c", "ind_clifor"}, {"cod_clifor_c", "cod_clifor"}});
}

}  // namespace bds::suites
