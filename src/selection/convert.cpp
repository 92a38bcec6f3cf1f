#include "selection/convert.hpp"

#include <algorithm>
#include <charconv>

#include "common/text.hpp"
#include "selection/lexer.hpp"
#include "selection/sql_values.hpp"

namespace bds::selection_impl {
namespace {

bool is_numeric_kind(SqlKind k) {
    return k == SqlKind::Int || k == SqlKind::Decimal || k == SqlKind::Bit || k == SqlKind::Float;
}
bool is_time_kind(SqlKind k) { return k == SqlKind::Datetime || k == SqlKind::Datetime2; }
bool is_double(const SqlType& t) { return t.kind == SqlKind::Float && !t.is_single_precision_float(); }

std::string_view trim_spaces(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

bool all_digits_with_sign(std::string_view s) {
    if (!s.empty() && (s.front() == '+' || s.front() == '-')) s.remove_prefix(1);
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

template <class F>
std::optional<F> parse_float(std::string_view s) {
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    F value{};
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
    return value;
}

Converted fail(std::string why) { return {std::monostate{}, std::move(why)}; }

bool digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// A number as every engine reads a quoted one: [+|-]digits[.digits] or [+|-].digits, nothing around it.
bool plain_number(std::string_view s) {
    if (!s.empty() && (s.front() == '+' || s.front() == '-')) s.remove_prefix(1);
    const auto point = s.find('.');
    if (point == std::string_view::npos) return digits(s);
    const auto whole = s.substr(0, point), fraction = s.substr(point + 1);
    return (digits(whole) || whole.empty()) && (digits(fraction) || (fraction.empty() && !whole.empty()));
}

/// A date-time as every engine reads one: YYYY-MM-DD, optionally followed by ' ' or 'T' and HH:MM[:SS[.fraction]],
/// nothing around it (no blanks, no compact YYYYMMDD: SQL Server's own forms).
bool plain_datetime(std::string_view s) {
    auto at = [&](std::size_t i, char c) { return i < s.size() && s[i] == c; };
    auto num = [&](std::size_t i, std::size_t n) { return i + n <= s.size() && digits(s.substr(i, n)); };
    if (!(num(0, 4) && at(4, '-') && num(5, 2) && at(7, '-') && num(8, 2))) return false;
    if (s.size() == 10) return true;
    if (!(at(10, ' ') || at(10, 'T')) || !(num(11, 2) && at(13, ':') && num(14, 2))) return false;
    if (s.size() == 16) return true;
    if (!(at(16, ':') && num(17, 2))) return false;
    return s.size() == 19 || (at(19, '.') && s.size() > 20 && digits(s.substr(20)));
}

/// Whether only SQL Server's lenient conversions read `text` as a value of `type`: blanks around it, ''
/// as 0, 'true'/'false' for bit, compact or other date-time forms.
bool lenient_only(std::string_view text, const SqlType& type) {
    if (type.kind == SqlKind::Bit) return true;
    if (is_time_kind(type.kind)) return !plain_datetime(text);
    return !plain_number(text);
}

// Text to int, decimal or bit, as CAST(text AS type) does in SQL Server.
Converted text_to_exact(std::string_view text, const Column& c) {
    const std::string shown =
        "cannot convert '" + std::string(text) + "' to " + c.type.str() + " for comparison with '" + c.name + "'";
    const std::string_view t = trim_spaces(text);
    if (c.type.kind == SqlKind::Int) {
        if (t.empty()) return {*Decimal::parse("0"), {}};  // SQL Server: CAST('' AS int) is 0
        if (!all_digits_with_sign(t)) return fail(shown + ": not an integer");
        const auto d = Decimal::parse(t);
        if (!d->to_int32()) return fail(shown + ": out of the range of int");
        return {*d, {}};
    }
    if (c.type.kind == SqlKind::Bit) {
        if (iequals(t, "true")) return {*Decimal::parse("1"), {}};
        if (iequals(t, "false")) return {*Decimal::parse("0"), {}};
        if (!all_digits_with_sign(t)) return fail(shown + ": expected 'true', 'false' or an integer");
        return {*Decimal::parse(Decimal::parse(t)->is_zero() ? "0" : "1"), {}};
    }
    const auto d = Decimal::parse(t);
    if (!d) return fail(shown + ": not a decimal number");
    return {*d, {}};
}

template <class F>
Converted text_to_float(std::string_view text, const Column& c) {
    const std::string_view t = trim_spaces(text);
    if (t.empty()) return {F{0}, {}};  // SQL Server: CAST('' AS float) is 0
    const auto value = Decimal::parse(t, true) ? parse_float<F>(t) : std::nullopt;
    if (!value)
        return fail("cannot convert '" + std::string(text) + "' to " + c.type.str() + " for comparison with '" +
                    c.name + "'");
    return {*value, {}};
}

/// A text literal converted to `domain`.
Converted convert_text(const Literal& literal, const Column& against, Domain domain) {
    switch (domain) {
        case Domain::Text: return {*utf8_to_u32(literal.text), {}};
        case Domain::Exact: return text_to_exact(literal.text, against);
        case Domain::Double: return text_to_float<double>(literal.text, against);
        case Domain::Single: return text_to_float<float>(literal.text, against);
        case Domain::Time: {
            const auto t = parse_datetime(literal.text, against.type.kind, TimeSource::Literal);
            if (!t.ticks)
                return fail("cannot convert '" + literal.text + "' to " + against.type.str() +
                            " for comparison with '" + against.name + "': " + t.error);
            return {*t.ticks, {}};
        }
    }
    return fail("internal: unknown domain");
}

}  // namespace

Domain domain_of(const SqlType& type) {
    if (type.is_text()) return Domain::Text;
    if (is_time_kind(type.kind)) return Domain::Time;
    if (type.kind == SqlKind::Float) return is_double(type) ? Domain::Double : Domain::Single;
    return Domain::Exact;
}

std::optional<Domain> common_domain(const SqlType& a, const SqlType& b) {
    if (a.is_text() && b.is_text()) return Domain::Text;
    if (is_time_kind(a.kind) && is_time_kind(b.kind)) return Domain::Time;
    if (!is_numeric_kind(a.kind) || !is_numeric_kind(b.kind)) return std::nullopt;
    // Data type precedence: float > real > decimal > int > bit.
    if (is_double(a) || is_double(b)) return Domain::Double;
    if (a.kind == SqlKind::Float || b.kind == SqlKind::Float) return Domain::Single;
    return Domain::Exact;
}

Converted convert_literal(const Literal& literal, const Column& against, Domain domain) {
    if (literal.kind == Literal::Kind::Null) return {std::monostate{}, {}};
    if (literal.kind == Literal::Kind::Number) {
        switch (domain) {
            case Domain::Text:
                return fail(
                    "a number cannot be compared with text column '" + against.name +
                    "': SQL Server would convert every row's text to a number and fail on non-numeric ones; quote it ('" +
                    literal.text + "')");
            case Domain::Time:
                return fail("a number cannot be compared with date-time column '" + against.name +
                            "'; quote a date-time, e.g. '2024-01-31'");
            case Domain::Exact: return {*Decimal::parse(literal.text), {}};
            case Domain::Double: return {*parse_float<double>(literal.text), {}};
            case Domain::Single: {
                const auto f = parse_float<float>(literal.text);
                if (!f) return fail("number " + literal.text + " is out of the range of " + against.type.str());
                return {*f, {}};
            }
        }
    }
    Converted out = convert_text(literal, against, domain);
    out.lenient = domain != Domain::Text && out.error.empty() && lenient_only(literal.text, against.type);
    return out;
}

}  // namespace bds::selection_impl
