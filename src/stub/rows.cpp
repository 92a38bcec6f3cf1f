#include "stub/rows.hpp"

#include <algorithm>
#include <map>
#include <string_view>

#include "sql/datetime.hpp"
#include "sql/text.hpp"
#include "stub/variation/variation.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

/// (field, sql::equality_key of a text) pairs every selected row holds.
using Pinned = std::vector<std::pair<std::string, std::string>>;

Pinned pinned_by(const Selection* selection, const sql::TextRules& keys) {
    Pinned out;
    if (selection)
        for (const auto& [field, text] : selection->pinned_texts())
            out.emplace_back(field, sql::equality_key(text, keys));
    return out;
}

/// The pins of each way a row can be selected: one per operand of a top-level OR (a read of many keys), else one.
std::vector<Pinned> alternatives(const Selection* selection, const sql::TextRules& keys) {
    std::vector<Pinned> out;
    if (selection)
        for (const Selection& d : selection->disjuncts()) out.push_back(pinned_by(&d, keys));
    if (out.empty()) out.push_back(pinned_by(selection, keys));
    return out;
}

/// Whether `row` is selected (every row is, without a selection).
bool selects(const Selection* selection, const RowRef& row, const Reading& reading) {
    return !selection ||
           selection->evaluate([&](const std::string& name) { return row.field(name); }, reading) == Truth::True;
}

/// Whether every condition selects `row`. Stops at the first that does not: a stored or derived value always has its
/// field's JSON type, so no condition left unread could have failed to evaluate.
bool all_select(const std::vector<Selection>& conditions, const RowRef& row, const Reading& reading) {
    return std::all_of(conditions.begin(), conditions.end(),
                       [&](const Selection& s) { return selects(&s, row, reading); });
}

/// Calls `fn(row)` for the rows of `table` that may hold what `pinned` gives and may have changed after `after`: those
/// whose canonical key starts with the values it gives the leading key fields (text_key of each, as canonical_key
/// writes them), else those an index finds for its first field, else, with `after`, those the change index finds when
/// they are few, else every row. The caller still filters what it is given: these only have to find a superset.
template <class F>
void scan_keyed(const Table& table, const Record& record, const Pinned& pinned, const sql::TextRules& keys,
                std::optional<std::int64_t> after, F&& fn) {
    std::string prefix;
    for (const auto& name : record.key) {
        if (record.field(name)->tenant) continue;
        const auto it = std::find_if(pinned.begin(), pinned.end(), [&](const auto& p) { return p.first == name; });
        if (it == pinned.end()) break;
        prefix += '\x02' + it->second + '\x1f';
    }
    if (prefix.empty() && !pinned.empty()) {
        for (const KeyedRow* row : table.indexes.find(table.rows, pinned.front().first, pinned.front().second, keys))
            fn(*row);
        return;
    }
    if (prefix.empty() && after)
        if (const auto changed = table.changes.changed_after(table.rows, *after, table.rows.size() / 8)) {
            for (const KeyedRow* row : *changed) fn(*row);
            return;
        }
    for (auto it = table.rows.lower_bound(prefix); it != table.rows.end() && it->first.starts_with(prefix); ++it)
        fn(*it);
}

/// scan_keyed for each of `ways` (alternatives), each row once, in key order; every row when a way pins nothing.
template <class F>
void scan(const Table& table, const Record& record, const std::vector<Pinned>& ways, const sql::TextRules& keys,
          std::optional<std::int64_t> after, F&& fn) {
    const bool each_pinned = std::all_of(ways.begin(), ways.end(), [](const Pinned& p) { return !p.empty(); });
    if (ways.size() == 1 || !each_pinned) {
        scan_keyed(table, record, each_pinned ? ways.front() : Pinned{}, keys, after,
                   [&](const KeyedRow& row) { fn(row.second); });
        return;
    }
    std::map<std::string_view, const Row*> found;
    for (const auto& way : ways)
        scan_keyed(table, record, way, keys, after,
                   [&](const KeyedRow& row) { found.emplace(row.first, &row.second); });
    for (const auto& [key, row] : found) fn(*row);
}

/// `ways` with only the pins `keep` keeps.
template <class Keep>
std::vector<Pinned> kept(std::vector<Pinned> ways, Keep&& keep) {
    for (auto& way : ways) std::erase_if(way, [&](const auto& p) { return !keep(p); });
    return ways;
}

/// Whether a view field holds every text its base field can (converting, which counts UTF-16 units, never truncates
/// it): then a value the view is asked for is the base record's, and the base's key or index finds it. A varchar(n)
/// base counts characters, each up to two units.
bool keeps(const Field* view, const Field* base) {
    if (!view || !base || !view->type.is_text() || !base->type.is_text()) return false;
    const auto view_max = view->type.max_length();
    const auto base_max = base->type.max_length();
    return !view_max || (base_max && *base_max * (base->type.is_unicode_text() ? 1 : 2) <= *view_max);
}

/// The base table a view derives its rows from, or nullptr for a base resource.
const char* base_of(const std::string& view) {
    if (view == "MCPClienti" || view == "MCPFornitori") return "CliFor";
    if (view == "MCPArticoli") return "Articoli";
    if (view == "MCPDocumentiT" || view == "MCPDocumentiR") return "StoricoDocumentiT";
    return nullptr;
}

}  // namespace

