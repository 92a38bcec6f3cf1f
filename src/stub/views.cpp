#include "stub/views.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

#include "sql/datetime.hpp"
#include "sql/decimal.hpp"
#include "sql/text.hpp"
#include "stub/variation/variation.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

const json kNull;

/// A field of a record (or of a joined record, nullptr when none was found), or null.
const json& get(const json* row, const char* field) {
    if (!row) return kNull;
    const auto it = row->find(field);
    return it == row->end() ? kNull : *it;
}

/// A value of a base record converted to a view field's type, as a view's column would hold it.
json convert(const Field& f, const json& v) {
    if (v.is_null()) return nullptr;
    const SqlType& t = f.type;
    if (t.is_text()) {
        if (!v.is_string()) return nullptr;
        if (auto max = t.max_length()) return sql::truncate_utf16(v.get<std::string>(), static_cast<std::size_t>(*max));
        return v;
    }
    if (t.kind == SqlKind::Float) {
        if (v.is_number()) return v;
        if (!v.is_string()) return nullptr;
        const std::string s = v.get<std::string>();
        char* end = nullptr;
        const double d = std::strtod(s.c_str(), &end);
        return (!s.empty() && end && *end == '\0' && std::isfinite(d)) ? json(d) : json(nullptr);
    }
    if (t.kind == SqlKind::Int) return v.is_number_integer() ? v : json(nullptr);
    if (t.kind == SqlKind::Decimal)  // a number, or the exact text the store keeps of a long one (normalize.hpp)
        return v.is_number() || (v.is_string() && sql::Decimal::parse(v.get_ref<const std::string&>(), true))
                   ? v
                   : json(nullptr);
    if (t.kind == SqlKind::Bit) return v.is_boolean() ? v : json(nullptr);
    if (t.kind == SqlKind::Datetime || t.kind == SqlKind::Datetime2) return v.is_string() ? v : json(nullptr);
    if (t.kind == SqlKind::Timestamp) return v;  // the row version, opaque
    return nullptr;
}

/// The view field `f` taken from the same-named field of `base`: as it is for the platform's fields and the deletion
/// flag, converted to the view's type for the others.
json own(const Field& f, const json& base) {
    const auto it = base.find(f.name);
    if (it == base.end()) return nullptr;
    return f.managed || f.tenant || f.name == "flg_isdeleted" ? *it : convert(f, *it);
}

/// A field both the base record and a referenced record hold: the referenced record's value first when the
/// derivation is `joined`, else the base record's own; either fills in where the other has none.
json either(const Field& f, const json& referenced, json own_value, bool joined) {
    json v = convert(f, referenced);
    if (v.is_null() || (!joined && !own_value.is_null())) return own_value;
    return v;
}

template <std::size_t N>
bool among(std::string_view name, const std::array<std::string_view, N>& names) {
    return std::find(names.begin(), names.end(), name) != names.end();  // string_views compare lengths first
}

// A counterpart's fields a document header shows as they are in CliFor.
constexpr std::array<std::string_view, 20> kCounterpartFields = {
    "cod_cfisc",     "cod_piva",      "cod_gruppocf1", "des_gruppocf1",  "cod_gruppocf2",
    "des_gruppocf2", "cod_gruppocf3", "des_gruppocf3", "cod_macroarea",  "des_macroarea",
    "cod_area",      "des_area",      "cod_zona",      "des_zona",       "cod_macrocat",
    "des_macrocat",  "cod_categ",     "des_categ",     "cod_sottocateg", "des_sottocateg"};
// The fields a document line takes from its header.
constexpr std::array<std::string_view, 16> kHeaderFields = {
    "key_documento",      "num_anno",     "dat_doc",      "cod_tipodoc",  "des_tipodoc", "cod_gruppo_tipodoc",
    "des_gruppo_tipodoc", "cod_clifor_c", "ind_clifor_c", "des_ragsoc",   "cod_agente",  "des_agente",
    "customer_ID",        "ts_update",    "dat_ultvar",   "flg_isdeleted"};
