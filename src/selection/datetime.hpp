#pragma once
/// Date-times as SQL Server's datetime and datetime2 hold them, for RecordSelection comparisons.
/// Internal to src/selection.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "catalogue/sql_type.hpp"

namespace bds::selection_impl {

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

}  // namespace bds::selection_impl
