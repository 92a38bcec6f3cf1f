#pragma once
/// The bounds the limits suite (limits.cpp, limit_values.cpp) sends: PageSize and PageNumber at int32's limits and
/// where the offset of a page passes them (000 §4.1: both are int32), LastUtcRun at the ends of the date-time types
/// (000 §4.3), and decimals of more digits than a double keeps (000 §1; A-120).
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "run/context.hpp"

namespace bds::suites::limits {

/// int32's largest value, the largest PageSize and PageNumber are (000 §4.1).
inline constexpr long long kInt32Max = 2147483647;

/// A page asked for at a bound.
struct PageBound {
    long long size;
    long long number;
    const char* why;
};

/// Pages whose first row, (PageNumber - 1) x PageSize, lies at or past 2^31 - 2: no list holds that many rows, so each
/// is empty where it is served. Most are where that offset, or PageNumber x PageSize, no longer fits an int32; the
/// small PageSizes reach it under any cap.
inline const std::vector<PageBound> kFarPages = {
    {1, kInt32Max, "PageNumber at int32's largest"},
    {2, kInt32Max, "(PageNumber - 1) x PageSize past int32"},
    {2, 1073741825, "the first row at 2^31, one past int32"},
    {65536, 32769, "the first row at 2^31, one past int32"},
    {kInt32Max, 2, "PageSize at int32's largest: PageNumber x PageSize past int32"},
    {kInt32Max, kInt32Max, "both at int32's largest"},
};

/// "PageSize=…&PageNumber=…", for messages.
std::string page_text(long long size, long long number);

/// LastUtcRun at the last instant of SQL Server's datetime: nothing changed after it.
inline constexpr const char* kLastInstant = "9999-12-31 23:59:59.997";
/// LastUtcRun at the first day of SQL Server's datetime, and at the first of datetime2 (which datetime cannot hold:
/// every record changed after either.
inline constexpr const char* kFirstDatetime = "1753-01-01 00:00:00.000";
inline constexpr const char* kFirstDatetime2 = "0001-01-01 00:00:00.000";

/// Decimal texts of 16 to 18 significant digits within the target's decimal(precision, scale): the largest
/// run of digits up to 18 its precision holds, positive and negative, and 2^53 + 1 (the first integer a double skips)
/// where the precision leaves 16 integer digits, else another run. Empty when the precision is below 16 (a double
/// keeps every value of 15 digits).
std::vector<std::string> long_decimals(int precision, int scale);

/// The decimal fields of `record` a check may set freely (not a key, not managed, no listed values), in order.
std::vector<const Field*> free_decimal_fields(const Record& record);

/// The body of a POST sync of `sent` with each of `texts` written in the field of the same place of `fields` as the
/// number it is, digit for digit (a JSON value would pass through a double).
std::string body_with_numbers(const nlohmann::json& sent, const std::vector<const Field*>& fields,
                              const std::vector<std::string>& texts);

/// POST sync of `body` (of records `sent`) as the writer, journaled for the clean-up as `sent` when it may have landed.
client::HttpResponse send_text(Context& ctx, const Record& record, const std::string& body, const nlohmann::json& sent);

}  // namespace bds::suites::limits
