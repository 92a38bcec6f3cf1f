#pragma once
/// RapidCheck generators of single field values, driven at run time by a property's JSON Schema (as in
/// schemas/*.sent.json): the SQL type comes from the `x-sql-type` extension keyword, the choices from `enum`,
/// nullability from a type array containing "null". No per-resource code: everything is read from the schema.
#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "catalogue/sql_type.hpp"
#include "generate/show_json.hpp"
#include "schema/record_validator.hpp"

namespace bds::gen {

/// How records and values are generated.
/// The numbers of one check's keys in a key pool's runs (RecordGenOptions::key_numbers), counted per record type, so
/// that how many records of one type a check draws moves no key of another.
class KeyNumbers {
public:
    /// The next number of records of type `record` (its schema's title).
    std::uint64_t next(const std::string& record) {
        std::lock_guard lock(mutex_);
        return next_[record]++;
    }

private:
    std::mutex mutex_;
    std::map<std::string, std::uint64_t> next_;
};

struct RecordGenOptions {
    /// Every text key field (x-bds-key, except the tenant field) starts with this prefix where it fits, so that
    /// the records of one run are recognisable and do not collide with other runs'. Empty: no prefix.
    std::string run_prefix;
    /// Decimal precision and scale assumed for `decimal` fields (spec/assumptions.md A-16).
    SqlProfile profile;
    /// The tenant field: it is taken from the token, so by default it is never generated.
    std::string tenant_field = "customer_ID";
    /// When set, the tenant field is always present with this value instead of absent.
    std::optional<std::int32_t> tenant_id;
    /// Records are active: flg_isdeleted false (000 §1 "active records send false"). Whether GET resources
    /// lists deleted records is a target's choice, so only deletion checks send them.
    bool active_only = false;
    /// When set (the runs of a key pool, run/key_pool.hpp), each record takes the counter's next number n: its text
    /// keys drawn under the prefix are the prefix and n (base 36), and its keys of a few stated values (ind_clifor) the
    /// n-th of them in turn, so that a check's keys are the same every run whatever the seed, as far as it draws as
    /// many records (record_gen). Shared by the generators of one check.
    std::shared_ptr<KeyNumbers> key_numbers{};
};

/// Lengths of unbounded text (nvarchar(-1), varchar(-1), or no length): generated values stay within this
/// many UTF-16 units.
inline constexpr int kUnboundedTextUnits = 300;

/// Text for a column of type `type` (nvarchar/nchar/varchar/char): at most the column's length, counted in
/// UTF-16 units for the Unicode types (an astral character counts 2) and in characters for varchar/char,
/// which only get Windows-1252 characters. The mix includes ASCII, spaces, apostrophes ("L'Aquila",
/// "O''Brien"), Italian accented letters and, for the Unicode types, astral and other non-Windows-1252
/// characters. The empty text and a text of exactly the maximum length each come up about one time in five; other
/// lengths spread over the scales up to the maximum (as many up to 8 as from 128 to 255), or evenly with a prefix.
/// Never ends in a space (SQL Server ignores trailing spaces when comparing). nchar/char values are not padded.
/// `prefix` (for varchar/char, assumed to be Windows-1252) starts every value; the rest fills at most the
/// remaining length; std::invalid_argument if the prefix alone is too long. Lengths do not depend on
/// RapidCheck's size parameter. Shrinks towards shorter texts of ASCII letters.
rc::Gen<std::string> text_gen(const SqlType& type, const std::string& prefix = "");

/// Whether a property schema's type admits null (a type array containing "null").
bool admits_null(const nlohmann::json& property_schema);

/// One value for a property schema, by its `x-sql-type`:
///  - text types: text_gen (with `prefix` when the property has no `enum`, is text, and the prefix fits;
///    otherwise the prefix is ignored);
///  - int: int32 values (within `minimum`/`maximum` if given) with 0, 1, -1 and the range's ends often;
///  - decimal: k / 10^s with s <= profile scale, at most profile precision - scale integer digits and at most
///    15 significant digits in all, so that the JSON number prints exactly that decimal (see value_gen.cpp);
///  - float(n): values exactly representable as a float (n <= 24) or a double;
///  - datetime: "YYYY-MM-DDTHH:MM:SS" (whole seconds, real dates, years 1900..2100); datetime2: optionally
///    with 1 to 7 fractional digits;
///  - bit: a boolean; timestamp: a positive integer; list: 0..4 nested records (record_gen of `items`).
/// With `enum`, only its non-null values are picked. When the schema's type admits null, null comes up about
/// one time in eight. Throws std::invalid_argument for a schema without a known `x-sql-type`.
rc::Gen<nlohmann::json> value_gen(const nlohmann::json& property_schema, const RecordGenOptions& options = {},
                                  const std::string& prefix = "");

}  // namespace bds::gen
