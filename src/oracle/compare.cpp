#include "oracle/compare.hpp"

#include <cmath>

#include "sql/datetime.hpp"
#include "sql/decimal.hpp"
#include "sql/text.hpp"
#include "sql/text_rules.hpp"

namespace bds::oracle {
namespace {

using json = nlohmann::json;

std::string show(const json& v) { return v.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string trim_spaces(std::string s) {
    s.erase(s.find_last_not_of(' ') + 1);
    return s;
}

std::optional<sql::Decimal> number(const json& v) {
    if (!v.is_number()) return std::nullopt;
    return sql::Decimal::parse(v.dump(), true);
}

/// A decimal as a target may write it: a number, or a string of one.
std::optional<sql::Decimal> decimal(const json& v) {
    if (v.is_string()) return sql::Decimal::parse(v.get<std::string>(), true);
    return number(v);
}

/// The 1-based character where two texts first differ, for the reason.
std::size_t first_difference(const std::string& a, const std::string& b) {
    const auto ua = sql::utf8_to_u32(a), ub = sql::utf8_to_u32(b);
    if (!ua || !ub) return 0;
    std::size_t i = 0;
    while (i < ua->size() && i < ub->size() && (*ua)[i] == (*ub)[i]) ++i;
    return i + 1;
}

std::optional<std::string> text_difference(const SqlType& type, const json& sent, const json& returned) {
    const std::string name = type.str();
    if (!returned.is_string()) return name + ": expected a string, returned a " + returned.type_name();
    if (!sent.is_string())
        return sent == returned ? std::nullopt : std::optional<std::string>(name + ": sent a " + sent.type_name());
    std::string s = sent.get<std::string>(), r = returned.get<std::string>();
    if (type.is_fixed_text()) {
        // char(n)/nchar(n) are stored padded with spaces to n: trailing spaces carry no information.
        s = trim_spaces(std::move(s));
        r = trim_spaces(std::move(r));
        if (s == r) return std::nullopt;
        return name + ": texts differ beyond trailing-space padding, first at character " +
               std::to_string(first_difference(s, r));
    }
    if (s == r) return std::nullopt;
    return name + ": texts differ (compared exactly), first at character " + std::to_string(first_difference(s, r));
}

std::optional<std::string> key_text_difference(const SqlType& type, const json& sent, const json& returned,
                                               Collation collation) {
    if (!sent.is_string() || !returned.is_string()) return text_difference(type, sent, returned);
    std::string s = trim_spaces(sent.get<std::string>()), r = trim_spaces(returned.get<std::string>());
    if (collation == Collation::CaseInsensitive) {
        s = sql::fold_case_utf8(s);
        r = sql::fold_case_utf8(r);
    }
    if (s == r) return std::nullopt;
    return type.str() + " key: differs as the unique index compares keys (" +
           (collation == Collation::CaseInsensitive ? "case-insensitive" : "case-sensitive") +
           ", trailing spaces ignored)";
}

std::optional<std::string> decimal_difference(const json& sent, const json& returned, int scale) {
    const auto s = number(sent), r = decimal(returned);
    if (!r)
        return "decimal: expected a number (or a string of one), returned " +
               returned.dump(-1, ' ', false, json::error_handler_t::replace);
    if (!s) return "decimal: sent a " + std::string(sent.type_name());
    const sql::Decimal sr = s->round(scale), rr = r->round(scale);
    // A database may also cut a value beyond the scale instead of rounding it.
    if (sr == rr || s->truncate(scale) == rr) return std::nullopt;
    return "decimal (scale " + std::to_string(scale) + "): sent " + s->str() + " rounds to " + sr.str() +
           " (cut: " + s->truncate(scale).str() + "), returned " + r->str() +
           (rr == *r ? "" : " rounds to " + rr.str());
}

std::optional<std::string> int_difference(const json& sent, const json& returned) {
    const auto s = number(sent), r = number(returned);
    if (!r) return "int: expected a number, returned a " + std::string(returned.type_name());
    if (!s) return "int: sent a " + std::string(sent.type_name());
    if (*s == *r) return std::nullopt;
    return "int: sent " + s->str() + ", returned " + r->str();
}

std::string shortest(double d) { return json(d).dump(); }

std::optional<std::string> float_difference(const SqlType& type, const json& sent, const json& returned) {
    if (!returned.is_number()) return type.str() + ": expected a number, returned a " + returned.type_name();
    if (!sent.is_number()) return type.str() + ": sent a " + sent.type_name();
    const double s = sent.get<double>(), r = returned.get<double>();
    if (type.is_single_precision_float()) {
        const float sf = static_cast<float>(s), rf = static_cast<float>(r);
        if (sf == rf) return std::nullopt;
        return type.str() + " (a 4-byte real): sent " + shortest(s) + " is stored as " + shortest(sf) + ", returned " +
               shortest(r) + " reads as " + shortest(rf);
    }
    if (s == r) return std::nullopt;
    return type.str() + " (an 8-byte float): sent " + shortest(s) + ", returned " + shortest(r);
}

/// Whether `stored` is `sent` kept at a precision some database keeps date-times at: 100 ns, 1 µs, 1 ms, SQL
/// Server's datetime 1/300 s, or whole seconds; rounded or cut.
bool same_instant_at_some_precision(sql::Ticks sent, sql::Ticks stored) {
    for (const sql::Ticks unit : {sql::Ticks{1}, sql::Ticks{10}, sql::Ticks{10'000}, sql::Ticks{10'000'000}})
        if (stored == sent / unit * unit || stored == (sent + unit / 2) / unit * unit) return true;
    return false;
}

std::optional<std::string> datetime_difference(const SqlType& type, const json& sent, const json& returned) {
    const std::string name = type.str();
    if (!returned.is_string()) return name + ": expected a string, returned a " + returned.type_name();
    if (!sent.is_string()) return name + ": sent a " + sent.type_name();
    // datetime: both sides read as SQL Server reads text into a datetime, so a returned .0033333 (a .NET DateTime
    // of the stored value) and .003 both equal a sent .003; datetime2: exact at 100 ns. Either also at the precision
    // another database keeps.
    const auto s = sql::parse_datetime(sent.get<std::string>(), type.kind, sql::TimeSource::Record);
    const auto r = sql::parse_datetime(returned.get<std::string>(), type.kind, sql::TimeSource::Record);
    if (!r.ticks) return name + ": returned " + show(returned) + " is not a date-time (" + r.error + ")";
    if (!s.ticks)
        return sent == returned ? std::nullopt
                                : std::optional<std::string>(name + ": sent " + show(sent) + " is not a date-time");
    if (*s.ticks == *r.ticks) return std::nullopt;
    const auto exact_s = sql::parse_datetime(sent.get<std::string>(), SqlKind::Datetime2, sql::TimeSource::Record);
    const auto exact_r = sql::parse_datetime(returned.get<std::string>(), SqlKind::Datetime2, sql::TimeSource::Record);
    if (exact_s.ticks && exact_r.ticks && same_instant_at_some_precision(*exact_s.ticks, *exact_r.ticks))
        return std::nullopt;
    const std::string also = " (nor equal at 1 µs, 1 ms or 1 s, A-106)";
    if (type.kind == SqlKind::Datetime)
        return name + ": sent " + sent.get<std::string>() + " rounds to " +
               sql::format_datetime(*s.ticks, SqlKind::Datetime) + " (1/300 s), returned " +
               returned.get<std::string>() + " reads as " + sql::format_datetime(*r.ticks, SqlKind::Datetime) + also;
    return name + ": sent " + sent.get<std::string>() + " is " + sql::format_datetime(*s.ticks, SqlKind::Datetime2) +
           ", returned " + returned.get<std::string>() + " is " + sql::format_datetime(*r.ticks, SqlKind::Datetime2) +
           " (100 ns)" + also;
}

std::optional<bool> as_bit(const json& v) {
    if (v.is_boolean()) return v.get<bool>();
    if (v.is_number_integer() || v.is_number_unsigned()) {
        const auto i = v.get<std::int64_t>();
        if (i == 0 || i == 1) return i == 1;
    }
    return std::nullopt;
}

std::optional<std::string> bit_difference(const json& sent, const json& returned) {
    const auto s = as_bit(sent), r = as_bit(returned);
    if (!r) return "bit: expected a boolean (or 0/1), returned " + show(returned);
    if (!s) return "bit: sent " + show(sent);
    if (*s == *r) return std::nullopt;
    return std::string("bit: sent ") + (*s ? "true" : "false") + ", returned " + (*r ? "true" : "false");
}

/// Fields the catalogue does not list: equal JSON, numbers by value (1 = 1.0).
std::optional<std::string> untyped_difference(const json& sent, const json& returned) {
    if (const auto s = number(sent), r = number(returned); s && r) {
        if (*s == *r) return std::nullopt;
        return "field not in the catalogue (open record): numbers differ";
    }
    if (sent == returned) return std::nullopt;
    return "field not in the catalogue (open record): compared as JSON";
}

struct Comparer {
    const Catalogue& cat;
    const CompareOptions& options;
    std::vector<Difference> out;

    void add(const std::string& pointer, const std::string& field, const json& sent, const json& returned,
             std::string reason) {
        out.push_back({pointer, field, sent, returned, std::move(reason)});
    }

    void list(const Field& f, const std::string& pointer, const json& sent, const json& returned) {
        const bool sent_empty = sent.is_null() || (sent.is_array() && sent.empty());
        const bool returned_empty = returned.is_null() || (returned.is_array() && returned.empty());
        if (sent_empty && returned_empty) return;
        if (!returned.is_array() && !returned.is_null())
            return add(pointer, f.name, sent, returned,
                       "list of " + f.list_of + ": expected an array, returned a " + returned.type_name());
        if (!sent.is_array())
            return add(pointer, f.name, sent, returned, "list of " + f.list_of + ": sent a " + sent.type_name());
        const std::size_t n = returned.is_array() ? returned.size() : 0;
        if (sent.size() != n)
            add(pointer, f.name, sent, returned,
                "list of " + f.list_of + ": sent " + std::to_string(sent.size()) + " elements, returned " +
                    std::to_string(n));
        const Record* item = cat.find(f.list_of);
        for (std::size_t i = 0; i < sent.size() && i < n; ++i) {
            const std::string at = pointer + "/" + std::to_string(i);
            if (item && sent[i].is_object() && returned[i].is_object()) {
                object(*item, at, sent[i], returned[i]);
            } else if (auto why = untyped_difference(sent[i], returned[i])) {
                add(at, f.name, sent[i], returned[i],
                    "list of " + f.list_of + ", element " + std::to_string(i) + ": " + *why);
            }
        }
    }

    void object(const Record& record, const std::string& prefix, const json& sent, const json& returned) {
        for (const auto& [name, value] : sent.items()) {
            const Field* f = record.field(name);
            if (name == options.tenant_field || (f && (f->tenant || f->managed || f->type.kind == SqlKind::Timestamp)))
                continue;
            const auto it = returned.find(name);
            const json got = it == returned.end() ? json(nullptr) : *it;
            const std::string pointer =
                prefix + (nlohmann::json::json_pointer() / name).to_string();  // escaped as RFC 6901 says
            if (f && f->type.kind == SqlKind::List) {
                list(*f, pointer, value, got);
                continue;
            }
            if (f && stored_as_null(*f, value, got)) continue;
            std::optional<std::string> why;
            if (!f)
                why = untyped_difference(value, got);
            else if (f->key && options.key_collation && f->type.is_text() && !value.is_null() && !got.is_null())
                why = key_text_difference(f->type, value, got, *options.key_collation);
            else
                why = value_difference(f->type, value, got, options);
            if (why) {
                if (it == returned.end()) *why += " (absent in the returned record: compared as null, A-13)";
                add(pointer, name, value, got, std::move(*why));
            }
        }
    }
};

}  // namespace

std::optional<std::string> value_difference(const SqlType& type, const json& sent, const json& returned,
                                            const CompareOptions& options) {
    if (sent.is_null() || returned.is_null()) {
        if (sent.is_null() && returned.is_null()) return std::nullopt;
        return type.str() + ": sent " + (sent.is_null() ? "null" : "a value") + ", returned " +
               (returned.is_null() ? "null" : "a value");
    }
    switch (type.kind) {
        case SqlKind::NChar:
        case SqlKind::NVarChar:
        case SqlKind::Char:
        case SqlKind::VarChar: return text_difference(type, sent, returned);
        case SqlKind::Int: return int_difference(sent, returned);
        case SqlKind::Decimal: return decimal_difference(sent, returned, options.profile.decimal_scale);
        case SqlKind::Float: return float_difference(type, sent, returned);
        case SqlKind::Datetime:
        case SqlKind::Datetime2: return datetime_difference(type, sent, returned);
        case SqlKind::Bit: return bit_difference(sent, returned);
        case SqlKind::Timestamp: return std::nullopt;  // platform-managed: changes on every write
        case SqlKind::List: return untyped_difference(sent, returned);
    }
    return untyped_difference(sent, returned);
}

bool stored_as_null(const Field& field, const json& sent, const json& returned) {
    return field.nullable && !field.key && field.type.is_text() && sent == "" && returned.is_null();
}

std::vector<Difference> compare_record(const Catalogue& cat, const Record& record, const json& sent,
                                       const json& returned, const CompareOptions& options) {
    Comparer c{cat, options, {}};
    if (!sent.is_object()) {
        c.add("", "", sent, returned, record.name + ": the sent value is not a JSON object");
    } else if (!returned.is_object()) {
        c.add("", "", sent, returned,
              record.name + ": expected a JSON object, returned a " + std::string(returned.type_name()));
    } else {
        c.object(record, "", sent, returned);
    }
    return std::move(c.out);
}

std::string format_differences(const std::vector<Difference>& differences) {
    if (differences.empty()) return "no differences";
    std::string out = std::to_string(differences.size()) + (differences.size() == 1 ? " difference:" : " differences:");
    for (const auto& d : differences) {
        out += "\n  " + (d.pointer.empty() ? std::string("(record)") : d.pointer) + ": sent " + show(d.sent) +
               ", returned " + show(d.returned) + "\n    " + d.reason;
    }
    return out;
}

json minimal_record(const Record& record, const json& sent) {
    json out = json::object();
    for (const Field& f : record.fields)
        if (f.key || f.required)
            if (const auto it = sent.find(f.name); it != sent.end()) out[f.name] = *it;
    return out;
}

std::string index_key(const Record& record, const json& values, Collation collation) {
    std::string key;
    for (const auto& name : record.key) {
        const Field* f = record.field(name);
        if (f && f->tenant) continue;
        const auto it = values.is_object() ? values.find(name) : values.end();
        if (!values.is_object() || it == values.end() || it->is_null()) {
            key += '\x01';
        } else if (it->is_string()) {
            // SQL Server's unique index ignores trailing spaces and, under a case-insensitive collation, case;
            // an accent-insensitive one accents too, so keys that differ only so are one key here.
            std::string text = trim_spaces(it->get<std::string>());
            if (collation == Collation::CaseInsensitive)
                if (const auto decoded = sql::utf8_to_u32(text))
                    text = sql::equality_key(*decoded, sql::TextRules{sql::CaseFolding::Letters, true, true});
            key += '\x02' + text;
        } else if (const auto n = number(*it)) {
            key += '\x03' + n->str();
        } else {
            key += '\x04' + it->dump();
        }
        key += '\x1f';
    }
    return key;
}

bool same_key(const Record& record, const json& a, const json& b, Collation collation) {
    return index_key(record, a, collation) == index_key(record, b, collation);
}

}  // namespace bds::oracle
