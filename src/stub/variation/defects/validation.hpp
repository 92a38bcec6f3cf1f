#pragma once
/// The defects of validation (000 §1, 000 §2, 001 §2: lengths, required fields, nulls, allowed values, status):
/// each a Policy (policy.hpp) that answers otherwise where it breaks its rule. Its row in defect_table.cpp names it
/// and says what it breaks.
#include <string>

#include "sql/datetime.hpp"
#include "sql/text.hpp"
#include "stub/variation/policy.hpp"

namespace bds::stub::defect_policies {

using json = nlohmann::json;

/// A refusal of `field` of the block's record `i`, in the form of the block's violations (Variation::block_violations).
inline json violation(std::size_t i, const std::string& field, const std::string& message) {
    return {{"index", i}, {"field", field}, {"pointer", "/" + std::to_string(i) + "/" + field}, {"message", message}};
}

/// Text cut to its field's length before validation.
struct OverlongTruncated : Policy {
    bool edits_sent() const override { return true; }
    void before_validate(const Record& record, json& sent) const override {
        if (!sent.is_object()) return;
        for (auto& [name, v] : sent.items()) {  // cut to fit before validation
            const Field* f = record.field(name);
            if (!f || !v.is_string() || !f->type.is_text()) continue;
            if (const auto max = f->type.max_length())
                v = sql::truncate_utf16(v.get<std::string>(), static_cast<std::size_t>(*max));
        }
    }
};

/// A violation that only says a required non-key field (other than flg_isdeleted) is missing is dropped.
struct RequiredFieldMissingAccepted : Policy {
    bool keep_violation(const Record& record, const json& sent, const Violation& v) const override {
        if (!sent.is_object() || v.rule != "required") return true;
        for (const auto& f : record.fields)
            if (f.required && !f.key && f.name != "flg_isdeleted" && !sent.contains(f.name) && v.field == f.name)
                return false;
        return true;
    }
};

/// A malformed JSON body answered 500.
struct MalformedJson500 : Policy {
    void error_status(int& status, const std::string& code) const override {
        if (code == "malformed_json") status = 500;
    }
};

/// A CHECK constraint written from an older list: the last value the seeds list for a field is refused.
struct ListedValueRefused : Policy {
    void add_violations(const Record& record, const json& block, json& violations) const override {
        for (std::size_t i = 0; i < block.size(); ++i)
            for (const auto& f : record.fields) {
                if (f.key || f.values.size() < 2 || !block[i].is_object() || !block[i].contains(f.name)) continue;
                const json& v = block[i][f.name];
                const std::string& last = f.values.back().value;
                if ((v.is_string() && v == last) ||
                    (v.is_number_integer() && std::to_string(v.get<long long>()) == last))
                    violations.push_back(violation(i, f.name, f.name + " must be one of the values before " + last));
            }
    }
};

/// An internal cost column leaks into every answered record.
struct ExtraFieldAnswered : Policy {
    void present(json& row) const override { row["val_costo"] = 0; }
};

/// NOT NULL columns where the seeds say nullable: an explicit null in a record is refused.
struct NullRefused : Policy {
    void add_violations(const Record& record, const json& block, json& violations) const override {
        for (std::size_t i = 0; i < block.size(); ++i)
            for (const auto& f : record.fields)
                if (f.nullable && !f.key && block[i].is_object() && block[i].contains(f.name) &&
                    block[i][f.name].is_null())
                    violations.push_back(violation(i, f.name, f.name + " may not be null"));
    }
};

/// nvarchar(-1) mapped to nvarchar(4000): a longer text is refused.
struct UnboundedTextCapped : Policy {
    void add_violations(const Record& record, const json& block, json& violations) const override {
        for (std::size_t i = 0; i < block.size(); ++i)
            for (const auto& f : record.fields) {
                if (!f.type.is_text() || f.type.max_length() || !block[i].is_object() || !block[i].contains(f.name))
                    continue;
                const json& v = block[i][f.name];
                if (v.is_string() && v.get<std::string>().size() > 4000)
                    violations.push_back(violation(i, f.name, f.name + " holds at most 4000 characters"));
            }
    }
};

/// nvarchar(n) made varchar(n) under a UTF-8 collation: a text is refused when its UTF-8 bytes exceed n.
struct LengthsInBytes : Policy {
    void add_violations(const Record& record, const json& block, json& violations) const override {
        for (std::size_t i = 0; i < block.size(); ++i)
            for (const auto& f : record.fields) {
                const auto max = f.type.max_length();
                if (!f.type.is_unicode_text() || !max || !block[i].is_object() || !block[i].contains(f.name)) continue;
                const json& v = block[i][f.name];
                if (v.is_string() && v.get<std::string>().size() > static_cast<std::size_t>(*max))
                    violations.push_back(
                        violation(i, f.name, f.name + " holds at most " + std::to_string(*max) + " bytes"));
            }
    }
};

/// A date-time without an offset read as Europe/Rome time and stored as UTC: one hour earlier (winter time).
struct DatetimesShifted : Policy {
    void before_store(const Record& record, const json&, json& normalized) const override {
        for (auto& [name, v] : normalized.items()) {
            const Field* f = record.field(name);
            if (!f || f->managed || !v.is_string() ||
                (f->type.kind != SqlKind::Datetime && f->type.kind != SqlKind::Datetime2))
                continue;
            const auto parsed = sql::parse_datetime(v.get<std::string>(), f->type.kind, sql::TimeSource::Record);
            constexpr sql::Ticks kHour = std::int64_t{3600} * 10'000'000;
            // Left as it is where the hour earlier would leave the type's range (its first day).
            if (parsed.ticks && sql::civil_from_ticks(*parsed.ticks - kHour).year >= 1753)
                v = sql::format_datetime(*parsed.ticks - kHour, f->type.kind);
        }
    }
};

}  // namespace bds::stub::defect_policies
