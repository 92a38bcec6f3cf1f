#pragma once
/// Date-times as SQL Server's datetime and datetime2 hold them, for RecordSelection comparisons.
/// Shared by the RecordSelection evaluator, the stub and the record validator.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <chrono>

#include "catalogue/sql_type.hpp"

namespace bds::sql {

/// 100 ns units (datetime2's resolution) since 0001-01-01T00:00:00.
using Ticks = std::int64_t;

/// Where a date-time text comes from: a quoted literal of the condition, or a value of a record.
enum class TimeSource { Literal, Record };

/// The result of parse_datetime: the instant, or why the text is not one.
struct TimeParse {
    std::optional<Ticks> ticks;
    std::string error;
};

/// Parses a date-time for a column of kind `kind` (SqlKind::Datetime or SqlKind::Datetime2).
///  - Forms: 'YYYY-MM-DD', 'YYYYMMDD', either followed by ' HH:MM[:SS[.f]]', or 'YYYY-MM-DDTHH:MM:SS[.f]'
///    (the forms SQL Server reads the same way whatever the session's language, except as noted in
///    selection.hpp for datetime and 'YYYY-MM-DD').
///  - Literals may have surrounding spaces (SQL Server trims them); datetime literals take at most 3
///    fractional digits (more is a conversion error in SQL Server), datetime2 at most 7.
///  - Record values (ISO 8601, spec/assumptions.md A-14) may also end in 'Z' or an offset '+HH:MM'/'-HH:MM',
///    which is applied to give UTC; up to 7 fractional digits for either kind.
///  - datetime values are rounded to its 1/300 s resolution (.000, .003, .007), as SQL Server does when it
///    converts text to datetime; the range is 1753-01-01 to 9999-12-31 23:59:59.997 for datetime and
///    0001-01-01 to 9999-12-31 23:59:59.9999999 for datetime2.
TimeParse parse_datetime(std::string_view text, SqlKind kind, TimeSource source);

/// A calendar date.
struct CivilDate {
    int year = 1;
    int month = 1;
    int day = 1;
};

/// The date of an instant, and the instant a date begins.
CivilDate civil_from_ticks(Ticks t);
Ticks ticks_from_civil(CivilDate date);

/// The ISO 8601 week number (1..53) of an instant's date.
int iso_week(Ticks t);

/// An instant of the system clock as ticks (UTC).
Ticks ticks_from(std::chrono::system_clock::time_point t);

/// ISO 8601 as the stub writes it: "YYYY-MM-DDTHH:MM:SS.fff" for datetime (rounded to 1/300 s),
/// "YYYY-MM-DDTHH:MM:SS.fffffff" for datetime2.
std::string format_datetime(Ticks t, SqlKind kind);

}  // namespace bds::sql
