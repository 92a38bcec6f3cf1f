#include "stub/rows.hpp"

#include <cmath>

#include "sql/datetime.hpp"
#include "sql/text.hpp"
#include "stub/variation/variation.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

/// Reads a base record of the tenant by key values, or nullptr.
class Joins {
public:
    Joins(const Catalogue& cat, const TenantData& data, Collation collation) : cat_(cat), data_(data), collation_(collation) {}

    const json* find(const char* resource, const json& key_values) const {
        const Table* table = data_.table(resource);
        if (!table) return nullptr;
        for (const auto& [k, v] : key_values.items())
            if (v.is_null()) return nullptr;
        const auto it = table->rows.find(canonical_key(*cat_.find(resource), key_values, collation_));
        return it == table->rows.end() ? nullptr : &it->second.record;
    }

private:
    const Catalogue& cat_;
    const TenantData& data_;
    Collation collation_;
};

/// A field of a joined row, or null (no row, or no such field). A reference, not a copy: views read many.
const json& get(const json* row, const char* field) {
    static const json kNull;
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
    if (t.kind == SqlKind::Decimal) return v.is_number() ? v : json(nullptr);
    if (t.kind == SqlKind::Bit) return v.is_boolean() ? v : json(nullptr);
    if (t.kind == SqlKind::Datetime || t.kind == SqlKind::Datetime2) return v.is_string() ? v : json(nullptr);
    if (t.kind == SqlKind::Timestamp) return v;  // the row version, opaque
    return nullptr;
}

/// A view row (sparse, like stored rows) with every field the view lists taken from the same-named
/// field of `base`, converted to the view's type.
json project(const Record& view, const json& base) {
    json row = json::object();
    for (const auto& [name, value] : base.items()) {
        const Field* f = view.field(name);
        if (!f || f->type.kind == SqlKind::List) continue;
        if (json v = f->managed || f->tenant || name == "flg_isdeleted" ? value : convert(*f, value); !v.is_null()) row[name] = std::move(v);
    }
    return row;
}

/// Sets a view field from a joined value, or leaves it out (null) when there is none.
void set_if(json& row, const Record& view, const char* field, const json& value) {
    const Field* f = view.field(field);
    if (!f) return;
    if (json v = convert(*f, value); !v.is_null()) row[field] = std::move(v);
    else row.erase(field);
}

/// A view field both its base record and a referenced record hold: the referenced record's value first
/// when `joined`, else the base record's own; either fills in where the other has none.
void derive_field(json& row, const Record& view, const char* field, const json& referenced, bool joined) {
    const Field* f = view.field(field);
    if (!f) return;
    json v = convert(*f, referenced);
    if (v.is_null() || (!joined && row.contains(field))) return;
    row[field] = std::move(v);
}

void counterpart(json& row, const Record& view, const json& doc, const Joins& joins) {
    const json* cf = joins.find("CliFor", {{"ind_clifor", doc.value("ind_clifor_c", json())}, {"cod_clifor", doc.value("cod_clifor_c", json())}});
    set_if(row, view, "des_ragsoc", get(cf, "des_ragsoc"));
    if (!cf) return;
    for (const char* f : {"cod_cfisc", "cod_piva", "cod_gruppocf1", "des_gruppocf1", "cod_gruppocf2", "des_gruppocf2", "cod_gruppocf3",
                          "des_gruppocf3", "cod_macroarea", "des_macroarea", "cod_area", "des_area", "cod_zona", "des_zona", "cod_macrocat",
                          "des_macrocat", "cod_categ", "des_categ", "cod_sottocateg", "des_sottocateg"})
        set_if(row, view, f, get(cf, f));
    set_if(row, view, "des_localita", get(cf, "des_localita_res"));
    set_if(row, view, "sig_prov", get(cf, "sig_prov_res"));
    set_if(row, view, "cod_naz", get(cf, "cod_naz_res"));
    if (const json* naz = joins.find("StatiEsteri", {{"cod_naz", get(cf, "cod_naz_res")}})) {
        set_if(row, view, "des_naz", get(naz, "des_naz"));
        set_if(row, view, "sig_iso", get(naz, "sig_iso"));
    }
    if (get(cf, "cod_agente") == doc.value("cod_agente", json())) set_if(row, view, "des_agente", get(cf, "des_agente"));
}

json document_type(const json& doc, const Joins& joins) {
    const json* t = joins.find("CodiciDocumento", {{"cod_tipodoc", doc.value("cod_tipodoc", json())},
                                                   {"cod_gruppo_tipodoc", doc.value("cod_gruppo_tipodoc", json())}});
    return t ? *t : json::object();
}

