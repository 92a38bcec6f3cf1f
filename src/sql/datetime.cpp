#include "sql/datetime.hpp"

#include <cstdio>

namespace bds::sql {
namespace {

constexpr Ticks kTicksPerSecond = 10'000'000;
constexpr Ticks kTicksPerDay = 86'400 * kTicksPerSecond;

// Days from 0001-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil, shifted).
std::int64_t days_since_0001(int y, int m, int d) {
    y -= m <= 2;
    const int era = y / 400;
    const int yoe = y - era * 400;
    const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    const std::int64_t from_0000_03_01 = std::int64_t{era} * 146097 + doe;
    return from_0000_03_01 - 306;  // 0001-01-01 is 306 days after 0000-03-01
}

int days_in_month(int y, int m) {
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : kDays[m - 1];
}

// datetime counts 1/300 s; SQL Server rounds to the nearest such tick, halves upward (.005 -> .007).
Ticks round_to_datetime(Ticks t) {
    const Ticks seconds = t / kTicksPerSecond;
    const Ticks frac = t % kTicksPerSecond;
    const Ticks tick300 = (frac * 3 + 50'000) / 100'000;
    return seconds * kTicksPerSecond + (tick300 * 200'000 + 3) / 6;  // tick300 * 10^7 / 300, rounded
}

class Reader {
public:
    explicit Reader(std::string_view s) : s_(s) {}
    bool at_end() const { return i_ == s_.size(); }
    char peek() const { return at_end() ? '\0' : s_[i_]; }
    bool take(char c) {
        if (peek() != c) return false;
        ++i_;
        return true;
    }
    /// Exactly n digits into `out`.
    bool digits(int n, int& out) {
        out = 0;
        for (int k = 0; k < n; ++k) {
            const char c = peek();
            if (c < '0' || c > '9') return false;
            out = out * 10 + (c - '0');
            ++i_;
        }
        return true;
    }
    /// One or more digits; returns how many, and their value scaled to 7 digits (100 ns) in `ticks`.
    int fraction(Ticks& ticks) {
        int count = 0;
        ticks = 0;
        while (peek() >= '0' && peek() <= '9') {
            if (count < 7) ticks = ticks * 10 + (peek() - '0');
            ++count;
            ++i_;
        }
        for (int k = count; k < 7; ++k) ticks *= 10;
        return count;
    }

private:
    std::string_view s_;
    std::size_t i_ = 0;
};

TimeParse fail(std::string why) { return {std::nullopt, std::move(why)}; }

}  // namespace

TimeParse parse_datetime(std::string_view text, SqlKind kind, TimeSource source) {
    const bool literal = source == TimeSource::Literal;
    const bool small = kind == SqlKind::Datetime;
    const char* type_name = small ? "datetime" : "datetime2";
    if (literal) {
        while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
        while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    }
    const std::string forms =
        "expected 'YYYY-MM-DD', 'YYYYMMDD', 'YYYY-MM-DD HH:MM:SS[.fff]' or 'YYYY-MM-DDTHH:MM:SS[.fff]'";
    Reader r(text);
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
    if (!r.digits(4, y)) return fail(forms);
    const bool dashed = r.take('-');
    if (!r.digits(2, mo) || (dashed && !r.take('-')) || !r.digits(2, d)) return fail(forms);
    Ticks frac = 0;
    int offset_minutes = 0;
    if (!r.at_end()) {
        const bool t_form = r.peek() == 'T';
        if (!(r.take(' ') || (dashed && r.take('T')))) return fail(forms);
        if (!r.digits(2, h) || !r.take(':') || !r.digits(2, mi)) return fail(forms);
        if (r.take(':')) {
            if (!r.digits(2, s)) return fail(forms);
            if (r.take('.')) {
                const int n = r.fraction(frac);
                if (n == 0) return fail(forms);
                if (n > 7) return fail("more than 7 fractional digits of a second");
                if (literal && small && n > 3) return fail("a datetime takes at most 3 fractional digits of a second");
            }
        } else if (t_form && literal) {
            return fail("the 'T' form needs seconds, 'YYYY-MM-DDTHH:MM:SS'");
        }
        if (!literal && (r.peek() == '+' || r.peek() == '-')) {
            const bool minus = r.peek() == '-';
            r.take(r.peek());
            int oh = 0, om = 0;
            if (!r.digits(2, oh) || !r.take(':') || !r.digits(2, om) || oh > 14 || om > 59)
                return fail("invalid UTC offset");
            offset_minutes = (minus ? -1 : 1) * (oh * 60 + om);
        } else if (!literal) {
            r.take('Z');
        }
    }
    if (!r.at_end()) return fail(forms);
    if (y < 1 || mo < 1 || mo > 12) return fail("no such month");
    if (d < 1 || d > days_in_month(y, mo)) return fail("no such day");
    if (h > 23 || mi > 59 || s > 59) return fail("no such time of day");

    Ticks t = days_since_0001(y, mo, d) * kTicksPerDay + ((h * 60 + mi) * 60 + s) * kTicksPerSecond + frac;
    t -= Ticks{offset_minutes} * 60 * kTicksPerSecond;
    if (small) t = round_to_datetime(t);
    const Ticks min = small ? days_since_0001(1753, 1, 1) * kTicksPerDay : 0;
    const Ticks max = days_since_0001(9999, 12, 31) * kTicksPerDay + 86'399 * kTicksPerSecond +
                      (small ? round_to_datetime(9'970'000) : kTicksPerSecond - 1);
    if (t < min || t > max) return fail(std::string("outside the range of ") + type_name);
    return {t, {}};
}

CivilDate civil_from_ticks(Ticks t) {
    // H. Hinnant's civil_from_days, from days since 0001-01-01.
    const std::int64_t z = t / kTicksPerDay + 306;  // days since 0000-03-01
    const std::int64_t era = z / 146097;
    const std::int64_t doe = z - era * 146097;
    const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const std::int64_t mp = (5 * doy + 2) / 153;
    const int day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    const int month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    return {static_cast<int>(yoe + era * 400 + (month <= 2)), month, day};
}

Ticks ticks_from_civil(CivilDate date) { return days_since_0001(date.year, date.month, date.day) * kTicksPerDay; }

int iso_week(Ticks t) {
    const std::int64_t days = t / kTicksPerDay;
    const int weekday = static_cast<int>(days % 7);    // 0001-01-01 was a Monday: 0 = Monday
    const std::int64_t thursday = days - weekday + 3;  // the week's Thursday decides its year
    const int year = civil_from_ticks(thursday * kTicksPerDay).year;
    return static_cast<int>((thursday - days_since_0001(year, 1, 1)) / 7 + 1);
}

Ticks ticks_from(std::chrono::system_clock::time_point t) {
    const auto since_epoch =
        std::chrono::duration_cast<std::chrono::duration<Ticks, std::ratio<1, 10'000'000>>>(t.time_since_epoch());
    return days_since_0001(1970, 1, 1) * kTicksPerDay + since_epoch.count();
}

std::string format_datetime(Ticks t, SqlKind kind) {
    const bool small = kind == SqlKind::Datetime;
    if (small) t = round_to_datetime(t);
    const CivilDate d = civil_from_ticks(t);
    const Ticks in_day = t % kTicksPerDay;
    const Ticks secs = in_day / kTicksPerSecond;
    const Ticks frac = in_day % kTicksPerSecond;
    char buf[40];
    if (small)
        std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03d", d.year, d.month, d.day,
                      static_cast<int>(secs / 3600), static_cast<int>(secs / 60 % 60), static_cast<int>(secs % 60),
                      static_cast<int>((frac + 5000) / 10000));
    else
        std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%07d", d.year, d.month, d.day,
                      static_cast<int>(secs / 3600), static_cast<int>(secs / 60 % 60), static_cast<int>(secs % 60),
                      static_cast<int>(frac));
    return buf;
}

}  // namespace bds::sql
