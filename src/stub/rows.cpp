#include "stub/rows.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <shared_mutex>
#include <unordered_map>
#include <unordered_set>

#include "sql/datetime.hpp"
#include "sql/text.hpp"
#include "stub/variation/variation.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

/// The rows of other tables a base row's view rows read (found or not): (table, canonical key).
using Lookups = std::vector<std::pair<const char*, std::string>>;

/// Reads a base record of the tenant by key values, or nullptr, and notes what it looked up in `seen`.
class Joins {
public:
    Joins(const Catalogue& cat, const TenantData& data, Collation collation, Lookups& seen)
        : cat_(cat), data_(data), collation_(collation), seen_(seen) {}

    const json* find(const char* resource, const json& key_values) const {
        for (const auto& [k, v] : key_values.items())
            if (v.is_null()) return nullptr;  // never equal to a key: no later write can change that
        std::string key = canonical_key(*cat_.find(resource), key_values, collation_);
        const Table* table = data_.table(resource);
        const json* found = nullptr;
        if (table)
            if (const auto it = table->rows.find(key); it != table->rows.end()) found = &it->second.record;
        seen_.emplace_back(resource, std::move(key));
        return found;
    }

private:
    const Catalogue& cat_;
    const TenantData& data_;
    Collation collation_;
    Lookups& seen_;
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
        set_if(row, view, f, get(&header_row, f));
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

/// The base table a view derives its rows from, one base row at a time, or nullptr.
const char* base_of(const std::string& view) {
    if (view == "MCPClienti" || view == "MCPFornitori") return "CliFor";
    if (view == "MCPArticoli") return "Articoli";
    if (view == "MCPDocumentiT" || view == "MCPDocumentiR") return "StoricoDocumentiT";
    return nullptr;
}

const json& lines_of(const json& doc) {
    static const json kNone = json::array();
    const auto it = doc.find("StoricoDocumentiR");
    return it != doc.end() && it->is_array() ? *it : kNone;
}

using Rows = std::vector<Row>;  // a view's rows derived from one base row (Row::written unused)

/// The rows of `view` derived from one row of its base table (base_of), appended to `out`.
void derive_from(const Catalogue& cat, const Variation& variation, const Record& view, const Row& base, const Joins& joins, Rows& out) {
    const bool joined = variation.joined_derivation();
    const std::string& name = view.name;
    const json& record = base.record;
    if (name == "MCPClienti" || name == "MCPFornitori") {
        if (!variation.defect().in_view(name, record, record.value("ind_clifor", json()) == (name == "MCPClienti" ? "C" : "F"))) return;
        json row = project(view, record);
        const json ind = record.value("ind_clifor", json());
        const json macro = record.value("cod_macrocat", json());
        derive_field(row, view, "des_macrocat", get(joins.find("MacroCategClifor", {{"ind_clifor", ind}, {"cod_macrocat", macro}}), "des_macrocat"), joined);
        derive_field(row, view, "des_categ",
                     get(joins.find("CategClifor", {{"ind_clifor", ind}, {"cod_macrocat", macro}, {"cod_categ", record.value("cod_categ", json())}}), "des_categ"),
                     joined);
        if (!row.contains("des_ragsoc")) row["des_ragsoc"] = "";  // NOT NULL in the views
        if (const json* naz = joins.find("StatiEsteri", {{"cod_naz", record.value("cod_naz_res", json())}})) {
            set_if(row, view, "des_naz", get(naz, "des_naz"));
            set_if(row, view, "sig_iso", get(naz, "sig_iso"));
        } else {
            set_if(row, view, "des_naz", record.value("des_naz_res", json()));
        }
        out.push_back(Row{std::move(row), base.changed});
    } else if (name == "MCPArticoli") {
        json row = project(view, record);
        const json family = record.value("cod_famiglia", json());
        set_if(row, view, "des_marca", get(joins.find("MarcaArticoli", {{"cod_marca", record.value("cod_marca", json())}}), "des_marca"));
        derive_field(row, view, "des_famiglia", get(joins.find("Famiglia", {{"cod_famiglia", family}}), "des_famiglia"), joined);
        derive_field(row, view, "des_sfamiglia",
                     get(joins.find("Sottofamiglia", {{"cod_famiglia", family}, {"cod_sfamiglia", record.value("cod_sfamiglia", json())}}), "des_sfamiglia"),
                     joined);
        out.push_back(Row{std::move(row), base.changed});
    } else if (name == "MCPDocumentiT" || name == "MCPDocumentiR") {
        if (!in_document_views(record)) return;
        json header = view_header(cat, record, joins, variation);
        json lines = json::array();
        const json& sent_lines = lines_of(record);
        for (std::size_t i = 0; i < sent_lines.size(); ++i) lines.push_back(view_line(cat, record, header, sent_lines[i], i, joins, joined));
        if (name == "MCPDocumentiR") {
            for (auto& line : lines) out.push_back(Row{std::move(line), base.changed});
        } else {
            header["MCPDocumentiR"] = std::move(lines);
            variation.defect().view_row(name, header);
            out.push_back(Row{std::move(header), base.changed});
        }
    }
}

/// Calls `fn(row)` for the rows of `table` whose canonical key starts with the values `pinned` gives its leading key
/// fields (text_key of each, as canonical_key writes them), or for every row when it pins none.
template <class F>
void scan(const Table& table, const Record& record, const Pinned& pinned, F&& fn) {
    std::string prefix;
    for (const auto& name : record.key) {
        if (record.field(name)->tenant) continue;
        const auto it = std::find_if(pinned.begin(), pinned.end(), [&](const auto& p) { return p.first == name; });
        if (it == pinned.end()) break;
        prefix += '\x02' + it->second + '\x1f';
    }
    for (auto it = table.rows.lower_bound(prefix); it != table.rows.end() && it->first.starts_with(prefix); ++it) fn(it->second);
}

/// The equality key of a row's text field, or nothing (absent, null, not text: no `= 'text'` can select it).
std::optional<std::string> equality_key_of(const json& row, const std::string& field, Collation collation) {
    const auto it = row.find(field);
    if (it == row.end() || !it->is_string()) return std::nullopt;
    const auto decoded = sql::utf8_to_u32(it->get_ref<const std::string&>());
    if (!decoded) return std::nullopt;
    return sql::equality_key(*decoded, collation == Collation::CaseInsensitive);
}

struct ByKey {
    bool operator()(const std::string* a, const std::string* b) const { return *a < *b; }
};
/// Equality key of a text a view field holds -> the keys (in key order) of the base rows whose view rows hold it.
using ValueIndex = std::unordered_map<std::string, std::set<const std::string*, ByKey>>;

/// Adds (or removes) base row `key` under the values of `field` its view rows hold.
void update_index(ValueIndex& index, const std::string& field, const std::string& key, const Rows& rows, Collation collation, bool add) {
    for (const Row& row : rows) {
        auto value = equality_key_of(row.record, field, collation);
        if (!value) continue;
        if (add) {
            index[std::move(*value)].insert(&key);
        } else if (const auto it = index.find(*value); it != index.end()) {
            it->second.erase(&key);
            if (it->second.empty()) index.erase(it);
        }
    }
}

}  // namespace

