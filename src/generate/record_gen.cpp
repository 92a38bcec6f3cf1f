#include "generate/record_gen.hpp"

#include "generate/rapidcheck_adapter.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/text.hpp"
#include "oracle/compare.hpp"
#include "sql/text.hpp"
#include "catalogue/sql_type.hpp"
#include "schema/record_schema.hpp"

namespace bds::gen {
namespace {

using nlohmann::json;

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

using Maybe = std::optional<json>;

/// A property: absent (when `optional`, one time in four), null (when `nullable`, one time in eight of the rest) or a
/// value, decided by one draw. Shrinks to absent, then to null, then as the value shrinks.
rc::Gen<Maybe> property_gen(rc::Gen<json> value, bool optional, bool nullable) {
    return rc::Gen<Maybe>([value = std::move(value), optional, nullable](const rc::Random& random, int size) {
        rc::Random draws = random;
        const rc::Random for_value = draws.split();  // before next(): RapidCheck splits only an unused Random
        const auto x = draws.next() % 32;
        std::vector<rc::Shrinkable<Maybe>> simpler;
        const auto seq = [](std::vector<rc::Shrinkable<Maybe>> s) { return rc::seq::fromContainer(std::move(s)); };
        if (optional) {
            if (x < 8) return rc::shrinkable::just(Maybe());
            simpler.push_back(rc::shrinkable::just(Maybe()));
        }
        if (nullable) {
            if (x < 11) return rc::shrinkable::just<Maybe>(Maybe(json()), seq(simpler));
            simpler.push_back(rc::shrinkable::just(Maybe(json())));
        }
        auto drawn = rc::shrinkable::map(value(for_value, size), [](json v) { return Maybe(std::move(v)); });
        if (simpler.empty()) return drawn;
        return rc::shrinkable::mapShrinks(std::move(drawn),
                                          [simpler = seq(simpler)](rc::Seq<rc::Shrinkable<Maybe>> shrinks) {
                                              return rc::seq::concat(simpler, std::move(shrinks));
                                          });
    });
}

/// RecordGenOptions::key_numbers: the keys of a record that took number `n`.
struct NumberedKeys {
    struct Key {
        std::string name;
        std::optional<int> most;  ///< the field's length, where bounded
        json values;              ///< the stated values of an enumerated key, or null
    };
    std::vector<Key> keys;
    std::string prefix;

    void apply(json& record, std::uint64_t n) const {
        for (const auto& k : keys) {
            if (!record.contains(k.name) || !record[k.name].is_string()) continue;
            if (k.values.is_array() && !k.values.empty()) {
                record[k.name] = k.values[n % k.values.size()];
            } else if (record[k.name].get<std::string>().starts_with(prefix)) {
                std::string numbered = prefix + base36(n, 1);
                if (k.most && *k.most > 0) numbered = sql::truncate_utf16(numbered, static_cast<std::size_t>(*k.most));
                record[k.name] = std::move(numbered);
            }
        }
    }
};

NumberedKeys numbered_keys(const json& schema, const std::string& prefix) {
    NumberedKeys out{{}, prefix};
    for (const auto& [name, property] : schema["properties"].items()) {
        if (!listed(schema, "x-bds-key", name) || !property.contains("x-sql-type")) continue;
        out.keys.push_back({name, SqlType::parse(property["x-sql-type"].get<std::string>()).max_length(),
                            property.contains("enum") ? without_null(property)["enum"] : json()});
    }
    return out;
}

}  // namespace

rc::Gen<json> record_gen(const json& schema, const RecordGenOptions& options) {
    if (!schema.is_object() || !schema.contains("properties") || !schema["properties"].is_object())
        throw std::invalid_argument("record_gen: object schema without `properties`");
    std::vector<std::string> names;
    std::vector<rc::Gen<Maybe>> properties;
    for (const auto& [name, property] : schema["properties"].items()) {
        if (name == options.tenant_field && !options.tenant_id) continue;
        names.push_back(name);
        if (name == options.tenant_field)
            properties.push_back(rc::gen::just(Maybe(*options.tenant_id)));
        else if (name == "flg_isdeleted" && options.active_only)
            properties.push_back(rc::gen::just(Maybe(false)));
        else if (listed(schema, "x-bds-key", name))
            // Keys identify the record: always present, never null, with the run prefix where it fits.
            properties.push_back(
                property_gen(value_gen(without_null(property), options, options.run_prefix), false, false));
        else
            // Absence is what shrinking goes to first, so shrunk records keep few fields.
            properties.push_back(property_gen(value_gen(without_null(property), options),
                                              !listed(schema, "required", name), admits_null(property)));
    }
    // One Random split per property, and the record shrinks one property at a time (RapidCheck's exec would replay
    // every later draw after each shrink, for properties that do not depend on each other).
    using Parts = std::vector<rc::Shrinkable<Maybe>>;
    auto drawn = rc::Gen<json>([names, properties](const rc::Random& random, int size) {
        rc::Random draws = random;
        Parts parts;
        parts.reserve(properties.size());
        for (const auto& p : properties) parts.push_back(p(draws.split(), size));
        auto whole = rc::shrinkable::shrinkRecur(std::move(parts), [](const Parts& ps) {
            return rc::shrink::eachElement(ps, [](const rc::Shrinkable<Maybe>& p) { return p.shrinks(); });
        });
        return rc::shrinkable::map(std::move(whole), [names](const Parts& ps) {
            json record = json::object();
            for (std::size_t i = 0; i < ps.size(); ++i)
                if (auto v = ps[i].value()) record[names[i]] = std::move(*v);
            return record;
        });
    });
    auto keys = numbered_keys(schema, options.run_prefix);
    if (!options.key_numbers || options.run_prefix.empty() || keys.keys.empty()) return drawn;
    // The number is taken once, as the record is drawn: its shrinks keep its keys.
    return rc::Gen<json>([drawn, numbers = options.key_numbers, keys = std::move(keys),
                          type = schema.value("title", std::string())](const rc::Random& random, int size) {
        const std::uint64_t n = numbers->next(type);
        return rc::shrinkable::map(drawn(random, size), [keys, n](json record) {
            keys.apply(record, n);
            return record;
        });
    });
}

rc::Gen<json> sent_record_gen(const Catalogue& cat, const Record& record, const RecordGenOptions& options) {
    // record_schema gives an ordered_json; the generators read a plain json.
    const json schema = json::parse(record_schema(cat, record, Dialect::JsonSchema07, Direction::Sent).dump());
    return record_gen(schema, options);
}

std::vector<nlohmann::json> distinct_records(const Catalogue& cat, const Record& record, int n, std::uint64_t seed,
                                             const RecordGenOptions& options, const nlohmann::json& fixed) {
    const GenerationLock generating;
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
