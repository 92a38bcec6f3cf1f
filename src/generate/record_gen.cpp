#include "generate/record_gen.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "oracle/compare.hpp"
#include "schema/record_schema.hpp"

namespace bds::gen {
namespace {

using nlohmann::json;

/// One property of the record being generated: its value, or nullopt for "absent".
struct PropertyGen {
    std::string name;
    rc::Gen<std::optional<json>> value;
};

bool listed(const json& schema, const char* keyword, const std::string& name) {
    if (!schema.contains(keyword) || !schema[keyword].is_array()) return false;
    const json& names = schema[keyword];
    return std::find(names.begin(), names.end(), json(name)) != names.end();
}

/// A property schema without null: drops "null" from a type array and null from `enum`.
json without_null(json property) {
    if (property.contains("type") && property["type"].is_array()) {
        json types = json::array();
        for (const auto& t : property["type"])
            if (t != "null") types.push_back(t);
        property["type"] = types.size() == 1 ? types[0] : types;
    }
    if (property.contains("enum") && property["enum"].is_array()) {
        json values = json::array();
        for (const auto& v : property["enum"])
            if (!v.is_null()) values.push_back(v);
        property["enum"] = values;
    }
    return property;
}

}  // namespace

rc::Gen<json> record_gen(const json& schema, const RecordGenOptions& options) {
    if (!schema.is_object() || !schema.contains("properties") || !schema["properties"].is_object())
        throw std::invalid_argument("record_gen: object schema without `properties`");
    std::vector<PropertyGen> properties;
    auto always = [](rc::Gen<json> g) { return rc::gen::map(std::move(g), [](json v) { return std::optional<json>(std::move(v)); }); };
    for (const auto& [name, property] : schema["properties"].items()) {
        if (name == options.tenant_field) {
            if (options.tenant_id) properties.push_back({name, always(rc::gen::just(json(*options.tenant_id)))});
            continue;
        }
        if (name == "flg_isdeleted" && options.active_only) {
            properties.push_back({name, always(rc::gen::just(json(false)))});
            continue;
        }
        if (listed(schema, "x-bds-key", name)) {
            // Keys identify the record: always present, never null, with the run prefix where it fits.
            properties.push_back({name, always(value_gen(without_null(property), options, options.run_prefix))});
            continue;
        }
        auto value = always(value_gen(property, options));
        if (listed(schema, "required", name)) {
            properties.push_back({name, value});
            continue;
        }
        // Absent one time in four. Absence is the alternative shrinking goes to, so shrunk records keep few fields.
        auto absent = rc::gen::just(std::optional<json>());
        properties.push_back({name, rc::gen::mapcat(rc::gen::resize(rc::kNominalSize, rc::gen::inRange(0, 4)), [absent, value](int x) {
                                  return x == 0 ? absent : value;
                              })});
    }
    // One draw per property, whatever was drawn before: RapidCheck replays the draws in order while shrinking.
    return rc::gen::exec([properties] {
        json record = json::object();
        for (const auto& p : properties) {
            if (auto v = *p.value) record[p.name] = std::move(*v);
        }
        return record;
    });
}

rc::Gen<json> sent_record_gen(const Catalogue& cat, const Record& record, const RecordGenOptions& options) {
    // record_schema gives an ordered_json; the generators read a plain json.
    const json schema = json::parse(record_schema(cat, record, Dialect::JsonSchema07, Direction::Sent).dump());
    return record_gen(schema, options);
}

std::vector<nlohmann::json> distinct_records(const Catalogue& cat, const Record& record, int n, std::uint64_t seed,
                                             const RecordGenOptions& options, const nlohmann::json& fixed) {
    const auto gen = sent_record_gen(cat, record, options);
    rc::Random random(seed);
    std::vector<nlohmann::json> out;
    std::set<std::string> keys;
    for (int attempt = 0; static_cast<int>(out.size()) < n && attempt < n * 50; ++attempt) {
        nlohmann::json r = gen(random.split(), 30).value();
        r.update(fixed);
        tie_lines(r);
        if (!keys.insert(oracle::index_key(record, r, Collation::CaseInsensitive)).second) continue;
        out.push_back(std::move(r));
    }
    if (static_cast<int>(out.size()) < n)
        throw std::runtime_error("could not generate " + std::to_string(n) + " distinct " + record.name + " keys");
    return out;
}

void tie_lines(nlohmann::json& record) {
    if (!record.is_object() || !record.contains("key_documento") || !record.contains("StoricoDocumentiR")) return;
    for (auto& line : record["StoricoDocumentiR"])
        if (line.is_object()) line["key_documento"] = record["key_documento"];
}

}  // namespace bds::gen
