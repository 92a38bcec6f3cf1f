#pragma once
/// Validation of a record against the contract: its generated JSON Schema (valijson) and the SQL type rules a
/// schema cannot express (lengths in UTF-16 units, Windows-1252 for varchar/char, real calendar dates,
/// decimal precision). Used by the stub on every POST sync and by `conformance validate`.
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "schema/record_schema.hpp"

namespace bds {

/// One broken rule: where (a JSON pointer into the validated value), which field, and what was expected.
struct Violation {
    std::string pointer;  ///< e.g. "/3/des_ragsoc"
    std::string field;    ///< the field's name, empty for the record as a whole
    std::string message;  ///< what was expected and what came
    /// Which kind of rule: "required", "unknown_field", "allowed_values", "code_page", "length", "datetime",
    /// "decimal", "utf8", "number", or "schema" (any other rule of the JSON Schema: types, nesting).
    std::string rule = "schema";
};

/// The SQL profile the rules assume where the seeds are silent (spec/assumptions.md A-16).
struct SqlProfile {
    int decimal_precision = 19;
    int decimal_scale = 6;
    /// nvarchar(n)/nchar(n) hold n characters rather than n UTF-16 units. Returned records are always held to
    /// characters: a target counting them is as correct.
    bool lengths_in_code_points = false;
};

/// Sent records are held to everything a sender must send (ISO date-times, Windows-1252 in varchar/char,
/// numbers for decimals, allowed values); returned records only to what the seeds state of them: the forms a
/// target writes (date-times, decimals as numbers or strings, A-14, A-83), its code page and whether it holds
/// values outside the allowed ones are not shown.
class RecordValidator {
public:
    RecordValidator(const Catalogue& catalogue, const Record& record, Direction direction, SqlProfile profile = {});
    ~RecordValidator();
    RecordValidator(const RecordValidator&) = delete;
    RecordValidator& operator=(const RecordValidator&) = delete;

    /// Every violation of one record; `pointer` prefixes each pointer (e.g. "/3" for the 4th of a block).
    /// Safe to call from several threads at once.
    std::vector<Violation> validate(const nlohmann::json& record, const std::string& pointer = "") const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace bds
