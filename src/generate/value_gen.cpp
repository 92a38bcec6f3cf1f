#include "generate/value_gen.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "generate/record_gen.hpp"
#include "sql/decimal.hpp"
#include "sql/text.hpp"

namespace bds::gen {
namespace {

using nlohmann::json;

/// rc::gen::inRange over the whole range whatever RapidCheck's size: boundaries and long texts come up from the
/// first case on (inRange alone scales the range with the size, so small sizes give only the minimum). Shrinks
/// towards `min`.
template <typename T>
rc::Gen<T> in_range(T min, T max) {
    return rc::gen::resize(rc::kNominalSize, rc::gen::inRange<T>(min, max));
}

/// An index into `weights`, chosen with those weights; shrinks towards index 0 (unlike
/// rc::gen::weightedElement, which does not shrink), so put the simplest alternative first.
rc::Gen<int> weighted_index(std::vector<int> weights) {
    int total = 0;
    for (int w : weights) total += w;
    return rc::gen::map(in_range(0, total), [weights](int x) {
        for (std::size_t i = 0; i < weights.size(); ++i) {
            if (x < weights[i]) return static_cast<int>(i);
            x -= weights[i];
        }
        return static_cast<int>(weights.size()) - 1;
    });
}

/// One of several generators, by weight; shrinks towards the first one.
template <typename T>
rc::Gen<T> weighted(std::vector<std::pair<int, rc::Gen<T>>> alternatives) {
    std::vector<int> weights;
    std::vector<rc::Gen<T>> gens;
    for (auto& [w, g] : alternatives) {
        if (w <= 0) continue;
        weights.push_back(w);
        gens.push_back(std::move(g));
    }
    return rc::gen::mapcat(weighted_index(weights), [gens](int i) { return gens[static_cast<std::size_t>(i)]; });
}

std::u32string u32(const std::string& utf8) {
    auto text = sql::utf8_to_u32(utf8);
    if (!text) throw std::logic_error("value_gen: invalid UTF-8 in a built-in text piece");
    return *text;
}

std::vector<std::u32string> pieces(std::initializer_list<const char*> texts, bool unicode) {
    std::vector<std::u32string> out;
    for (const char* t : texts) {
        std::u32string piece = u32(t);
        if (!unicode && !std::all_of(piece.begin(), piece.end(), sql::in_windows_1252)) continue;
        out.push_back(std::move(piece));
    }
    return out;
}

/// Pieces of text (mostly single characters, sometimes whole words) flattened into one table: an int drawn in
/// [0, total) picks one, each alternative with its weight and its pieces equally likely within it.
struct PieceTable {
    std::vector<std::u32string> pieces;
    std::vector<int> ends;  // cumulative weights
    int total = 0;

