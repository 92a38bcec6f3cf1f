#pragma once
/// A validated sent record made into what SQL Server would store (and the stub returns): char(n)/nchar(n) padded to n,
/// datetime rounded to 1/300 s and datetime2 to 100 ns in one ISO 8601 form, decimals rounded to the profile's
/// scale, nested document lines carrying their header's key_documento.
#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

#include "catalogue/catalogue.hpp"
#include "schema/number_texts.hpp"
#include "schema/record_validator.hpp"
#include "sql/text_rules.hpp"

namespace bds::stub {

/// A record that validates but cannot be stored; `pointer` says where (relative to the record).
struct NormalizeError {
    std::string pointer;
    std::string message;
};

/// Throws NormalizeError. `tenant` becomes customer_ID (the body's value is ignored: A-26). Fields sent as
/// null stay null (the store decides what a field not sent means, A-60); nested records keep no nulls.
nlohmann::json normalize_for_store(const Catalogue& catalogue, const Record& record, const nlohmann::json& sent,
                                   int tenant, const SqlProfile& profile, const sql::TextRules& keys);

/// The decimals of `normalized` (record `record` of the block, its lines included) whose text `texts` kept (the
/// block's numbers beyond a double, by JSON pointer; `at` is the record's, "/3") stored from that text, every digit
/// a JSON number where a double holds the value, else its text. A decimal with more fractional digits than
/// `scale` is left as the double made it (the generators never send one).
void keep_exact_decimals(const Catalogue& catalogue, const Record& record, nlohmann::json& normalized,
                         const NumberTexts& texts, const std::string& at, int scale);

}  // namespace bds::stub
