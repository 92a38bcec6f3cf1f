#include "generate/selection_columns.hpp"

#include <algorithm>
#include <stdexcept>

#include "common/text.hpp"
#include "sql/datetime.hpp"
#include "sql/text.hpp"

namespace bds::gen {
namespace {

using nlohmann::json;

std::optional<Family> family_of(const SqlType& t) {
    switch (t.kind) {
        case SqlKind::NChar:
        case SqlKind::NVarChar:
        case SqlKind::Char:
        case SqlKind::VarChar: return Family::Text;
        case SqlKind::Int:
        case SqlKind::Decimal:
        case SqlKind::Bit: return Family::Exact;
        case SqlKind::Float: return Family::Float;
        case SqlKind::Datetime:
        case SqlKind::Datetime2: return Family::Time;
        case SqlKind::Timestamp:
        case SqlKind::List: return std::nullopt;
    }
    return std::nullopt;
}

bool usable_value(const Column& c, const json& v) {
    switch (c.family) {
        case Family::Text: return v.is_string() && sql::utf8_to_u32(v.get<std::string>()).has_value();
        case Family::Exact: return v.is_number() || (c.type.kind == SqlKind::Bit && v.is_boolean());
        case Family::Float: return v.is_number();
        case Family::Time:
            return v.is_string() &&
                   sql::parse_datetime(v.get<std::string>(), c.type.kind, sql::TimeSource::Record).ticks.has_value();
    }
    return false;
}

}  // namespace

std::string bracketed_if_needed(const std::string& name) {
    const bool plain = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    }) && !(name[0] >= '0' && name[0] <= '9');
    if (plain) return name;
    std::string out = "[";
    for (char c : name) out += c == ']' ? std::string("]]") : std::string(1, c);
    return out + "]";
}

ColumnSet make_columns(const Record& record, const std::vector<json>& rows, const ConditionGenOptions& options) {
    ColumnSet ctx;
    ctx.options = options;
    ctx.options.max_depth = std::clamp(options.max_depth, 0, 8);
    ctx.options.max_in_list = std::clamp(options.max_in_list, 1, 100);
    for (const Field& f : record.fields) {
        const auto family = family_of(f.type);
        if (!family) continue;
        if (options.standard_sql && (*family == Family::Time || *family == Family::Float ||
                                     f.type.kind == SqlKind::Bit || bracketed_if_needed(f.name) != f.name))
            continue;
        if (!options.platform_fields && (f.managed || f.tenant)) continue;
        const auto same = std::count_if(record.fields.begin(), record.fields.end(),
                                        [&](const Field& g) { return iequals(g.name, f.name); });
        if (same != 1) continue;
        try {
            (void)Selection::parse(bracketed_if_needed(f.name) + " IS NULL", record);
        } catch (const SelectionError&) {
            continue;  // e.g. a field named like a keyword: to_tsql may write it bare
        }
        Column c{f.name, f.type, *family, {}, {}, true};
        for (const auto& v : f.values) c.choices.push_back(v.value);
        for (const auto& row : rows) {
            if (!row.is_object()) continue;
            const auto it = row.find(f.name);
            if (it == row.end() || it->is_null() || !usable_value(c, *it)) continue;
            c.values.push_back(*it);
            if (c.family == Family::Text) {
                c.portable = c.portable && portable_text(it->get<std::string>());
                ctx.texts.push_back(it->get<std::string>());
            }
        }
        ctx.columns.push_back(std::move(c));
    }
    if (ctx.columns.empty())
        throw std::invalid_argument("condition_gen: " + record.name + " has no field a condition can use");
    return ctx;
}

}  // namespace bds::gen
