#pragma once
/// An exact decimal number, for comparing int, decimal and bit values the way SQL Server does: exactly, so
/// that 1.10 = 1.1 and 0.1 + nothing is still 0.1. Shared by the RecordSelection evaluator, the stub and the record
/// validator.
#include <optional>
#include <string>
#include <string_view>

namespace bds::sql {

class Decimal {
public:
    /// Parses `[+|-]digits[.digits]` or `[+|-].digits` (and `digits.`); with `allow_exponent`, also a
    /// trailing `e[+|-]digits` (JSON numbers as nlohmann_json prints doubles, e.g. "1e+20"). Exponents are
    /// limited to ±400 so that no text can ask for a huge expansion. Returns nullopt for anything else.
    static std::optional<Decimal> parse(std::string_view text, bool allow_exponent = false);

    /// The canonical text: no leading or trailing zeros, no "+", "-" only for non-zero values, "0" for zero.
    std::string str() const;

    bool is_zero() const { return int_.empty() && frac_.empty(); }
    bool is_integer() const { return frac_.empty(); }
    /// How many digits stand before the point (0 for |value| < 1).
    int integer_digits() const { return static_cast<int>(int_.size()); }
    /// The value rounded to `scale` fractional digits, halves away from zero (as SQL Server rounds into a
    /// decimal(p, scale) column).
    Decimal round(int scale) const;
    /// The value cut to `scale` fractional digits, towards zero (as some drivers store a value beyond a column's
    /// scale: spec/assumptions.md A-105).
    Decimal truncate(int scale) const;

    /// The value as an int32, if it is an integer in that range (SQL Server's `int`).
    std::optional<int> to_int32() const;

    /// <0, 0 or >0 as a is less than, equal to or greater than b.
    friend int compare(const Decimal& a, const Decimal& b);
    friend bool operator==(const Decimal&, const Decimal&) = default;

private:
    bool negative_ = false;
    std::string int_;   ///< integer digits without leading zeros; empty when |value| < 1
    std::string frac_;  ///< fraction digits without trailing zeros
};

}  // namespace bds::sql