/// One tenant's rows of one view, per base row, with who read what: a write re-derives only the base rows
/// it touched and those whose derivation looked up a row it touched.
struct RowSource::View {
    std::shared_mutex mutex;  // exclusive to bring up to date, shared to read
    bool built = false;
    std::uint64_t synced = 0;                  // the TenantData::generation the rows reflect
    std::map<std::string, Rows> by_base;       // base row's key (Table::rows order) -> its view rows
    std::map<std::string, std::unordered_map<std::string, std::unordered_set<const std::string*>>, std::less<>>
        readers;                               // table -> key looked up -> keys (in by_base) of the base rows that did
    std::map<std::string, ValueIndex, std::less<>>
        index;                                 // field -> its ValueIndex, for the fields selections have pinned
};

RowSource::RowSource(const Catalogue& catalogue, const Variation& variation) : catalogue_(catalogue), variation_(variation) {}
RowSource::~RowSource() = default;

void RowSource::for_each_row(const TenantData& data, const Record& resource, const User& user, const RowSink& emit, const Pinned& pinned) const {
    if (!base_of(resource.name)) return derive(data, resource, user, emit, pinned);
    View* view = nullptr;
    {
        std::lock_guard lock(mutex_);
        auto& entry = cache_[{user.customer_ID, resource.name}];
        if (!entry) entry = std::make_unique<View>();
        view = entry.get();
    }
    {
        // The store's read lock is held: no write can come between this update and the read below.
        std::unique_lock lock(view->mutex);
        if (!view->built || !variation_.defect().view_fresh(view->synced == data.generation)) sync(*view, data, resource);
        if (!pinned.empty() && !view->index.contains(pinned.front().first)) {
            auto& index = view->index[pinned.front().first];
            for (const auto& [key, rows] : view->by_base) update_index(index, pinned.front().first, key, rows, variation_.collation(), true);
        }
    }
    std::shared_lock lock(view->mutex);
    const auto emit_rows = [&](const Rows& rows) {
        for (const Row& row : rows) emit(row.record, row.changed, row.text);
    };
    if (pinned.empty()) {
        for (const auto& [key, rows] : view->by_base) emit_rows(rows);
        return;
    }
    const auto& index = view->index.find(pinned.front().first)->second;
    if (const auto found = index.find(pinned.front().second); found != index.end())
        for (const std::string* key : found->second) emit_rows(view->by_base.find(*key)->second);
}

