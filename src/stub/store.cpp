#include "stub/store.hpp"

#include <algorithm>
#include <optional>

#include "sql/datetime.hpp"
#include "sql/text.hpp"
#include "stub/base64.hpp"
#include "stub/variation/variation.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

/// The platform's fields of `rec` (Id, ts_update, dat_ultvar), taken out: what a policy kept of those the record was
/// sent with (Policy::before_store); the reference keeps none (000 §1: maintained by the platform).
json take_platform_fields(json& rec) {
    json sent = json::object();
    for (const char* name : {"Id", "ts_update", "dat_ultvar"})
        if (const auto it = rec.find(name); it != rec.end()) {
            sent[name] = std::move(*it);
            rec.erase(it);
        }
    return sent;
}

std::string rowversion_text(std::uint64_t v) {
    // 8 bytes big-endian, base64: how .NET serialises a rowversion's byte[] (spec/assumptions.md A-15).
    std::string bytes(8, '\0');
    for (int i = 0; i < 8; ++i) bytes[i] = static_cast<char>(v >> (56 - 8 * i));
    return to_base64(bytes);
}

}  // namespace

const Table* TenantData::table(std::string_view resource) const {
    const auto it = tables.find(resource);
    return it == tables.end() ? nullptr : &it->second;
}

TenantData records_only(const TenantData& data) {
    TenantData copy;
    for (const auto& [name, table] : data.tables) {
        Table& t = copy.tables[name];
        t.next_id = table.next_id;
        for (const auto& [key, row] : table.rows) t.rows.emplace_hint(t.rows.end(), key, Row{row.record, row.changed});
    }
    return copy;
}

std::string text_key(const std::string& text, const sql::TextRules& keys) {
    const auto decoded = sql::utf8_to_u32(text);
    if (!decoded) return text.substr(0, text.find_last_not_of(' ') + 1);  // JSON text is valid UTF-8: not reached
    return sql::equality_key(*decoded, keys);
}

std::string canonical_key(const Record& record, const nlohmann::json& row, const sql::TextRules& keys) {
    std::string key;
    for (const auto& name : record.key) {
        const Field* f = record.field(name);
        if (f->tenant) continue;
        const auto it = row.find(name);
        if (it == row.end() || it->is_null()) {
            key += '\x01';  // NULL sorts first, as in SQL Server
        } else if (it->is_string()) {
            key += '\x02' + text_key(it->get_ref<const std::string&>(), keys);
        } else {
            key += '\x02' + it->dump();
        }
        key += '\x1f';
    }
    return key;
}

Store::Store(Clock clock, const Variation& variation) : clock_(std::move(clock)), variation_(variation) {}

std::vector<int> Store::tenants() const {
    std::shared_lock lock(mutex_);
    std::vector<int> out;
    for (const auto& [tenant, data] : tenants_) out.push_back(tenant);
    return out;
}

void Store::clear() {
    std::unique_lock lock(mutex_);
    for (auto& [tenant, data] : tenants_) data.tables.clear();
}

std::int64_t Store::now_ticks() const { return sql::ticks_from(clock_()); }

void Store::upsert(int tenant, const Record& resource, std::vector<nlohmann::json> records) {
    std::unique_lock lock(mutex_);
    const sql::TextRules keys = variation_.key_rules();
    std::vector<int> tenants;
    for (const auto& [t, data] : tenants_) tenants.push_back(t);
    for (auto& rec : records) {
        const json sent = take_platform_fields(rec);
        bool merged = false;
        if (const auto id = sent.find("Id"); id != sent.end())
            for (const int t : variation_.policy().tenants_merged_on_sent_id(tenant, tenants))
                if (const std::string* over = row_with_id(t, resource, *id)) {
                    write(t, resource, rec, sent, keys, over);
                    merged = true;
                }
        if (!merged) write(tenant, resource, std::move(rec), sent, keys, nullptr);
    }
}

const std::string* Store::row_with_id(int tenant, const Record& resource, const json& id) const {
    const auto data = tenants_.find(tenant);
    const Table* table = data == tenants_.end() ? nullptr : data->second.table(resource.name);
    if (!table || !id.is_number_integer()) return nullptr;
    for (const auto& [key, row] : table->rows)
        if (row.record.value("Id", json()) == id) return &key;
    return nullptr;
}

std::int64_t Store::new_id_of(Table& table, const Record& resource) {
    if (variation_.choices().id_numbering == Choices::IdNumbering::Shared) {
        auto [it, added] = shared_next_id_.try_emplace(resource.name, 1);
        return it->second++;
    }
    return table.next_id++;
}

void Store::write(int tenant, const Record& resource, json rec, const json& sent, const sql::TextRules& keys,
                  const std::string* over) {
    auto& table = tenants_[tenant].tables[resource.name];
    auto& last = last_change_[tenant];
    const std::int64_t changed = variation_.change_instant(now_ticks(), last);
    last = changed;
    rec["customer_ID"] = tenant;
    rec["ts_update"] = rowversion_text(++rowversion_);
    rec["dat_ultvar"] = sql::format_datetime(changed, SqlKind::Datetime2);
    StoreEdit edit{canonical_key(resource, rec, keys), false, changed, sent};
    const auto found = table.rows.find(over ? *over : edit.key);
    const Row* old = found == table.rows.end() ? nullptr : &found->second;
    bool new_id = false;
    variation_.upsert(resource, old, rec, edit, new_id);
    const auto stored = found != table.rows.end() && found->first == edit.key
                            ? found
                            : table.rows.find(edit.key);  // the policy may have moved it, or a sent Id matched
    // A row a sent Id matched takes the record's key and values, and keeps its Id (Policy::tenants_merged_on_sent_id).
    std::optional<std::int64_t> matched_id;
    if (over && found != table.rows.end() && found != stored) {
        matched_id = found->second.record.at("Id").get<std::int64_t>();
        table.indexes.remove(*found, keys);
        table.changes.remove(*found);
        table.rows.erase(found);
    }
    if (stored != table.rows.end()) {
        table.indexes.remove(*stored, keys);
        table.changes.remove(*stored);
    }
    if (edit.remove) {
        if (stored != table.rows.end()) table.rows.erase(stored);
        return;
    }
    for (auto it = rec.begin(); it != rec.end();) it = it->is_null() ? rec.erase(it) : std::next(it);  // stored sparse
    auto [it, inserted] = table.rows.try_emplace(edit.key);
    rec["Id"] = matched_id           ? *matched_id
                : inserted || new_id ? new_id_of(table, resource)
                                     : it->second.record.at("Id").get<std::int64_t>();
    it->second = Row{std::move(rec), edit.changed};
    table.indexes.add(*it, keys);
    table.changes.add(*it);
}

}  // namespace bds::stub