    const std::u32string& operator[](int x) const {
        return pieces[static_cast<std::size_t>(std::upper_bound(ends.begin(), ends.end(), x) - ends.begin())];
    }
};

PieceTable piece_table(bool unicode) {
    std::vector<std::pair<int, std::vector<std::u32string>>> alternatives{
        {50, pieces({"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p",
                     "q", "r", "s", "t", "u", "v", "w", "x", "y", "z", "A", "B", "C", "D", "E", "F",
                     "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U", "V",
                     "W", "X", "Y", "Z", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"},
                    unicode)},
        {8, {U" "}},
        {5, {U"'"}},
        {10, pieces({"à", "è", "é", "ì", "ò", "ù", "À", "È"}, unicode)},
        {4, pieces({"-", ".", ",", "&", "/", "\"", "€", "’", "ñ", "ß", "ç", "°"}, unicode)},
        {8, pieces({"L'Aquila", "O''Brien", "Città", "Forlì", "perché", "Ca' Foscari", "D'Annunzio", "più", "ÈRA",
                    "Sant'Angelo", "l'", "''", "Società"},
                   unicode)},
    };
    if (unicode) {
        // U+1D11E (musical G clef), U+1F600, U+1D54F: two UTF-16 units each.
        alternatives.push_back({6, pieces({"\U0001D11E", "\U0001F600", "\U0001D54F", "a\U0001D11Eb"}, true)});
        alternatives.push_back({3, pieces({"Ł", "ő", "Ω", "中", "ж", "ā", "Łódź"}, true)});
    }
    int lcm = 1;
    for (const auto& [weight, texts] : alternatives) lcm = std::lcm(lcm, static_cast<int>(texts.size()));
    PieceTable table;
    for (auto& [weight, texts] : alternatives)
        for (auto& text : texts) {
            table.total += weight * (lcm / static_cast<int>(texts.size()));
            table.pieces.push_back(std::move(text));
            table.ends.push_back(table.total);
        }
    return table;
}

std::size_t units_of(char32_t c, bool unicode) { return unicode && c > 0xFFFF ? 2 : 1; }

std::size_t units_of(const std::string& utf8, bool unicode) {
    auto text = sql::utf8_to_u32(utf8);
    if (!text) return std::numeric_limits<std::size_t>::max();
    return unicode ? sql::utf16_length(*text) : text->size();
}

bool fits_prefix(const SqlType& type, const std::string& prefix) {
    if (prefix.empty()) return false;
    auto text = sql::utf8_to_u32(prefix);
    if (!text) return false;
    if (!type.is_unicode_text() && !std::all_of(text->begin(), text->end(), sql::in_windows_1252)) return false;
    const auto max = type.max_length();
    return !max || *max < 0 || units_of(prefix, type.is_unicode_text()) <= static_cast<std::size_t>(*max);
}

rc::Gen<json> int_gen(const json& schema) {
    std::int64_t lo = std::numeric_limits<std::int32_t>::min(), hi = std::numeric_limits<std::int32_t>::max();
    if (schema.contains("minimum") && schema["minimum"].is_number())
        lo = std::max(lo, schema["minimum"].get<std::int64_t>());
    if (schema.contains("maximum") && schema["maximum"].is_number())
        hi = std::min(hi, schema["maximum"].get<std::int64_t>());
    if (lo > hi) throw std::invalid_argument("value_gen: int schema with minimum > maximum");
    std::vector<std::int64_t> boundaries;
    for (std::int64_t v : {std::int64_t{0}, std::int64_t{1}, std::int64_t{-1}, lo, hi})
        if (v >= lo && v <= hi && std::find(boundaries.begin(), boundaries.end(), v) == boundaries.end())
            boundaries.push_back(v);
    const std::int64_t small_lo = std::max<std::int64_t>(lo, -1000), small_hi = std::min<std::int64_t>(hi, 1000);
    auto to_json = [](std::int64_t v) { return json(v); };
    std::vector<std::pair<int, rc::Gen<json>>> alternatives;
    if (small_lo <= small_hi) alternatives.emplace_back(3, rc::gen::map(in_range(small_lo, small_hi + 1), to_json));
    alternatives.emplace_back(3, rc::gen::map(rc::gen::elementOf(boundaries), to_json));
    alternatives.emplace_back(4, rc::gen::map(in_range(lo, hi + 1), to_json));
    return weighted(std::move(alternatives));
}

std::int64_t pow10(int n) {
    std::int64_t p = 1;
    for (int i = 0; i < n; ++i) p *= 10;
    return p;
}

/// The decimal text of k / 10^s.
std::string decimal_text(std::int64_t k, int s) {
    std::string digits = std::to_string(k < 0 ? -k : k);
    if (s > 0) {
        if (digits.size() <= static_cast<std::size_t>(s))
            digits.insert(0, static_cast<std::size_t>(s) + 1 - digits.size(), '0');
        digits.insert(digits.size() - static_cast<std::size_t>(s), ".");
    }
    return (k < 0 ? "-" : "") + digits;
}

/// Decimals are built as k / 10^s: an integer count of 10^-s units. A JSON number in nlohmann_json is a double
/// (or an int64 for s = 0), printed with the shortest text that reads back as the same double; any decimal of at
/// most 15 significant digits is recovered exactly that way, so k is kept below 10^15. That leaves out the
/// extreme decimal(19,6) values (e.g. 9999999999999.999999), which a double cannot carry. Should a double ever
/// print differently from k / 10^s, the value falls back to its integer part.
rc::Gen<json> decimal_gen(const SqlProfile& profile) {
    const int max_scale = std::clamp(profile.decimal_scale, 0, 6);
    const int integer_digits = std::max(1, profile.decimal_precision - profile.decimal_scale);
    std::vector<int> scale_weights;
    for (int s = 0; s <= max_scale; ++s) scale_weights.push_back(s == 0 || s == max_scale || s == 2 ? 3 : 1);
    return rc::gen::mapcat(weighted_index(scale_weights), [integer_digits](int s) {
        const int digits = std::min(integer_digits, 15 - s) + s;
        const std::int64_t max = pow10(digits) - 1;
        const std::int64_t small = std::min(max, pow10(std::min(digits, s + 4)) - 1);
        auto k_gen = weighted<std::int64_t>({
            {4, in_range(-small, small + 1)},
            {2, rc::gen::element<std::int64_t>(0, 1, -1, max, -max)},
            {4, in_range(-max, max + 1)},
        });
        return rc::gen::map(k_gen, [s](std::int64_t k) -> json {
            if (s == 0) return json(k);
            const json number = static_cast<double>(k) / static_cast<double>(pow10(s));
            const auto printed = sql::Decimal::parse(number.dump(), true);
            if (printed && printed == sql::Decimal::parse(decimal_text(k, s))) return number;
            return json(k / pow10(s));
        });
    });
}

/// m * 2^e with |m| < 2^24 (float) or 2^53 (double): exactly representable, and nlohmann_json prints doubles so
/// that they read back unchanged.
rc::Gen<json> float_gen(bool single) {
    const std::int64_t mantissa = (std::int64_t{1} << (single ? 24 : 53)) - 1;
    const int exponent = single ? 40 : 80;
    auto scaled = rc::gen::apply([](std::int64_t m, int e) { return json(std::ldexp(static_cast<double>(m), e)); },
                                 in_range(-mantissa, mantissa + 1), in_range(-exponent, exponent + 1));
    return weighted<json>({
        {2, rc::gen::map(in_range(-1000, 1001), [](int v) { return json(static_cast<double>(v)); })},
        {2, rc::gen::element(json(0.0), json(1.0), json(-1.0), json(0.5), json(-0.25))},
        {6, scaled},
    });
}

bool leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int days_in_month(int y, int m) {
    static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && leap(y) ? 29 : kDays[m - 1];
}

std::string format_time(int y, int mo, int d, int h, int mi, int s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d", y, mo, d, h, mi, s);
    return buf;
}

rc::Gen<json> datetime_gen(bool datetime2) {
    auto time = rc::gen::tuple(in_range(0, 24), in_range(0, 60), in_range(0, 60));
    auto random = rc::gen::exec([time] {
        const int y = *in_range(1900, 2101);
        const int m = *in_range(1, 13);
        const int d = *in_range(1, days_in_month(y, m) + 1);
        const auto [h, mi, s] = *time;
        return format_time(y, m, d, h, mi, s);
    });
    auto leap_day = rc::gen::apply(
        [](int y, std::tuple<int, int, int> t) {
            return format_time(y, 2, 29, std::get<0>(t), std::get<1>(t), std::get<2>(t));
        },
        rc::gen::element(1904, 2000, 2024, 2096), time);
    auto base = weighted<std::string>({
        {7, random},
        {1, rc::gen::just(std::string("1900-01-01T00:00:00"))},
        {1, rc::gen::just(std::string("2100-12-31T23:59:59"))},
        {1, leap_day},
    });
    if (!datetime2) return rc::gen::map(base, [](std::string s) { return json(std::move(s)); });
    return rc::gen::exec([base] {
        std::string text = *base;
        const int digits = *weighted_index({4, 1, 1, 1, 1, 1, 1, 3});  // 0: none; 7 often
        if (digits > 0) {
            const std::int64_t f = *in_range<std::int64_t>(0, pow10(digits));
            std::string frac = std::to_string(f);
            frac.insert(0, static_cast<std::size_t>(digits) - frac.size(), '0');
            text += "." + frac;
        }
        return json(text);
    });
}

}  // namespace

rc::Gen<std::string> text_gen(const SqlType& type, const std::string& prefix) {
    if (!type.is_text()) throw std::invalid_argument("text_gen: " + type.str() + " is not a text type");
    const bool unicode = type.is_unicode_text();
    const auto max = type.max_length();
    const std::size_t limit = max && *max >= 0 ? static_cast<std::size_t>(*max) : kUnboundedTextUnits;
    const std::size_t prefix_units = prefix.empty() ? 0 : units_of(prefix, unicode);
    if (prefix_units > limit)
        throw std::invalid_argument("text_gen: prefix \"" + prefix + "\" does not fit " + type.str());
    const int room = static_cast<int>(limit - prefix_units);
    // Built once per alphabet: immutable, shared by every text generator.
    static const auto ascii_table = std::make_shared<const PieceTable>(piece_table(false));
    static const auto unicode_table = std::make_shared<const PieceTable>(piece_table(true));
    const auto& table = unicode ? unicode_table : ascii_table;
    // One generator drawing every piece from one Random, not a RapidCheck draw per piece: text was the largest part of
    // a run's generation. It shrinks as RapidCheck shrinks containers: shorter first, then each character to 'a'.
    const auto text = rc::Gen<std::u32string>([=](const rc::Random& random, int) {
        rc::Random draws = random;
        const auto below = [&draws](std::uint64_t n) { return static_cast<int>(draws.next() % n); };
        const int mode = below(10);  // 2 in 10 empty, 6 any length, 2 exactly the maximum
        // Any length: first a scale (a power of two up to the room), then a length within it, so short texts are
        // as common as long ones are across scales (a length uniform up to the room made most texts long, and text
        // most of what a run generates, sends and stores). Keys (those with a prefix) keep uniform lengths: they
        // must differ, and short texts repeat.
        const auto any = [&] {
            if (!prefix.empty()) return below(static_cast<std::uint64_t>(room) + 1);
            const int bound = std::min(room, (1 << below(std::bit_width(static_cast<unsigned>(room)) + 1)) - 1);
            return below(static_cast<std::uint64_t>(bound) + 1);
        };
        const int target = mode < 2 ? 0 : mode < 8 ? any() : room;
        std::u32string out;
        std::size_t units = 0;
        const auto want = static_cast<std::size_t>(target);
        while (units < want)
            for (char32_t c : (*table)[below(static_cast<std::uint64_t>(table->total))]) {
                if (units == want) break;
                if (units + units_of(c, unicode) > want) c = U'x';  // one unit left: no half surrogate pair
                out.push_back(c);
                units += units_of(c, unicode);
            }
        return rc::shrinkable::shrinkRecur(std::move(out), [](const std::u32string& t) {
            return rc::seq::concat(rc::shrink::removeChunks(t), rc::shrink::eachElement(t, [](char32_t c) {
                                       return c == U'a' ? rc::Seq<char32_t>() : rc::seq::just(char32_t{U'a'});
                                   }));
        });
    });
    return rc::gen::map(text, [prefix](std::u32string out) {
        if (!out.empty() && out.back() == U' ') out.back() = U'a';  // SQL Server ignores trailing spaces
        return prefix + sql::to_utf8(out);
    });
}

bool admits_null(const json& schema) {
    if (!schema.is_object() || !schema.contains("type")) return false;
    const json& t = schema["type"];
    if (t.is_string()) return t == "null";
    return t.is_array() && std::find(t.begin(), t.end(), json("null")) != t.end();
}

rc::Gen<json> value_gen(const json& schema, const RecordGenOptions& options, const std::string& prefix) {
    if (!schema.is_object() || !schema.contains("x-sql-type") || !schema["x-sql-type"].is_string())
        throw std::invalid_argument("value_gen: property schema without x-sql-type: " + schema.dump());
    const SqlType type = SqlType::parse(schema["x-sql-type"].get<std::string>());
    const bool nullable = admits_null(schema);

    rc::Gen<json> value = rc::gen::just(json());
    if (schema.contains("enum") && schema["enum"].is_array()) {
        std::vector<json> values;
        for (const auto& v : schema["enum"])
            if (!v.is_null()) values.push_back(v);
        if (values.empty()) return rc::gen::just(json());
        value = rc::gen::elementOf(values);
    } else {
        switch (type.kind) {
            case SqlKind::NChar:
            case SqlKind::NVarChar:
            case SqlKind::Char:
            case SqlKind::VarChar:
                value = rc::gen::map(text_gen(type, fits_prefix(type, prefix) ? prefix : ""),
                                     [](std::string s) { return json(std::move(s)); });
                break;
            case SqlKind::Int: value = int_gen(schema); break;
            case SqlKind::Decimal: value = decimal_gen(options.profile); break;
            case SqlKind::Float: value = float_gen(type.is_single_precision_float()); break;
            case SqlKind::Datetime: value = datetime_gen(false); break;
            case SqlKind::Datetime2: value = datetime_gen(true); break;
            case SqlKind::Bit: value = rc::gen::map(rc::gen::arbitrary<bool>(), [](bool b) { return json(b); }); break;
            case SqlKind::Timestamp:
                value = rc::gen::map(in_range<std::int64_t>(1, std::int64_t{1} << 40),
                                     [](std::int64_t v) { return json(v); });
                break;
            case SqlKind::List: {
                if (!schema.contains("items") || !schema["items"].is_object())
                    throw std::invalid_argument("value_gen: list schema without an inline `items` object schema");
                RecordGenOptions nested = options;
                auto item = record_gen(schema["items"], nested);
                value = rc::gen::mapcat(in_range(0, 5), [item](int n) {
                    return rc::gen::map(rc::gen::container<std::vector<json>>(static_cast<std::size_t>(n), item),
                                        [](std::vector<json> items) { return json(std::move(items)); });
                });
                break;
            }
        }
    }
    if (!nullable) return value;
    return weighted<json>({{1, rc::gen::just(json())}, {7, value}});
}

}  // namespace bds::gen