RowText RowSource::answered(RowText& text, const std::function<std::string()>& print) const {
    {
        std::lock_guard lock(text_mutex_);
        if (text) return text;
    }
    auto made = std::make_shared<const std::string>(print());  // outside the lock: readers print their rows in parallel
    std::lock_guard lock(text_mutex_);
    if (!text) text = std::move(made);
    return text;
}

void RowSource::sync(View& view, const TenantData& data, const Record& resource) const {
    const Table* base = data.table(base_of(resource.name));
    bool rebuild = !view.built || data.cleared > view.synced;
    for (const auto& [table, keys] : view.readers)
        if (const Table* t = data.table(table); t && t->removed > view.synced) rebuild = true;
    if (base && base->removed > view.synced) rebuild = true;

    std::set<std::string> stale;  // base keys to derive again
    if (rebuild) {
        view.by_base.clear();
        view.readers.clear();
        view.index.clear();  // built again by the next read that needs one
        if (base)
            for (const auto& [key, row] : base->rows) stale.insert(stale.end(), key);
    } else {
        if (base) base->for_each_written_since(view.synced, [&](const std::string& key) { stale.insert(key); });
        for (const auto& [table, keys] : view.readers)
            if (const Table* t = data.table(table))
                t->for_each_written_since(view.synced, [&](const std::string& key) {
                    if (const auto it = keys.find(key); it != keys.end())
                        for (const std::string* reader : it->second) stale.insert(*reader);
                });
    }

    const Collation collation = variation_.collation();
    const auto reindex = [&](const std::string& key, const Rows& rows, bool add) {
        for (auto& [field, index] : view.index) update_index(index, field, key, rows, collation, add);
    };
    Lookups seen;
    const Joins joins(catalogue_, data, collation, seen);
    for (const std::string& key : stale) {  // empty without a base table: only a clear (a rebuild) removes one
        const auto row = base->rows.find(key);
        const auto old = view.by_base.find(key);
        if (old != view.by_base.end()) reindex(old->first, old->second, false);
        if (row == base->rows.end()) {
            if (old != view.by_base.end()) view.by_base.erase(old);  // a removal rebuilds instead; no view row outlives its base row
            continue;
        }
        auto [entry, inserted] = view.by_base.try_emplace(key);
        entry->second.clear();
        seen.clear();
        derive_from(catalogue_, variation_, resource, row->second, joins, entry->second);
        reindex(entry->first, entry->second, true);
        // A stale reader left behind by an earlier derivation only costs a needless re-derivation later.
        for (auto& [table, looked_up] : seen) view.readers[table][std::move(looked_up)].insert(&entry->first);
    }
    view.synced = data.generation;
    view.built = true;
}

void RowSource::derive(const TenantData& data, const Record& resource, const User& user, const RowSink& emit, const Pinned& pinned) const {
    const std::string& name = resource.name;
    if (name == "StoricoDocumentiR") {
        // A line's key_documento is its header's (the stub refuses a line that says otherwise): the header's key finds it.
        Pinned header_key;
        for (const auto& p : pinned)
            if (p.first == "key_documento") header_key.push_back(p);
        if (const Table* t = data.table("StoricoDocumentiT"))
            scan(*t, *catalogue_.find("StoricoDocumentiT"), header_key, [&](const Row& doc) {
                if (doc.record.value("flg_isdeleted", false) == true && !variation_.lines_of_deleted_listed()) return;
                for (const auto& line : lines_of(doc.record)) {
                    RowText text;
                    emit(line, doc.changed, text);
                }
            });
    } else if (name == "MCPResources") {
        int id = 0;
        for (const Record* r : catalogue_.resources()) {
            ++id;
            if (!user.may_use(r->name) || !variation_.resource_listed(*r)) continue;
            RowText text;
            emit({{"customer_ID", user.customer_ID}, {"Resource_ID", id}, {"ResourceName", r->name}, {"Description", r->meaning},
                  {"Endpoint", "/api/resources/" + r->name}, {"ts_update", "AAAAAAAAAAE="}, {"flg_isdeleted", false},
                  {"dat_ultvar", "2000-01-01T00:00:00.0000000"}, {"Id", id}},
                 sql::ticks_from_civil({2000, 1, 1}), text);
        }
    } else if (const Table* t = data.table(name)) {
        scan(*t, resource, pinned, [&](const Row& row) { emit(row.record, row.changed, row.text); });
    }
}

}  // namespace bds::stub
