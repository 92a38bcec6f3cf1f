#include "sql/decimal.hpp"

#include <charconv>
#include <cstdlib>

namespace bds::sql {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

int compare_magnitude(const std::string& ai, const std::string& af, const std::string& bi, const std::string& bf) {
    if (ai.size() != bi.size()) return ai.size() < bi.size() ? -1 : 1;
    if (const int c = ai.compare(bi); c != 0) return c < 0 ? -1 : 1;
    // Without trailing zeros, fractions order lexicographically (a proper prefix is the smaller one).
    if (const int c = af.compare(bf); c != 0) return c < 0 ? -1 : 1;
    return 0;
}

}  // namespace

std::optional<Decimal> Decimal::parse(std::string_view text, bool allow_exponent) {
    std::size_t i = 0;
    bool negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
    std::string digits;  // all mantissa digits, the point sits after `point` of them
    std::size_t point = 0;
    bool seen_point = false;
    for (; i < text.size(); ++i) {
        if (is_digit(text[i])) {
            digits.push_back(text[i]);
            if (!seen_point) ++point;
        } else if (text[i] == '.' && !seen_point) {
            seen_point = true;
        } else {
            break;
        }
    }
    if (digits.empty()) return std::nullopt;
    long exponent = 0;
    if (i < text.size() && allow_exponent && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool exp_negative = false;
        if (i < text.size() && (text[i] == '+' || text[i] == '-')) exp_negative = text[i++] == '-';
        const std::size_t start = i;
        while (i < text.size() && is_digit(text[i])) ++i;
        if (i == start || i - start > 3) return std::nullopt;
        std::from_chars(text.data() + start, text.data() + i, exponent);
        if (exponent > 400) return std::nullopt;
        if (exp_negative) exponent = -exponent;
    }
    if (i != text.size()) return std::nullopt;

    // Move the point by the exponent, padding with zeros as needed.
    long shifted = static_cast<long>(point) + exponent;
    if (shifted < 0) {
        digits.insert(0, static_cast<std::size_t>(-shifted), '0');
        shifted = 0;
    } else if (shifted > static_cast<long>(digits.size())) {
        digits.append(static_cast<std::size_t>(shifted) - digits.size(), '0');
    }
    Decimal d;
    d.int_ = digits.substr(0, static_cast<std::size_t>(shifted));
    d.frac_ = digits.substr(static_cast<std::size_t>(shifted));
    const auto first = d.int_.find_first_not_of('0');
    d.int_.erase(0, first == std::string::npos ? d.int_.size() : first);
    const auto last = d.frac_.find_last_not_of('0');
    d.frac_.erase(last == std::string::npos ? 0 : last + 1);
    d.negative_ = negative && !d.is_zero();
    return d;
}

std::string Decimal::str() const {
    std::string out = negative_ ? "-" : "";
    out += int_.empty() ? "0" : int_;
    if (!frac_.empty()) out += "." + frac_;
    return out;
}

std::optional<int> Decimal::to_int32() const {
    if (!is_integer() || int_.size() > 10) return std::nullopt;
    const long long magnitude = int_.empty() ? 0 : std::strtoll(int_.c_str(), nullptr, 10);
    const long long value = negative_ ? -magnitude : magnitude;
    if (value < -2147483648LL || value > 2147483647LL) return std::nullopt;
    return static_cast<int>(value);
}

int compare(const Decimal& a, const Decimal& b) {
    if (a.negative_ != b.negative_) return a.negative_ ? -1 : 1;
    const int m = compare_magnitude(a.int_, a.frac_, b.int_, b.frac_);
    return a.negative_ ? -m : m;
}

Decimal Decimal::round(int scale) const {
    if (scale < 0 || frac_.size() <= static_cast<std::size_t>(scale)) return *this;
    const bool up = frac_[static_cast<std::size_t>(scale)] >= '5';
    std::string digits = int_ + frac_.substr(0, static_cast<std::size_t>(scale));
    if (up) {
        std::size_t i = digits.size();
        while (i > 0 && digits[i - 1] == '9') digits[--i] = '0';
        if (i == 0)
            digits.insert(digits.begin(), '1');
        else
            ++digits[i - 1];
    }
    const std::size_t int_len = digits.size() - static_cast<std::size_t>(scale);
    std::string text =
        (negative_ ? "-" : "") + (int_len ? digits.substr(0, int_len) : "0") + "." + digits.substr(int_len);
    if (scale == 0) text.pop_back();
    return *parse(text);
}

Decimal Decimal::truncate(int scale) const {
    if (scale < 0 || frac_.size() <= static_cast<std::size_t>(scale)) return *this;
    const std::string text = (negative_ ? "-" : "") + (int_.empty() ? std::string("0") : int_) + "." +
                             frac_.substr(0, static_cast<std::size_t>(scale));
    return *parse(scale == 0 ? text.substr(0, text.size() - 1) : text);
}

}  // namespace bds::sql