RowSource::RowSource(const Catalogue& catalogue, const Variation& variation)
    : catalogue_(catalogue), variation_(variation) {}

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

void RowSource::for_each_row(const TenantData& data, const Record& resource, const User& user, const RowSink& emit,
                             const Selection* selection, std::optional<std::int64_t> changed_after) const {
    const std::string& name = resource.name;
    const sql::TextRules keys = variation_.key_rules();
    const Reading reading = variation_.engine().reading();
    if (base_of(name))
        return view_rows(variation_.policy().data_behind_view(data, user.customer_ID, name), user.customer_ID, resource,
                         emit, selection, changed_after);
    const auto emit_selected = [&](const json& record, std::int64_t changed, RowText& text) {
        const StoredRow row(record);
        if (selects(selection, row, reading)) emit(row, changed, text);
    };
    if (name == "StoricoDocumentiR") {
        // A line's key_documento is its header's (the stub refuses a line that says otherwise): the header's key finds
        // it.
        const auto header_key =
            kept(alternatives(selection, keys), [](const auto& p) { return p.first == "key_documento"; });
        if (const Table* t = data.table("StoricoDocumentiT"))
            scan(*t, *catalogue_.find("StoricoDocumentiT"), header_key, keys, changed_after, [&](const Row& doc) {
                if (doc.record.value("flg_isdeleted", false) == true && !variation_.lines_of_deleted_listed()) return;
                for (const auto& line : lines_of(doc.record)) {
                    RowText text;
                    emit_selected(line, doc.changed, text);
                }
            });
    } else if (name == "MCPResources") {
        int id = 0;
        for (const Record* r : catalogue_.resources()) {
            ++id;
            if (!variation_.policy().registry_lists(user, *r) || !variation_.resource_listed(*r)) continue;
            RowText text;
            emit_selected({{"customer_ID", user.customer_ID},
                           {"Resource_ID", id},
                           {"ResourceName", r->name},
                           {"Description", r->meaning},
                           {"Endpoint", "/api/resources/" + r->name},
                           {"ts_update", "AAAAAAAAAAE="},
                           {"flg_isdeleted", false},
                           {"dat_ultvar", "2000-01-01T00:00:00.0000000"},
                           {"Id", id}},
                          sql::ticks_from_civil({2000, 1, 1}), text);
        }
    } else if (const Table* t = data.table(name)) {
        scan(*t, resource, alternatives(selection, keys), keys, changed_after,
             [&](const Row& row) { emit_selected(row.record, row.changed, row.text); });
    }
}

void RowSource::view_rows(const TenantData& data, int tenant, const Record& view, const RowSink& emit,
                          const Selection* selection, std::optional<std::int64_t> changed_after) const {
    const sql::TextRules keys = variation_.key_rules();
    const Reading reading = variation_.engine().reading();
    const Table* table = data.table(base_of(view.name));
    if (!table) return;
    const Record& base = *catalogue_.find(base_of(view.name));
    const Joins joins(catalogue_, data, keys, variation_.policy(), tenant);
    const ViewContext cx(catalogue_, variation_, joins);
    const auto emit_selected = [&](const RowRef& row, std::int64_t changed) {
        RowText text;  // a derived row's text lives for this read only
        if (selects(selection, row, reading)) emit(row, changed, text);
    };
    // A text the selection pins on a field the view takes whole from its base record finds the base rows by key or
    // index.
    const Record& headers = cx.headers;
    const auto pins = kept(alternatives(selection, keys), [&](const auto& p) {
        return from_base(view.name, p.first) && keeps(view.field(p.first), base.field(p.first)) &&
               (view.name != "MCPDocumentiR" || keeps(headers.field(p.first), base.field(p.first)));
    });
    if (view.name == "MCPClienti" || view.name == "MCPFornitori" || view.name == "MCPArticoli") {
        scan(*table, base, pins, keys, changed_after, [&](const Row& row) {
            if (variation_.policy().in_view(view.name, row.record))
                emit_selected(RecordRow(view, cx, row.record), row.changed);
        });
        return;
    }
    if (view.name == "MCPDocumentiT") {
        scan(*table, base, pins, keys, changed_after, [&](const Row& doc) {
            if (DocumentRow::listed(doc.record)) emit_selected(DocumentRow(cx, doc.record), doc.changed);
        });
        return;
    }
    // MCPDocumentiR: the selection's terms on fields a line takes from its header are judged once per document.
    std::vector<Selection> per_document, per_line;
    if (selection)
        for (Selection& term : selection->conjuncts()) {
            const auto columns = term.columns();
            (std::all_of(columns.begin(), columns.end(), LineRow::from_header) ? per_document : per_line)
                .push_back(std::move(term));
        }
    scan(*table, base, pins, keys, changed_after, [&](const Row& doc) {
        if (!DocumentRow::listed(doc.record)) return;
        const DocumentRow header(cx, doc.record);
        const json& lines = header.lines();
        if (lines.empty() || !all_select(per_document, LineRow(header, lines[0], 0), reading)) return;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const LineRow line(header, lines[i], i);
            RowText text;
            if (all_select(per_line, line, reading)) emit(line, doc.changed, text);
        }
    });
}

}  // namespace bds::stub
