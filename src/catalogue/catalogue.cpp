#include "catalogue/catalogue.hpp"

#include <openssl/sha.h>

#include <algorithm>
#include <array>
#include <set>
#include <stdexcept>
#include <utility>

namespace bds {
namespace {

[[noreturn]] void fail(const std::string& where, const std::string& what) {
    throw std::runtime_error("catalogue: " + where + ": " + what);
}

template <class T>
T get(const nlohmann::json& obj, const char* key, const std::string& where) {
    if (!obj.contains(key)) fail(where, std::string("missing \"") + key + "\"");
    try {
        return obj.at(key).get<T>();
    } catch (const nlohmann::json::exception& e) {
        fail(where, std::string("\"") + key + "\" has the wrong JSON type (" + e.what() + ")");
    }
}

template <class T>
T get_or(const nlohmann::json& obj, const char* key, T fallback, const std::string& where) {
    return obj.contains(key) ? get<T>(obj, key, where) : fallback;
}

Field read_field(const nlohmann::json& j, const std::string& record) {
    const std::string where = record + "." + j.value("name", std::string("?"));
    Field f;
    f.name = get<std::string>(j, "name", where);
    try {
        f.type = SqlType::parse(get<std::string>(j, "type", where));
    } catch (const std::invalid_argument& e) {
        fail(where, e.what());
    }
    f.nullable = get<bool>(j, "nullable", where);
    f.key = get<bool>(j, "key", where);
    f.required = get<bool>(j, "required", where);
    f.managed = get<bool>(j, "managed", where);
    f.tenant = get_or<bool>(j, "tenant", false, where);
    f.meaning = get_or<std::string>(j, "meaning", "", where);
    f.list_of = get_or<std::string>(j, "list_of", "", where);
    if (j.contains("values"))
        for (const auto& v : j.at("values"))
            f.values.push_back({get<std::string>(v, "value", where), get_or<std::string>(v, "meaning", "", where)});
    if ((f.type.kind == SqlKind::List) != !f.list_of.empty())
        fail(where, "a field has list_of exactly when its type is list");
    return f;
}

Record read_record(const nlohmann::json& j) {
    const std::string where = j.value("name", std::string("record ?"));
    Record r;
    r.name = get<std::string>(j, "name", where);
    const auto kind = get<std::string>(j, "kind", where);
    if (kind != "resource" && kind != "nested")
        fail(where, "kind must be \"resource\" or \"nested\", got \"" + kind + "\"");
    r.nested_only = kind == "nested";
    r.area = get<std::string>(j, "area", where);
    r.meaning = get<std::string>(j, "meaning", where);
    r.seed = get<std::string>(j, "seed", where);
    if (j.contains("stated_field_count") && !j.at("stated_field_count").is_null())
        r.stated_field_count = get<int>(j, "stated_field_count", where);
    r.open = get<bool>(j, "open", where);
    r.read_only = get<bool>(j, "read_only", where);
    r.key = get<std::vector<std::string>>(j, "key", where);
    for (const auto& op : get<std::vector<std::string>>(j, "operations", where)) {
        auto parsed = operation_from_string(op);
        if (!parsed) fail(where, "unknown operation \"" + op + "\"");
        r.operations.push_back(*parsed);
    }
    for (const auto& f : j.at("fields")) r.fields.push_back(read_field(f, r.name));
    r.index_fields();
    r.notes = get_or<std::vector<std::string>>(j, "notes", {}, where);
    return r;
}

void cross_check(const Catalogue& cat) {
    std::set<std::string> names;
    for (const auto& r : cat.records()) {
        if (!names.insert(r.name).second) fail(r.name, "record defined twice");
        std::set<std::string> fields;
        for (const auto& f : r.fields) {
            if (!fields.insert(f.name).second) fail(r.name + "." + f.name, "field defined twice");
            if (!f.list_of.empty() && !cat.find(f.list_of))
                fail(r.name + "." + f.name, "list of unknown record \"" + f.list_of + "\"");
            if (f.managed && f.required)
                fail(r.name + "." + f.name, "a platform-managed field cannot be required from senders");
        }
        for (const auto& k : r.key) {
            const Field* f = r.field(k);
            if (!f || !f->key) fail(r.name, "key \"" + k + "\" is not a field marked key");
        }
        const auto marked = std::count_if(r.fields.begin(), r.fields.end(), [](const Field& f) { return f.key; });
        if (static_cast<std::size_t>(marked) != r.key.size())
            fail(r.name, "fields marked key differ from the key list");
        if (r.read_only && r.writable()) fail(r.name, "a read-only record lists POST sync");
        if (r.nested_only && !r.operations.empty()) fail(r.name, "a nested-only record lists operations");
    }
    for (const auto& rel : cat.relations()) {
        for (auto [rec, fields] :
             {std::pair{&rel.from_record, &rel.from_fields}, std::pair{&rel.to_record, &rel.to_fields}}) {
            const Record* r = cat.find(*rec);
            if (!r) fail("relation " + rel.from_record + " -> " + rel.to_record, "unknown record \"" + *rec + "\"");
            for (const auto& f : *fields)
                if (!r->field(f) && !r->open)
                    fail("relation " + rel.from_record + " -> " + rel.to_record, "unknown field " + *rec + "." + f);
        }
    }
}

}  // namespace

const Field* Record::field(std::string_view field_name) const {
    // Records of 191 fields are asked for each field of each record sent, and views for every field a read needs:
    // a binary search while the index covers `fields`, which then also answers "absent"; a record built or changed
    // without index_fields() is scanned.
    if (field_index.size() == fields.size()) {
        const auto it = std::lower_bound(field_index.begin(), field_index.end(), field_name,
                                         [](const auto& entry, std::string_view name) { return entry.first < name; });
        if (it == field_index.end() || it->first != field_name) return nullptr;
        if (it->second < fields.size() && fields[it->second].name == field_name) return &fields[it->second];
    }
    for (const auto& f : fields)
        if (f.name == field_name) return &f;
    return nullptr;
}

void Record::index_fields() {
    field_index.clear();
    for (std::size_t i = 0; i < fields.size(); ++i) field_index.emplace_back(fields[i].name, i);
    std::sort(field_index.begin(), field_index.end());
}

bool Record::has(Operation op) const { return std::find(operations.begin(), operations.end(), op) != operations.end(); }

Catalogue Catalogue::from_json(const nlohmann::json& doc) {
    Catalogue cat;
    cat.service_ = doc.at("service");
    for (const auto& r : doc.at("records")) cat.records_.push_back(read_record(r));
    for (const auto& e : doc.at("endpoints")) {
        const std::string where = "endpoint " + e.value("path", std::string("?"));
        cat.endpoints_.push_back({get<std::string>(e, "method", where), get<std::string>(e, "path", where),
                                  get<std::string>(e, "operation", where), get<bool>(e, "bearer", where),
                                  get<std::string>(e, "purpose", where), get<std::string>(e, "seed", where)});
    }
    for (const auto& r : doc.at("relations")) {
        const std::string where = "relation";
        cat.relations_.push_back({get<std::string>(r.at("from"), "record", where),
                                  get<std::vector<std::string>>(r.at("from"), "fields", where),
                                  get<std::string>(r.at("to"), "record", where),
                                  get<std::vector<std::string>>(r.at("to"), "fields", where),
                                  get<std::string>(r, "kind", where), get<std::string>(r, "seed", where),
                                  get<std::string>(r, "text", where)});
    }
    cross_check(cat);
    return cat;
}

const Record* Catalogue::find(std::string_view name) const {
    for (const auto& r : records_)
        if (r.name == name) return &r;
    return nullptr;
}

std::vector<const Record*> Catalogue::resources() const {
    std::vector<const Record*> out;
    for (const auto& r : records_)
        if (!r.nested_only) out.push_back(&r);
    return out;
}

Catalogue builtin_catalogue() { return Catalogue::from_json(nlohmann::json::parse(builtin_catalogue_text())); }

std::string builtin_catalogue_sha256() {
    const std::string_view text = builtin_catalogue_text();
    unsigned char digest[SHA256_DIGEST_LENGTH];
    SHA256(reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest);
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    for (unsigned char b : digest) {
        out += hex[b >> 4];
        out += hex[b & 15];
    }
    return out;
}

}  // namespace bds