bool in_document_views(const json& doc) {
    // The views' cod_tipodoc, num_anno and dat_doc are NOT NULL: headers without them are not in the views.
    for (const char* f : {"cod_tipodoc", "num_anno", "dat_doc"})
        if (doc.value(f, json()).is_null()) return false;
    return true;
}

json view_header(const Catalogue& cat, const json& doc, const Joins& joins, const Variation& variation) {
    const Record& view = *cat.find("MCPDocumentiT");
    json row = project(view, doc);
    const json type = document_type(doc, joins);
    set_if(row, view, "des_tipodoc", get(&type, "des_tipodoc"));
    set_if(row, view, "des_gruppo_tipodoc", get(&type, "des_gruppo_tipodoc"));
    const auto date = sql::parse_datetime(doc.at("dat_doc").get<std::string>(), SqlKind::Datetime, sql::TimeSource::Record);
    if (date.ticks) {
        const auto civil = sql::civil_from_ticks(*date.ticks);
        row["mese"] = civil.month;
        row["settimana"] = variation.week(*date.ticks);
    }
    counterpart(row, view, doc, joins);
    set_if(row, view, "des_pag", get(joins.find("CondPagam", {{"cod_pag", doc.value("cod_pag", json())}}), "des_pag"));
    return row;
}

json view_line(const Catalogue& cat, const json& doc, const json& header_row, const json& line, std::size_t position, const Joins& joins,
               bool joined) {
    const Record& view = *cat.find("MCPDocumentiR");
    json row = project(view, line);
    for (const char* f : {"key_documento", "num_anno", "dat_doc", "cod_tipodoc", "des_tipodoc", "cod_gruppo_tipodoc", "des_gruppo_tipodoc",
                          "cod_clifor_c", "ind_clifor_c", "des_ragsoc", "cod_agente", "des_agente", "customer_ID", "ts_update", "dat_ultvar",
                          "flg_isdeleted"})
        set_if(row, view, f, header_row.value(f, json()));
    row["prg_riga"] = static_cast<int>(position + 1);
    if (!row.contains("num_riga")) row["num_riga"] = static_cast<int>(position + 1);
    row["Id"] = doc.at("Id").get<std::int64_t>() * 1000 + static_cast<std::int64_t>(position + 1);
    if (const json* art = joins.find("Articoli", {{"cod_art", line.value("cod_art", json())}, {"cod_variante", line.value("cod_variante", json())}})) {
        for (const char* f : {"cod_famiglia", "des_famiglia", "cod_sfamiglia", "des_sfamiglia", "cod_grumerc", "des_grumerc", "cod_sgrumerc",
                              "des_sgrumerc", "cod_gruppostat1", "des_gruppostat1", "cod_gruppostat2", "des_gruppostat2", "cod_gruppostat3",
                              "des_gruppostat3", "cod_gruppostat4", "des_gruppostat4", "cod_marca"})
            derive_field(row, view, f, get(art, f), joined);
        derive_field(row, view, "des_marca", get(joins.find("MarcaArticoli", {{"cod_marca", get(art, "cod_marca")}}), "des_marca"), joined);
    }
    if (const json* iva = joins.find("AliquoteIva", {{"cod_iva", line.value("cod_iva", json())}})) {
        derive_field(row, view, "des_iva", get(iva, "des_iva"), joined);
        derive_field(row, view, "prc_iva", get(iva, "prc_iva"), joined);
    }
    return row;
}

void for_each_document(const TenantData& data, const std::function<void(const Row&)>& fn) {
    if (const Table* t = data.table("StoricoDocumentiT"))
        for (const auto& [key, row] : t->rows) fn(row);
}

const json& lines_of(const json& doc) {
    static const json kNone = json::array();
    const auto it = doc.find("StoricoDocumentiR");
    return it != doc.end() && it->is_array() ? *it : kNone;
}

}  // namespace

void RowSource::for_each_row(const TenantData& data, const Record& resource, const User& user, const RowSink& emit) const {
    const bool cached = resource.area == "MCP views" && resource.name != "MCPResources";
    if (!cached) return derive(data, resource, user, emit);
    std::shared_ptr<const Rows> rows;
    {
        std::lock_guard lock(mutex_);
        auto& entry = cache_[{user.customer_ID, resource.name}];
        if (!entry.rows || !variation_.defect().view_fresh(entry.generation == data.generation)) {
            auto fresh = std::make_shared<Rows>();
            derive(data, resource, user, [&](const nlohmann::json& row, std::int64_t changed) { fresh->emplace_back(row, changed); });
            entry = {data.generation, std::move(fresh)};
        }
        rows = entry.rows;
    }
    for (const auto& [row, changed] : *rows) emit(row, changed);
}

