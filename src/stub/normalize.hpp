#pragma once
/// A validated sent record made into what SQL Server would store (and the stub returns): char(n)/nchar(n) padded to n,
/// datetime rounded to 1/300 s and datetime2 to 100 ns in one ISO 8601 form, decimals rounded to the profile's
/// scale, nested document lines carrying their header's key_documento.
#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

#include "catalogue/catalogue.hpp"
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

}  // namespace bds::stub