// The fields a document line takes from its article.
constexpr std::array<std::string_view, 17> kArticleFields = {
    "cod_famiglia",    "des_famiglia",    "cod_sfamiglia",   "des_sfamiglia",   "cod_grumerc",     "des_grumerc",
    "cod_sgrumerc",    "des_sgrumerc",    "cod_gruppostat1", "des_gruppostat1", "cod_gruppostat2", "des_gruppostat2",
    "cod_gruppostat3", "des_gruppostat3", "cod_gruppostat4", "des_gruppostat4", "cod_marca"};
// The other fields a document header takes from its counterpart (or the counterpart's country), some renamed.
constexpr std::array<std::string_view, 7> kOtherCounterpartFields = {
    "des_ragsoc", "des_localita", "sig_prov", "cod_naz", "des_naz", "sig_iso", "des_agente"};
// The fields a view computes or joins rather than takes from its base record (see the compute functions).
constexpr std::array<std::string_view, 5> kJoinedPartyFields = {"des_macrocat", "des_categ", "des_ragsoc", "des_naz",
                                                                "sig_iso"};
constexpr std::array<std::string_view, 3> kJoinedArticleFields = {"des_marca", "des_famiglia", "des_sfamiglia"};
constexpr std::array<std::string_view, 6> kComputedHeaderFields = {
    "des_tipodoc", "des_gruppo_tipodoc", "mese", "settimana", "des_pag", "MCPDocumentiR"};

}  // namespace

bool from_base(const std::string& view, const std::string& field) {
    if (view == "MCPClienti" || view == "MCPFornitori") return !among(field, kJoinedPartyFields);
    if (view == "MCPArticoli") return !among(field, kJoinedArticleFields);
    if (view == "MCPDocumentiT")
        return !among(field, kComputedHeaderFields) && !among(field, kCounterpartFields) &&
               !among(field, kOtherCounterpartFields);
    if (view == "MCPDocumentiR") return LineRow::from_header(field) && from_base("MCPDocumentiT", field);
    return false;
}

const json* StoredRow::field(const std::string& name) const {
    const auto it = record_.find(name);
    return it == record_.end() || it->is_null() ? nullptr : &*it;
}

const Table* Joins::table(const char* resource) const {
    for (const auto& [name, table] : tables_)
        if (name == resource) return table;
    return tables_.emplace_back(resource, data_.table(resource)).second;
}

const json* Joins::find(const char* resource,
                        std::initializer_list<std::pair<const char*, const json&>> key_values) const {
    const Table* table = this->table(resource);
    if (!table) return nullptr;
    json key = json::object();
    for (const auto& [name, value] : key_values) {
        if (value.is_null()) return nullptr;  // never equal to a key
        key[name] = value;
    }
    const std::string canonical = canonical_key(*cat_.find(resource), key, keys_);
    const auto it = table->rows.find(canonical);
    return policy_.joined_record(resource, canonical, tenant_, it == table->rows.end() ? nullptr : &it->second.record);
}

const json* DerivedRow::field(const std::string& name) const {
    const Field* f = view_.field(name);
    if (!f || f->type.kind == SqlKind::List) return nullptr;
    for (const auto& [known, value] : fields_)
        if (known == f) return value.is_null() ? nullptr : &value;
    const json& value = fields_.emplace_back(f, compute(*f)).second;
    return value.is_null() ? nullptr : &value;
}

const json& DerivedRow::whole() const {
    if (whole_) return *whole_;
    json row = json::object();
    for (const Field& f : view_.fields)  // computed again rather than searched for among the fields asked for so far
        if (f.type.kind != SqlKind::List)
            if (json v = compute(f); !v.is_null()) row[f.name] = std::move(v);
    complete(row);
    return whole_.emplace(std::move(row));
}

json RecordRow::compute(const Field& f) const { return view_.name == "MCPArticoli" ? article(f) : party(f); }

