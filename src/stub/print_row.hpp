#pragma once
/// A row printed as a read answers it: nlohmann_json's compact text, except for the decimals the store keeps as their
/// exact text (normalize.hpp keep_exact_decimals: more digits than a double holds), which print as the JSON numbers
/// they are while decimals are written as numbers.
#include <nlohmann/json.hpp>

#include <string>

#include "catalogue/catalogue.hpp"

namespace bds::stub {

/// `row` (a presented row of `record`, lines nested) as JSON text; with `decimal_numbers`, a decimal field holding its
/// exact text printed as a number.
std::string print_row(const Catalogue& catalogue, const Record& record, const nlohmann::json& row,
                      bool decimal_numbers);

}  // namespace bds::stub
