#include "schema/record_validator.hpp"

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

#include <cmath>
#include <memory>
#include <mutex>
#include <optional>

#include "schema/schema_errors.hpp"
#include "sql/datetime.hpp"
#include "sql/decimal.hpp"
#include "sql/text.hpp"

namespace bds {
namespace {

std::string quoted(const nlohmann::json& v) {
    std::string text = v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return text.size() > 80 ? text.substr(0, 77) + "..." : text;
}

/// A violation valijson reported, with its kind of rule; a missing or unknown property is named as the field.
Violation schema_violation(const std::string& where, const std::string& field, const std::string& description) {
    const auto named = [&](std::string_view lead) -> std::optional<std::string> {
        const auto at = description.find(lead);
        if (at == std::string::npos) return std::nullopt;
        const auto open = description.find('\'', at + lead.size() - 1);
        const auto close = open == std::string::npos ? open : description.find('\'', open + 1);
        if (close == std::string::npos) return std::nullopt;
        return description.substr(open + 1, close - open - 1);
    };
    if (const auto name = named("Missing required property '")) return {where, *name, description, "required"};
    if (const auto name = named("'additionalProperties' constraints: '"))
        return {where, *name, description, "unknown_field"};
    if (description.find("enum values") != std::string::npos) return {where, field, description, "allowed_values"};
    return {where, field, description, "schema"};
}

}  // namespace

struct RecordValidator::Impl {
    Impl(const Catalogue& c, const Record& r, Direction d, SqlProfile p)
        : catalogue(c), record(r), direction(d), profile(p) {}

    const Catalogue& catalogue;
    const Record& record;
    Direction direction;
    SqlProfile profile;
    nlohmann::json schema_doc;
    valijson::Schema schema;
    // A valijson Validator compiles each pattern once and caches it, but must not be shared between threads: idle
    // ones wait here for the next call (a new one per call compiled every pattern again, most of a POST sync's time).
    mutable std::mutex idle_mutex;
    mutable std::vector<std::unique_ptr<valijson::Validator>> idle;

    std::unique_ptr<valijson::Validator> take() const {
        std::lock_guard lock(idle_mutex);
        if (idle.empty()) return std::make_unique<valijson::Validator>();
        auto v = std::move(idle.back());
        idle.pop_back();
        return v;
    }
    void give_back(std::unique_ptr<valijson::Validator> v) const {
        std::lock_guard lock(idle_mutex);
        idle.push_back(std::move(v));
    }

    /// The rules of SQL types, recursively into nested lists.
    void check_sql(const Record& rec, const nlohmann::json& value, const std::string& pointer,
                   std::vector<Violation>& out) const {
        if (!value.is_object()) return;  // the schema reports it
        for (const auto& [name, v] : value.items()) {
            const Field* f = rec.field(name);
            if (!f || v.is_null()) continue;
            // Built only for a violation: most fields of most records have none.
            auto add = [&](const std::string& message, const char* rule) {
                out.push_back({pointer + "/" + name, name, message, rule});
            };
            const SqlType& t = f->type;
            if (t.is_text() && v.is_string()) {
                const std::string& text = v.get_ref<const std::string&>();
                const auto length = sql::utf8_length(text);
                if (!length) {
                    add("expected UTF-8 text", "utf8");
                    continue;
                }
                // The code page of varchar/char is not shown (A-61): a target may hold any character there.
                if (!t.is_unicode_text() && direction == Direction::Sent)
                    if (const auto c = sql::first_outside_windows_1252(text))
                        add(t.str() + " holds Windows-1252 characters only; U+" + sql::hex_code_point(*c) +
                                " is not one",
                            "code_page");
                const bool in_units =
                    t.is_unicode_text() && direction == Direction::Sent && !profile.lengths_in_code_points;
                const std::size_t units = in_units ? length->utf16_units : length->characters;
                if (auto max = t.max_length(); max && units > static_cast<std::size_t>(*max))
                    add(t.str() + " holds at most " + std::to_string(*max) +
                            (in_units ? " UTF-16 units" : " characters") + ", got " + std::to_string(units),
                        "length");
            } else if ((t.kind == SqlKind::Datetime || t.kind == SqlKind::Datetime2) && v.is_string() &&
                       direction == Direction::Sent) {
                const auto parsed =
                    sql::parse_datetime(v.get_ref<const std::string&>(), t.kind, sql::TimeSource::Record);
                if (!parsed.ticks)
                    add("expected a " + t.str() + " (ISO 8601), got " + quoted(v) + ": " + parsed.error, "datetime");
            } else if (t.kind == SqlKind::Decimal &&
                       (v.is_number() || (v.is_string() && direction == Direction::Returned))) {
                const auto d = sql::Decimal::parse(v.is_string() ? v.get<std::string>() : v.dump(), true);
                if (!d || d->integer_digits() > profile.decimal_precision - profile.decimal_scale)
                    add("decimal(" + std::to_string(profile.decimal_precision) + "," +
                            std::to_string(profile.decimal_scale) + ") holds at most " +
                            std::to_string(profile.decimal_precision - profile.decimal_scale) +
                            " integer digits, got " + quoted(v),
                        "decimal");
            } else if (t.kind == SqlKind::Float && v.is_number_float() && !std::isfinite(v.get<double>())) {
                add("expected a finite number", "number");
            } else if (t.kind == SqlKind::List && v.is_array()) {
                const Record* item = catalogue.find(f->list_of);
                for (std::size_t i = 0; i < v.size(); ++i)
                    check_sql(*item, v[i], pointer + "/" + name + "/" + std::to_string(i), out);
            }
        }
    }
};

RecordValidator::RecordValidator(const Catalogue& catalogue, const Record& record, Direction direction,
                                 SqlProfile profile)
    : impl_(std::make_unique<Impl>(catalogue, record, direction, profile)) {
    impl_->schema_doc =
        nlohmann::json::parse(record_schema(catalogue, record, Dialect::JsonSchema07, direction).dump());
    valijson::SchemaParser parser;
    valijson::adapters::NlohmannJsonAdapter adapter(impl_->schema_doc);
    parser.populateSchema(adapter, impl_->schema);
}

RecordValidator::~RecordValidator() = default;

std::vector<Violation> RecordValidator::validate(const nlohmann::json& record, const std::string& pointer) const {
    std::vector<Violation> out;
    auto validator = impl_->take();
    valijson::ValidationResults results;
    valijson::adapters::NlohmannJsonAdapter target(record);
    const bool valid = validator->validate(impl_->schema, target, &results);
    impl_->give_back(std::move(validator));
    if (!valid) {
        valijson::ValidationResults::Error e;
        while (results.popError(e)) {
            const auto path = context_path(e.context);
            const std::string where = json_pointer_text(path), field = path.empty() ? "" : path.back();
            // valijson also reports each failing parent ("failed to validate item #3"); the leaf says it all.
            if (e.description.rfind("Failed to validate against schema associated with property name", 0) == 0 ||
                e.description.rfind("Failed to validate item #", 0) == 0)
                continue;
            Violation v = schema_violation(pointer + where, field, e.description);
            // Whether a target holds values outside a field's allowed values is not shown (A-33): not of returned data.
            if (impl_->direction == Direction::Returned && v.rule == "allowed_values") continue;
            out.push_back(std::move(v));
        }
    }
    impl_->check_sql(impl_->record, record, pointer, out);
    return out;
}

}  // namespace bds