json RecordRow::party(const Field& f) const {
    json mine = own(f, base_);
    const bool joined = cx_.variation.joined_derivation();
    const json& ind = get(&base_, "ind_clifor");
    const json& macro = get(&base_, "cod_macrocat");
    if (f.name == "des_macrocat")
        return either(
            f, get(cx_.joins.find("MacroCategClifor", {{"ind_clifor", ind}, {"cod_macrocat", macro}}), "des_macrocat"),
            std::move(mine), joined);
    if (f.name == "des_categ")
        return either(
            f,
            get(cx_.joins.find("CategClifor",
                               {{"ind_clifor", ind}, {"cod_macrocat", macro}, {"cod_categ", get(&base_, "cod_categ")}}),
                "des_categ"),
            std::move(mine), joined);
    if (f.name == "des_ragsoc") return mine.is_null() ? json("") : mine;  // NOT NULL in the views
    if (f.name == "des_naz" || f.name == "sig_iso") {
        if (const json* country = cx_.joins.find("StatiEsteri", {{"cod_naz", get(&base_, "cod_naz_res")}}))
            return convert(f, get(country, f.name.c_str()));
        return f.name == "des_naz" ? convert(f, get(&base_, "des_naz_res")) : mine;
    }
    return mine;
}

json RecordRow::article(const Field& f) const {
    const json& family = get(&base_, "cod_famiglia");
    if (f.name == "des_marca")
        return convert(f, get(cx_.joins.find("MarcaArticoli", {{"cod_marca", get(&base_, "cod_marca")}}), "des_marca"));
    const bool joined = cx_.variation.joined_derivation();
    if (f.name == "des_famiglia")
        return either(f, get(cx_.joins.find("Famiglia", {{"cod_famiglia", family}}), "des_famiglia"), own(f, base_),
                      joined);
    if (f.name == "des_sfamiglia")
        return either(f,
                      get(cx_.joins.find("Sottofamiglia",
                                         {{"cod_famiglia", family}, {"cod_sfamiglia", get(&base_, "cod_sfamiglia")}}),
                          "des_sfamiglia"),
                      own(f, base_), joined);
    return own(f, base_);
}

DocumentRow::DocumentRow(const ViewContext& context, const json& document)
    : DerivedRow(context.headers, context), doc_(document) {}

bool DocumentRow::listed(const json& document) {
    for (const char* f : {"cod_tipodoc", "num_anno", "dat_doc"})
        if (get(&document, f).is_null()) return false;
    return true;
}

bool is_view(const Record& r) { return r.area == "MCP views" && r.name != "MCPResources"; }

const json& lines_of(const json& document) {
    static const json kNone = json::array();
    const auto it = document.find("StoricoDocumentiR");
    return it != document.end() && it->is_array() ? *it : kNone;
}

const json* DocumentRow::joined(std::optional<const json*>& memo, const char* resource,
                                std::initializer_list<std::pair<const char*, const json&>> key) const {
    if (!memo) memo = cx_.joins.find(resource, key);
    return *memo;
}

json DocumentRow::compute(const Field& f) const {
    const std::string& name = f.name;
    if (name == "des_tipodoc" || name == "des_gruppo_tipodoc")
        return convert(f, get(joined(type_, "CodiciDocumento",
                                     {{"cod_tipodoc", get(&doc_, "cod_tipodoc")},
                                      {"cod_gruppo_tipodoc", get(&doc_, "cod_gruppo_tipodoc")}}),
                              name.c_str()));
    if (name == "mese" || name == "settimana") {
        const auto date =
            sql::parse_datetime(doc_.at("dat_doc").get<std::string>(), SqlKind::Datetime, sql::TimeSource::Record);
        if (date.ticks)
            return name == "mese" ? sql::civil_from_ticks(*date.ticks).month : cx_.variation.week(*date.ticks);
        return own(f, doc_);
    }
    if (name == "des_pag")
        return convert(f, get(joined(payment_, "CondPagam", {{"cod_pag", get(&doc_, "cod_pag")}}), "des_pag"));
    return counterpart(f, own(f, doc_));
}

