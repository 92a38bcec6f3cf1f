#include "generate/invalid_gen.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include "generate/record_gen.hpp"
#include "schema/record_schema.hpp"
#include "sql/text.hpp"

namespace bds::gen {
namespace {

using nlohmann::json;

/// A top-level field of the sent schema, as the breakers need it.
struct FieldInfo {
    std::string name;
    SqlType type;
    json schema;
    bool required = false;
    bool key = false;
    bool coded = false;  // has `enum`: any other value would break `enum` as well as the intended rule
};

/// The record's sent schema and its fields, in catalogue order.
struct SentShape {
    std::vector<FieldInfo> fields;
};

bool listed_in(const json& schema, const char* keyword, const std::string& name) {
    if (!schema.contains(keyword) || !schema[keyword].is_array()) return false;
    const json& names = schema[keyword];
    return std::find(names.begin(), names.end(), json(name)) != names.end();
}

SentShape sent_shape(const Catalogue& cat, const Record& record) {
    // record_schema gives an ordered_json; the rest of the generators read a plain json.
    const json schema = json::parse(record_schema(cat, record, Dialect::JsonSchema07, Direction::Sent).dump());
    SentShape shape;
    for (const auto& f : record.fields) {
        if (!schema["properties"].contains(f.name)) continue;  // platform-managed
        const json& property = schema["properties"][f.name];
        shape.fields.push_back({f.name, f.type, property, listed_in(schema, "required", f.name),
                                listed_in(schema, "x-bds-key", f.name), property.contains("enum")});
    }
    return shape;
}

bool breaks(const FieldInfo& f, InvalidKind kind) {
    switch (kind) {
        case InvalidKind::MissingRequired: return f.required;
        case InvalidKind::StringTooLong: {
            const auto max = f.type.max_length();
            return f.type.is_text() && max && *max >= 0 && !f.coded;
        }
        case InvalidKind::WrongJsonType: return !f.coded;
        case InvalidKind::IntOutOfRange: return f.type.kind == SqlKind::Int && !f.coded;
        case InvalidKind::MalformedDatetime:
            return (f.type.kind == SqlKind::Datetime || f.type.kind == SqlKind::Datetime2) && !f.coded;
        case InvalidKind::NonArrayBlock: return false;
    }
    return false;
}

std::vector<FieldInfo> breakable(const SentShape& shape, InvalidKind kind, const RecordGenOptions& options) {
    std::vector<FieldInfo> out;
    for (const auto& f : shape.fields)
        if (f.name != options.tenant_field && breaks(f, kind)) out.push_back(f);
    return out;
}

/// An index in [0, n) whatever RapidCheck's size (rc::gen::elementOf would give only the first at size 0).
rc::Gen<std::size_t> index_below(std::size_t n) {
    return rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::size_t>(0, n));
}

std::size_t units(const std::string& utf8, const SqlType& type) {
    const auto text = sql::utf8_to_u32(utf8);
    if (!text) throw std::logic_error("invalid_record_gen: text_gen gave invalid UTF-8");
    return type.is_unicode_text() ? sql::utf16_length(*text) : text->size();
}

std::string dump(const json& v) { return v.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string named(const FieldInfo& f) { return f.name + " (" + f.type.str() + ")"; }

/// Sets `f` to a text one character over its length: too long whether a database counts characters or UTF-16 units
/// since no character takes fewer than one unit. Key fields keep the run prefix where it fits the length.
std::string make_too_long(json& record, const FieldInfo& f, const RecordGenOptions& options) {
    const int max = *f.type.max_length();
    const std::size_t want = static_cast<std::size_t>(max) + 1;
    const bool prefixed =
        f.key && !options.run_prefix.empty() && units(options.run_prefix, f.type) <= static_cast<std::size_t>(max);
    const SqlType longer{f.type.kind, max + 1};
    // text_gen reaches its maximum only now and then; fill up with letters (never a space: SQL Server ignores
    // trailing spaces when it checks a length, so a text over by a space would be accepted).
    const auto drawn = sql::utf8_to_u32(*text_gen(longer, prefixed ? options.run_prefix : ""));
    if (!drawn) throw std::logic_error("invalid_record_gen: text_gen gave invalid UTF-8");
    std::u32string text = drawn->substr(0, want);
    text.append(want - text.size(), U'x');
    record[f.name] = sql::to_utf8(text);
    return named(f) + " given " + std::to_string(want) + " characters (" +
           std::to_string(units(sql::to_utf8(text), f.type)) +
           (f.type.is_unicode_text() ? " UTF-16 units" : " characters") + "), one over";
}

/// Values of the wrong JSON type for a property schema's `type` (its first non-null type).
std::vector<json> wrong_types(const json& property) {
    std::vector<std::string> types;
    if (property["type"].is_array())
        for (const auto& t : property["type"]) types.push_back(t.get<std::string>());
    else
        types.push_back(property["type"].get<std::string>());
    const auto has = [&](const char* t) { return std::find(types.begin(), types.end(), t) != types.end(); };
    if (has("string") && has("integer")) return {json(true), json(2.5)};  // timestamp: string or integer
    if (has("string")) return {json(12345), json(true)};
    if (has("integer")) return {json("12"), json(true), json(2.5)};
    if (has("number")) return {json("1.5"), json(false)};
    if (has("boolean")) return {json(0), json(1), json("true")};
    if (has("array")) return {json::object(), json("[]")};
    throw std::logic_error("invalid_record_gen: no wrong type known for " + property.dump());
}

std::string make_wrong_type(json& record, const FieldInfo& f) {
    const auto values = wrong_types(f.schema);
    const json& v = values[*index_below(values.size())];
    record[f.name] = v;
    return named(f) + " given " + dump(v) + ", a JSON " + v.type_name() + " where " + dump(f.schema["type"]) +
           " is expected";
}

bool is_leap_year(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

std::string make_malformed_datetime(json& record, const FieldInfo& f) {
    const std::string y = std::to_string(*rc::gen::resize(rc::kNominalSize, rc::gen::inRange(1901, 2100)));
    int non_leap_year = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange(1901, 2100));
    if (is_leap_year(non_leap_year)) ++non_leap_year;
    // Instants that cannot be, whatever form a target reads (the form of date-times is not shown, A-14: a
    // target may read "31/12/2026" or "15 June 2026" as a date, so those are no invalid variants). The first
    // ones match the schema's pattern: only the SQL rules see them.
    const std::vector<std::string> texts = {
        y + "-02-30T00:00:00", std::to_string(non_leap_year) + "-02-29T12:00:00",
        y + "-04-31T08:30:00", y + "-13-01T00:00:00",
        y + "-00-10T00:00:00", y + "-06-15T25:00:00",
        y + "-06-15T12:60:00", "not a date",
    };
    const std::string& text = texts[*index_below(texts.size())];
    record[f.name] = text;
    return named(f) + " given \"" + text + "\", not a date-time";
}

std::string make_out_of_range(json& record, const FieldInfo& f) {
    const std::int64_t v = *index_below(2) == 0 ? 2147483648LL : -2147483649LL;
    record[f.name] = v;
    return named(f) + " given " + std::to_string(v) + ", outside -2147483648..2147483647";
}

rc::Gen<InvalidRecord> non_array_block_gen(rc::Gen<json> base) {
    return rc::gen::exec([base] {
        const json record = *base;
        switch (*index_below(5)) {
            case 0:
                return InvalidRecord{InvalidKind::NonArrayBlock, "",
                                     "the block is a bare record (a JSON object), not an array of records", record,
                                     record};
            case 1:
                return InvalidRecord{InvalidKind::NonArrayBlock, "",
                                     "the block is an object wrapping the array under \"records\"",
                                     json{{"records", json::array({record})}}, record};
            case 2:
                return InvalidRecord{InvalidKind::NonArrayBlock, "",
                                     "the block is a JSON string holding the array's text",
                                     json(json::array({record}).dump()), record};
            case 3: return InvalidRecord{InvalidKind::NonArrayBlock, "", "the block is the number 1", json(1), record};
            default: return InvalidRecord{InvalidKind::NonArrayBlock, "", "the block is null", json(nullptr), record};
        }
    });
}

}  // namespace

std::vector<std::string> breakable_fields(const Catalogue& cat, const Record& record, InvalidKind kind,
                                          const RecordGenOptions& options) {
    std::vector<std::string> out;
    for (const auto& f : breakable(sent_shape(cat, record), kind, options)) out.push_back(f.name);
    return out;
}

std::vector<InvalidKind> applicable_kinds(const Catalogue& cat, const Record& record, const RecordGenOptions& options) {
    const SentShape shape = sent_shape(cat, record);
    std::vector<InvalidKind> out;
    for (InvalidKind k : kAllInvalidKinds)
        if (k == InvalidKind::NonArrayBlock || !breakable(shape, k, options).empty()) out.push_back(k);
    return out;
}

rc::Gen<InvalidRecord> invalid_record_gen(const Catalogue& cat, const Record& record, InvalidKind kind,
                                          const RecordGenOptions& options) {
    const rc::Gen<json> base = sent_record_gen(cat, record, options);
    if (kind == InvalidKind::NonArrayBlock) return non_array_block_gen(base);
    const std::vector<FieldInfo> fields = breakable(sent_shape(cat, record), kind, options);
    if (fields.empty())
        throw std::invalid_argument("invalid_record_gen: " + std::string(to_string(kind)) + " does not apply to " +
                                    record.name + ": it has no field that rule can break");
    return rc::gen::exec([base, fields, kind, options] {
        const json valid = *base;
        json r = valid;
        const FieldInfo& f = fields[*index_below(fields.size())];
        std::string description;
        switch (kind) {
            case InvalidKind::MissingRequired:
                r.erase(f.name);
                description = named(f) + " is required and was left out";
                break;
            case InvalidKind::StringTooLong: description = make_too_long(r, f, options); break;
            case InvalidKind::WrongJsonType: description = make_wrong_type(r, f); break;
            case InvalidKind::IntOutOfRange: description = make_out_of_range(r, f); break;
            case InvalidKind::MalformedDatetime: description = make_malformed_datetime(r, f); break;
            case InvalidKind::NonArrayBlock: break;  // handled above
        }
        return InvalidRecord{kind, f.name, description, std::move(r), valid};
    });
}

rc::Gen<InvalidRecord> invalid_record_gen(const Catalogue& cat, const Record& record, const RecordGenOptions& options) {
    std::vector<rc::Gen<InvalidRecord>> gens;
    for (InvalidKind k : applicable_kinds(cat, record, options))
        gens.push_back(invalid_record_gen(cat, record, k, options));
    return rc::gen::mapcat(index_below(gens.size()), [gens](std::size_t i) { return gens[i]; });
}

}  // namespace bds::gen
