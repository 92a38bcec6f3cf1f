#include "catalogue/sql_type.hpp"

#include <array>
#include <charconv>
#include <stdexcept>
#include <utility>

namespace bds {
namespace {

struct KindName {
    SqlKind kind;
    std::string_view name;
    bool takes_length;
};

constexpr std::array<KindName, 12> kKinds{{
    {SqlKind::Int, "int", false},
    {SqlKind::Decimal, "decimal", false},
    {SqlKind::Float, "float", true},
    {SqlKind::Datetime, "datetime", false},
    {SqlKind::Datetime2, "datetime2", false},
    {SqlKind::Bit, "bit", false},
    {SqlKind::Timestamp, "timestamp", false},
    {SqlKind::NChar, "nchar", true},
    {SqlKind::NVarChar, "nvarchar", true},
    {SqlKind::Char, "char", true},
    {SqlKind::VarChar, "varchar", true},
    {SqlKind::List, "list", false},
}};

}  // namespace

SqlType SqlType::parse(std::string_view text) {
    auto fail = [&](std::string_view why) {
        throw std::invalid_argument("SQL type \"" + std::string(text) + "\": " + std::string(why));
    };
    const auto open = text.find('(');
    const std::string_view base = text.substr(0, open);
    const KindName* found = nullptr;
    for (const auto& k : kKinds)
        if (k.name == base) found = &k;
    if (!found)
        fail(
            "expected one of int, decimal, float(n), datetime, datetime2, bit, timestamp, nchar(n), nvarchar(n), char(n), varchar(n), list");

    SqlType t{found->kind, std::nullopt};
    if (open == std::string_view::npos) return t;
    if (!found->takes_length) fail("this type takes no length");
    if (text.back() != ')') fail("expected a closing parenthesis");
    const std::string_view digits = text.substr(open + 1, text.size() - open - 2);
    int n = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (ec != std::errc{} || end != digits.data() + digits.size()) fail("expected an integer length");
    if (n == 0 || n < -1) fail("expected a length >= 1, or -1 for unbounded");
    if (n == -1 && !(t.kind == SqlKind::NVarChar || t.kind == SqlKind::VarChar))
        fail("only varchar and nvarchar may be unbounded (-1)");
    if (t.kind == SqlKind::Float && (n < 1 || n > 53)) fail("float(n) takes n from 1 to 53");
    t.length = n;
    return t;
}

std::string SqlType::str() const {
    std::string out;
    for (const auto& k : kKinds)
        if (k.kind == kind) out = k.name;
    if (length) out += "(" + std::to_string(*length) + ")";
    return out;
}

bool SqlType::is_text() const {
    return kind == SqlKind::NChar || kind == SqlKind::NVarChar || kind == SqlKind::Char || kind == SqlKind::VarChar;
}

bool SqlType::is_unicode_text() const { return kind == SqlKind::NChar || kind == SqlKind::NVarChar; }

bool SqlType::is_fixed_text() const { return kind == SqlKind::NChar || kind == SqlKind::Char; }

std::optional<int> SqlType::max_length() const {
    if (!is_text() || !length || *length < 0) return std::nullopt;
    return length;
}

bool SqlType::is_single_precision_float() const { return kind == SqlKind::Float && length && *length <= 24; }

}  // namespace bds