/// The fields a header takes from its counterpart in CliFor (and the counterpart's country); `mine` when it has none.
json DocumentRow::counterpart(const Field& f, const json& mine) const {
    const std::string& name = f.name;
    if (!among(name, kCounterpartFields) && !among(name, kOtherCounterpartFields)) return mine;
    const json* party = joined(
        clifor_, "CliFor", {{"ind_clifor", get(&doc_, "ind_clifor_c")}, {"cod_clifor", get(&doc_, "cod_clifor_c")}});
    if (name == "des_ragsoc") return convert(f, get(party, "des_ragsoc"));
    if (!party) return mine;
    if (among(name, kCounterpartFields)) {
        json value = convert(f, get(party, name.c_str()));
        cx_.variation.policy().joined_field(view_.name, name, value);
        return value;
    }
    if (name == "des_localita") return convert(f, get(party, "des_localita_res"));
    if (name == "sig_prov") return convert(f, get(party, "sig_prov_res"));
    if (name == "cod_naz") return convert(f, get(party, "cod_naz_res"));
    if (name == "des_naz" || name == "sig_iso") {
        const json* country = joined(country_, "StatiEsteri", {{"cod_naz", get(party, "cod_naz_res")}});
        return country ? convert(f, get(country, name.c_str())) : mine;
    }
    return get(party, "cod_agente") == get(&doc_, "cod_agente") ? convert(f, get(party, "des_agente"))
                                                                : mine;  // des_agente
}

void DocumentRow::complete(json& row) const {
    json nested = json::array();
    const json& sent = lines();
    for (std::size_t i = 0; i < sent.size(); ++i) nested.push_back(LineRow(*this, sent[i], i).whole());
    row["MCPDocumentiR"] = std::move(nested);
    cx_.variation.policy().view_row(view_.name, row);
}

LineRow::LineRow(const DocumentRow& header, const json& line, std::size_t position)
    : DerivedRow(header.cx_.lines, header.cx_), header_(header), line_(line), position_(position) {}

bool LineRow::from_header(const std::string& name) { return among(name, kHeaderFields); }

json LineRow::compute(const Field& f) const {
    const std::string& name = f.name;
    if (from_header(name)) {
        const json* v = header_.field(name);
        json value = v ? convert(f, *v) : json(nullptr);
        cx_.variation.policy().header_field(name, value);
        return value;
    }
    const auto number = static_cast<std::int64_t>(position_ + 1);
    if (name == "prg_riga") return number;
    if (name == "Id") return header_.document().at("Id").get<std::int64_t>() * 1000 + number;
    json mine = own(f, line_);
    if (name == "num_riga") return mine.is_null() ? json(number) : mine;
    const bool joined = cx_.variation.joined_derivation();
    const bool from_article = among(name, kArticleFields);
    if (from_article || name == "des_marca") {
        if (!article_)
            article_ = cx_.joins.any("Articoli")
                           ? cx_.joins.find("Articoli", {{"cod_art", get(&line_, "cod_art")},
                                                         {"cod_variante", get(&line_, "cod_variante")}})
                           : nullptr;
        if (!*article_) return mine;
        if (from_article) {
            json value = either(f, get(*article_, name.c_str()), std::move(mine), joined);
            cx_.variation.policy().joined_field("MCPDocumentiR", name, value);
            return value;
        }
        if (!brand_) brand_ = cx_.joins.find("MarcaArticoli", {{"cod_marca", get(*article_, "cod_marca")}});
        return either(f, get(*brand_, "des_marca"), std::move(mine), joined);
    }
    if (name == "des_iva" || name == "prc_iva") {
        if (!vat_)
            vat_ = cx_.joins.any("AliquoteIva") ? cx_.joins.find("AliquoteIva", {{"cod_iva", get(&line_, "cod_iva")}})
                                                : nullptr;
        return *vat_ ? either(f, get(*vat_, name.c_str()), std::move(mine), joined) : mine;
    }
    return mine;
}

}  // namespace bds::stub
