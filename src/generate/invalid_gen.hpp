#pragma once
/// RapidCheck generators of invalid sent records: a valid record from sent_record_gen with exactly one field
/// broken in one way, labelled with the rule it breaks, so that a target's answer can be judged (it must refuse
/// the block, naming that field). Only top-level fields are broken; the tenant field never is (it comes from
/// the token); the other fields stay valid and key fields keep the run prefix.
///
/// "Exactly one violation" means one rule broken on one field: RecordValidator (Direction::Sent) reports it
/// on that field only. It reports it twice where both its layers see the same fault: a text over
/// `maxLength` in code points (the schema) and in SQL units, or a date-time text that fails the schema's
/// pattern and the SQL parse. The generators mix those with faults only the SQL rules see (an nvarchar one
/// UTF-16 unit over that fits in code points, an impossible date such as 2023-02-30T00:00:00).
#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "generate/value_gen.hpp"

namespace bds::gen {

/// The rule an invalid variant breaks. Each has a stable text label (to_string), used in reports and by
/// `conformance generate --invalid`.
enum class InvalidKind {
    MissingRequired,    ///< "missing_required": a field of the schema's `required` list (keys included) removed
    StringTooLong,      ///< "string_too_long": a text field one unit over its finite length (UTF-16 units for
                        ///< nvarchar/nchar, characters for varchar/char); never a field with allowed values
    WrongJsonType,      ///< "wrong_json_type": e.g. a number for a text, the string "12" for an int, 0 for a bit;
                        ///< never a field with allowed values (that would break `enum` too)
    IntOutOfRange,      ///< "int_out_of_range": an int field (without allowed values) set to 2147483648 or -2147483649
    MalformedDatetime,  ///< "malformed_datetime": a datetime/datetime2 field set to an impossible instant
                        ///< ("2023-02-30T00:00:00", "2026-06-15T25:00:00") or "not a date"; never another form of a
                        ///< real date ("31/12/2026"): how a target reads date-times is not shown (A-14)
    NonArrayBlock,      ///< "non_array_block": the block itself is not a JSON array (the bare record, the block
                        ///< as a JSON string, a number, null)
};

/// Every kind, in declaration order.
inline constexpr InvalidKind kAllInvalidKinds[] = {InvalidKind::MissingRequired,   InvalidKind::StringTooLong,
                                                   InvalidKind::WrongJsonType,     InvalidKind::IntOutOfRange,
                                                   InvalidKind::MalformedDatetime, InvalidKind::NonArrayBlock};

/// The stable labels, one table for reports, the generate command and its readers.
NLOHMANN_JSON_SERIALIZE_ENUM(InvalidKind, {{InvalidKind::MissingRequired, "missing_required"},
                                           {InvalidKind::StringTooLong, "string_too_long"},
                                           {InvalidKind::WrongJsonType, "wrong_json_type"},
                                           {InvalidKind::IntOutOfRange, "int_out_of_range"},
                                           {InvalidKind::MalformedDatetime, "malformed_datetime"},
                                           {InvalidKind::NonArrayBlock, "non_array_block"}})

/// The stable label, e.g. "string_too_long".
inline std::string_view to_string(InvalidKind kind) { return enum_text(kind); }
/// The kind of a label, or nullopt.
inline std::optional<InvalidKind> invalid_kind_from_string(std::string_view label) {
    return enum_from_text<InvalidKind>(label);
}

/// One invalid variant.
struct InvalidRecord {
    InvalidKind kind;
    /// The broken (or removed) field; empty for NonArrayBlock.
    std::string field;
    /// What was done, for people: e.g. "des_ragsoc (nvarchar(60)) given 61 UTF-16 units".
    std::string description;
    /// The invalid record, to be sent in a block ([value]); for NonArrayBlock the whole (invalid) block.
    nlohmann::json value;
    /// The valid record it was made from (a negative control: a target must accept [valid]).
    nlohmann::json valid;
};

/// The fields of `record` that `kind` can break (empty for NonArrayBlock, which breaks no field).
std::vector<std::string> breakable_fields(const Catalogue& cat, const Record& record, InvalidKind kind,
                                          const RecordGenOptions& options = {});

/// The kinds that apply to `record`, in declaration order: those with a breakable field, and NonArrayBlock.
/// E.g. a record whose only int field is the tenant has no IntOutOfRange.
std::vector<InvalidKind> applicable_kinds(const Catalogue& cat, const Record& record,
                                          const RecordGenOptions& options = {});

/// Invalid variants of `record` breaking `kind`: a sent_record_gen record with one of breakable_fields broken.
/// Throws std::invalid_argument, naming the record and the kind, if the kind does not apply to the record.
rc::Gen<InvalidRecord> invalid_record_gen(const Catalogue& cat, const Record& record, InvalidKind kind,
                                          const RecordGenOptions& options = {});

/// Invalid variants of `record` breaking any applicable kind (picked uniformly).
rc::Gen<InvalidRecord> invalid_record_gen(const Catalogue& cat, const Record& record,
                                          const RecordGenOptions& options = {});

}  // namespace bds::gen