void RowSource::derive(const TenantData& data, const Record& resource, const User& user, const RowSink& emit) const {
    const Catalogue& cat = catalogue_;
    const Joins joins(cat, data, variation_.collation());
    const bool joined = variation_.joined_derivation();
    const std::string& name = resource.name;
    if (name == "StoricoDocumentiR") {
        for_each_document(data, [&](const Row& doc) {
            if (doc.record.value("flg_isdeleted", false) == true && !variation_.lines_of_deleted_listed()) return;
            for (const auto& line : lines_of(doc.record)) emit(line, doc.changed);
        });
    } else if (name == "MCPClienti" || name == "MCPFornitori") {
        const std::string kind = name == "MCPClienti" ? "C" : "F";
        const Record& view = resource;
        if (const Table* t = data.table("CliFor"))
            for (const auto& [key, base] : t->rows) {
                if (!variation_.defect().in_view(name, base.record, base.record.value("ind_clifor", json()) == kind)) continue;
                json row = project(view, base.record);
                const json ind = base.record.value("ind_clifor", json());
                const json macro = base.record.value("cod_macrocat", json());
                derive_field(row, view, "des_macrocat", get(joins.find("MacroCategClifor", {{"ind_clifor", ind}, {"cod_macrocat", macro}}), "des_macrocat"), joined);
                derive_field(row, view, "des_categ",
                             get(joins.find("CategClifor", {{"ind_clifor", ind}, {"cod_macrocat", macro}, {"cod_categ", base.record.value("cod_categ", json())}}), "des_categ"),
                             joined);
                if (!row.contains("des_ragsoc")) row["des_ragsoc"] = "";  // NOT NULL in the views
                if (const json* naz = joins.find("StatiEsteri", {{"cod_naz", base.record.value("cod_naz_res", json())}})) {
                    set_if(row, view, "des_naz", get(naz, "des_naz"));
                    set_if(row, view, "sig_iso", get(naz, "sig_iso"));
                } else {
                    set_if(row, view, "des_naz", base.record.value("des_naz_res", json()));
                }
                emit(row, base.changed);
            }
    } else if (name == "MCPArticoli") {
        if (const Table* t = data.table("Articoli"))
            for (const auto& [key, base] : t->rows) {
                json row = project(resource, base.record);
                const json family = base.record.value("cod_famiglia", json());
                set_if(row, resource, "des_marca", get(joins.find("MarcaArticoli", {{"cod_marca", base.record.value("cod_marca", json())}}), "des_marca"));
                derive_field(row, resource, "des_famiglia", get(joins.find("Famiglia", {{"cod_famiglia", family}}), "des_famiglia"), joined);
                derive_field(row, resource, "des_sfamiglia",
                             get(joins.find("Sottofamiglia", {{"cod_famiglia", family}, {"cod_sfamiglia", base.record.value("cod_sfamiglia", json())}}), "des_sfamiglia"),
                             joined);
                emit(row, base.changed);
            }
    } else if (name == "MCPDocumentiT" || name == "MCPDocumentiR") {
        for_each_document(data, [&](const Row& doc) {
            if (!in_document_views(doc.record)) return;
            json header = view_header(cat, doc.record, joins, variation_);
            json lines = json::array();
            const json& sent_lines = lines_of(doc.record);
            for (std::size_t i = 0; i < sent_lines.size(); ++i) lines.push_back(view_line(cat, doc.record, header, sent_lines[i], i, joins, joined));
            if (name == "MCPDocumentiR") {
                for (const auto& line : lines) emit(line, doc.changed);
            } else {
                header["MCPDocumentiR"] = std::move(lines);
                variation_.defect().view_row(name, header);
                emit(header, doc.changed);
            }
        });
    } else if (name == "MCPResources") {
        int id = 0;
        for (const Record* r : cat.resources()) {
            ++id;
            if (!user.may_use(r->name) || !variation_.resource_listed(*r)) continue;
            emit({{"customer_ID", user.customer_ID}, {"Resource_ID", id}, {"ResourceName", r->name}, {"Description", r->meaning},
                  {"Endpoint", "/api/resources/" + r->name}, {"ts_update", "AAAAAAAAAAE="}, {"flg_isdeleted", false},
                  {"dat_ultvar", "2000-01-01T00:00:00.0000000"}, {"Id", id}},
                 sql::ticks_from_civil({2000, 1, 1}));
        }
    } else if (const Table* t = data.table(name)) {
        for (const auto& [key, row] : t->rows) emit(row.record, row.changed);
    }
}

}  // namespace bds::stub
