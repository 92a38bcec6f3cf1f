#include "generate/record_gen.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "schema/record_schema.hpp"

namespace bds::gen {
namespace {

using nlohmann::json;

/// One property of the record being generated.
struct PropertyGen {
    std::string name;
    bool required = false;
    rc::Gen<json> value;
};

bool listed(const json& schema, const char* keyword, const std::string& name) {
    if (!schema.contains(keyword) || !schema[keyword].is_array()) return false;
    const json& names = schema[keyword];
    return std::find(names.begin(), names.end(), json(name)) != names.end();
}

}  // namespace

rc::Gen<json> record_gen(const json& schema, const RecordGenOptions& options) {
    if (!schema.is_object() || !schema.contains("properties") || !schema["properties"].is_object())
        throw std::invalid_argument("record_gen: object schema without `properties`");
    std::vector<PropertyGen> properties;
    for (const auto& [name, property] : schema["properties"].items()) {
        if (name == options.tenant_field) {
            if (options.tenant_id) properties.push_back({name, true, rc::gen::just(json(*options.tenant_id))});
            continue;
        }
        const bool key = listed(schema, "x-bds-key", name);
        properties.push_back({name, listed(schema, "required", name), value_gen(property, options, key ? options.run_prefix : "")});
    }
    // Absent first, so that shrinking drops optional properties.
    auto present = rc::gen::map(rc::gen::inRange(0, 4), [](int x) { return x != 0; });
    return rc::gen::exec([properties, present] {
        json record = json::object();
        for (const auto& p : properties) {
            if (p.required || *present) record[p.name] = *p.value;
        }
        return record;
    });
}

rc::Gen<json> sent_record_gen(const Catalogue& cat, const Record& record, const RecordGenOptions& options) {
    // record_schema gives an ordered_json; the generators read a plain json.
    const json schema = json::parse(record_schema(cat, record, Dialect::JsonSchema07, Direction::Sent).dump());
    return record_gen(schema, options);
}

}  // namespace bds::gen
