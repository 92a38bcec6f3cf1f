#pragma once
/// SQL Server column types as the seeds write them ("nvarchar(50)", "decimal", "float(10)", "list").
#include <optional>
#include <string>
#include <string_view>

namespace bds {

/// The families of database types the seeds use (000 §1, "Field types are given as database types").
enum class SqlKind { Int, Decimal, Float, Datetime, Datetime2, Bit, Timestamp, NChar, NVarChar, Char, VarChar, List };

/// A parsed column type. `length` is the declared length of text types (-1 = unbounded, as the seeds
/// write it) or the mantissa bits of float(n); it is empty where the seeds give none (e.g. a bare
/// "nvarchar" in the MCP document views).
struct SqlType {
    SqlKind kind = SqlKind::Int;
    std::optional<int> length;

    /// Parses a type as written in the catalogue; throws std::invalid_argument naming the text otherwise.
    static SqlType parse(std::string_view text);

    /// The canonical text, e.g. "nvarchar(50)"; parse(str()) == *this.
    std::string str() const;

    bool is_text() const;
    /// nchar/nvarchar store Unicode (lengths in UTF-16 code units); char/varchar store Windows-1252.
    bool is_unicode_text() const;
    /// char(n)/nchar(n): fixed length, padded with trailing spaces on store.
    bool is_fixed_text() const;
    /// A bounded maximum length in characters (UTF-16 units for the Unicode types), if any.
    std::optional<int> max_length() const;
    /// float(n) with n <= 24 is stored as a 4-byte real, otherwise as an 8-byte float.
    bool is_single_precision_float() const;

    friend bool operator==(const SqlType&, const SqlType&) = default;
};

}  // namespace bds
