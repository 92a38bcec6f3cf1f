#include "oracle/store_model.hpp"

#include <stdexcept>

#include "oracle/compare.hpp"

namespace bds::oracle {

using json = nlohmann::json;

StoreModel::StoreModel(const Catalogue& catalogue, Collation collation)
    : catalogue_(catalogue), collation_(collation) {}

const Record& StoreModel::resource_record(const std::string& resource) const {
    const Record* r = catalogue_.find(resource);
    if (!r) throw std::invalid_argument("StoreModel: expected a resource of the catalogue, got \"" + resource + "\"");
    return *r;
}

void StoreModel::check(const Record& resource, const json& record, const std::string& where) const {
    if (!record.is_object())
        throw std::invalid_argument("StoreModel: " + where + ": expected a record (JSON object), got a " +
                                    std::string(record.type_name()));
    for (const auto& name : resource.key) {
        const Field* f = resource.field(name);
        if (f && f->tenant) continue;
        const auto it = record.find(name);
        if (it == record.end() || it->is_null())
            throw std::invalid_argument("StoreModel: " + where + ": key field " + name + " is " +
                                        (it == record.end() ? "missing" : "null") + " in " +
                                        record.dump(-1, ' ', false, json::error_handler_t::replace));
    }
}

void StoreModel::upsert(const std::string& resource, const json& record) {
    const Record& r = resource_record(resource);
    check(r, record, resource);
    const json flag = record.value("flg_isdeleted", json());
    tables_[resource][index_key(r, record, collation_)] =
        ModelRecord{record, flag.is_boolean() && flag.get<bool>(), ++writes_};
}

void StoreModel::upsert_block(const std::string& resource, const json& block) {
    const Record& r = resource_record(resource);
    if (!block.is_array())
        throw std::invalid_argument("StoreModel: " + resource + ": expected a block (JSON array), got a " +
                                    std::string(block.type_name()));
    for (std::size_t i = 0; i < block.size(); ++i) check(r, block[i], resource + " block record " + std::to_string(i));
    for (const auto& record : block) upsert(resource, record);
}

std::vector<ModelRecord> StoreModel::records(const std::string& resource) const {
    std::vector<ModelRecord> out;
    if (const auto t = tables_.find(resource); t != tables_.end())
        for (const auto& [key, rec] : t->second) out.push_back(rec);
    return out;
}

std::vector<json> StoreModel::live(const std::string& resource) const {
    std::vector<json> out;
    for (auto& rec : records(resource))
        if (!rec.deleted) out.push_back(std::move(rec.record));
    return out;
}

const ModelRecord* StoreModel::find(const std::string& resource, const json& key_values) const {
    const Record& r = resource_record(resource);
    const auto t = tables_.find(resource);
    if (t == tables_.end()) return nullptr;
    const auto it = t->second.find(index_key(r, key_values, collation_));
    return it == t->second.end() ? nullptr : &it->second;
}

std::size_t StoreModel::count(const std::string& resource) const {
    const auto t = tables_.find(resource);
    return t == tables_.end() ? 0 : t->second.size();
}

std::size_t StoreModel::live_count(const std::string& resource) const {
    std::size_t n = 0;
    if (const auto t = tables_.find(resource); t != tables_.end())
        for (const auto& [key, rec] : t->second) n += rec.deleted ? 0 : 1;
    return n;
}

std::vector<std::string> StoreModel::resources() const {
    std::vector<std::string> out;
    for (const auto& [name, table] : tables_)
        if (!table.empty()) out.push_back(name);
    return out;
}

std::vector<ModelRecord> StoreModel::changed_since(const std::string& resource, Mark mark) const {
    std::vector<ModelRecord> out;
    for (auto& rec : records(resource))
        if (rec.written > mark.after) out.push_back(std::move(rec));
    return out;
}

}  // namespace bds::oracle
