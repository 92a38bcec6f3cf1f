#pragma once
/// The text of the numbers in a JSON text that a binary double would change. nlohmann_json reads every number with a
/// fraction or an exponent as a double, which keeps 15 significant digits exactly: 123456789012.345678, a value of
/// decimal(18,6), reads back as 123456789012.34567. A decimal column keeps every digit (spec/assumptions.md A-120), so
/// the stub stores a decimal from the text it was sent, and LIM-04 compares a decimal with the text a target wrote.
#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <string_view>

#include "schema/json_limits.hpp"

namespace bds {

/// JSON pointer of a number ("/3/val_fido") → its text as written, for the numbers beyond_double.
using NumberTexts = std::map<std::string, std::string>;

/// Whether a JSON number's text has more significant digits than a double keeps exactly (15): leading zeros and the
/// zeros that end its digits do not count, nor does its exponent. A number of at most 15 reads back from a double as
/// the same value (nlohmann_json prints a double as the shortest text that reads back to it).
bool beyond_double(std::string_view number);

/// `text` parsed as parse_bounded parses it (a discarded value when it is no JSON or nests deeper than `max_depth`),
/// and the text of each number in it that is beyond_double put in `texts` (which is cleared first).
nlohmann::json parse_keeping_numbers(std::string_view text, NumberTexts& texts, int max_depth = kMaxJsonDepth);

}  // namespace bds
