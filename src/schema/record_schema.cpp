#include "schema/record_schema.hpp"

#include <cstdint>
#include <limits>

namespace bds {
namespace {

using ojson = nlohmann::ordered_json;

bool included(const Field& f, Direction direction) { return direction == Direction::Returned || !f.managed; }

std::string describe(const Field& f) {
    std::string text = f.meaning;
    for (std::size_t i = 0; i < f.values.size(); ++i)
        text += (i == 0 ? ". " : "; ") + f.values[i].value + " = " + f.values[i].meaning;
    return text;
}

/// Sets the JSON type, nullable in the dialect's way.
void set_type(ojson& s, const ojson& type, bool nullable, Dialect dialect) {
    if (!nullable) {
        s["type"] = type;
    } else if (dialect == Dialect::OpenApi30) {
        s["type"] = type;
        s["nullable"] = true;
    } else {
        s["type"] = ojson::array({type, "null"});
    }
}

/// One of several JSON types: `anyOf` in OpenAPI 3.0 (no type arrays there), a type array with the
/// alternatives' other keywords (each applies to its own type only) in JSON Schema. OpenAPI 3.0.3's `nullable`
/// counts only beside a `type` in the same object, so each alternative carries it; `anyOf`, as null then matches
/// every alternative, where `oneOf` would refuse it.
void either_type(ojson& s, const ojson& alternatives, bool nullable, Dialect dialect) {
    if (dialect == Dialect::OpenApi30) {
        s["anyOf"] = alternatives;
        if (nullable)
            for (auto& a : s["anyOf"]) a["nullable"] = true;
        return;
    }
    ojson types = ojson::array();
    for (const auto& a : alternatives) types.push_back(a.at("type"));
    if (nullable) types.push_back("null");
    s["type"] = types;
    for (const auto& a : alternatives)
        for (const auto& [k, v] : a.items())
            if (k != "type") s[k] = v;
}

ojson enum_values(const Field& f) {
    ojson values = ojson::array();
    for (const auto& v : f.values) {
        if (f.type.kind == SqlKind::Int)
            values.push_back(std::stoll(v.value));
        else
            values.push_back(v.value);
    }
    return values;
}

/// The field's listed values, and null when it may be null. JSON Schema: one `enum` with null in it. OpenAPI 3.0.3:
/// `nullable` beside an `enum` is read two ways (the 3.0.3 text: the enum must list null; converters such as Prism's
/// add null again, and Ajv then refuses the duplicate), so the values and null are two `anyOf` branches with no
/// `type` and no `nullable`, which every reader takes alike (docs/openapi.md).
void set_enum(ojson& s, const Field& f, bool nullable, Dialect dialect) {
    ojson values = enum_values(f);
    if (!nullable) {
        s["enum"] = values;
    } else if (dialect == Dialect::OpenApi30) {
        s["anyOf"] = ojson::array({{{"enum", values}}, {{"enum", ojson::array({nullptr})}}});
    } else {
        values.push_back(nullptr);
        s["enum"] = values;
    }
}

}  // namespace

std::string component_name(const Record& record, Direction direction) {
    return direction == Direction::Sent ? record.name + "_sent" : record.name;
}

ojson field_schema(const Catalogue& cat, const Field& f, Dialect dialect, Direction direction) {
    ojson s = ojson::object();
    const bool nullable = f.nullable;
    switch (f.type.kind) {
        case SqlKind::Int:
            set_type(s, "integer", nullable, dialect);
            if (dialect == Dialect::OpenApi30) s["format"] = "int32";
            s["minimum"] = std::numeric_limits<std::int32_t>::min();
            s["maximum"] = std::numeric_limits<std::int32_t>::max();
            break;
        case SqlKind::Decimal:
            if (direction == Direction::Sent) {
                set_type(s, "number", nullable, dialect);
                break;
            }
            // How a target writes a decimal is not shown: a number, or a string of one.
            either_type(s, {{{"type", "number"}}, {{"type", "string"}, {"pattern", kDecimalPattern}}}, nullable,
                        dialect);
            break;
        case SqlKind::Float: set_type(s, "number", nullable, dialect); break;
        case SqlKind::Bit: set_type(s, "boolean", nullable, dialect); break;
        case SqlKind::Datetime:
        case SqlKind::Datetime2:
            set_type(s, "string", nullable, dialect);
            // What a sender sends; how a target writes date-times is not shown: any text.
            if (direction == Direction::Sent) s["pattern"] = kDateTimePattern;
            break;
        case SqlKind::Timestamp:
            // A rowversion: its JSON form (string or integer) is the target's choice (spec/assumptions.md).
            either_type(s, {{{"type", "string"}}, {{"type", "integer"}}}, nullable, dialect);
            break;
        case SqlKind::NChar:
        case SqlKind::NVarChar:
        case SqlKind::Char:
        case SqlKind::VarChar:
            set_type(s, "string", nullable, dialect);
            if (auto n = f.type.max_length()) s["maxLength"] = *n;
            break;
        case SqlKind::List: {
            set_type(s, "array", nullable, dialect);
            const Record* item = cat.find(f.list_of);
            s["items"] = dialect == Dialect::OpenApi30
                             ? ojson{{"$ref", "#/components/schemas/" + component_name(*item, direction)}}
                             : record_schema(cat, *item, dialect, direction);
            break;
        }
    }
    if (!f.values.empty()) set_enum(s, f, nullable, dialect);
    s["x-sql-type"] = f.type.str();
    if (const auto text = describe(f); !text.empty()) s["description"] = text;
    return s;
}

ojson record_schema(const Catalogue& cat, const Record& record, Dialect dialect, Direction direction) {
    ojson s = ojson::object();
    s["title"] = record.name + (direction == Direction::Sent ? " (sent record)" : " (returned record)");
    s["description"] =
        record.meaning + " (" + record.seed + ")" +
        (record.open ? ". Its fields are not all shown by the seeds: the known ones are listed, others are allowed."
                     : "");
    s["type"] = "object";
    s["x-bds-record"] = record.name;
    if (!record.key.empty()) s["x-bds-key"] = record.key;
    ojson props = ojson::object();
    ojson required = ojson::array();
    for (const auto& f : record.fields) {
        if (!included(f, direction)) continue;
        props[f.name] = field_schema(cat, f, dialect, direction);
        // Open records: nothing of their shape is shown, so nothing is required of them.
        if (record.open) continue;
        const bool must = direction == Direction::Sent ? f.required : !f.nullable;
        if (must) required.push_back(f.name);
    }
    s["properties"] = props;
    if (!required.empty()) s["required"] = required;
    s["additionalProperties"] = record.open;
    return s;
}

}  // namespace bds
