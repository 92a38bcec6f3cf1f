#pragma once
/// A body template of the target file: JSON the harness fills with a request's values where the seeds leave a
/// body's shape unshown (000 §4.2: "Request body shape and response shape are not shown", spec/assumptions.md
/// A placeholder is "$Name" (Name: letters, digits, '_'; the longest such run) that names a value the
/// request offers; any other '$' is literal text. Every template of the target file is filled by fill_template.
#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace bds::client {

/// The values a template's placeholders stand for, by placeholder ("$PageSize"): a typed value (text, number,
/// boolean), or nullopt when the request has none (a query without paging).
using PlaceholderValues = std::map<std::string, std::optional<nlohmann::json>, std::less<>>;

/// `tmpl` with its placeholders filled:
/// - a string that is one placeholder and nothing else takes the value with its type ("$PageSize" → 50,
///   "$OrderDescending" → true);
/// - inside a longer string each placeholder is replaced by its value's text ("$OrderField $OrderDirection" →
///   "cod_clifor DESC"; a number as JSON prints it, a boolean as true or false);
/// - a string with a placeholder whose value is absent is absent itself, also when the string's other
///   placeholders have values: a half-filled text ("cod_clifor " or " DESC") would be a malformed value, not the
///   request's;
/// - an object member whose value is absent is left out, and so is an array element that is absent or that had
///   members or elements and is left with none (an OrderBy entry of a query without order);
/// - everything else (numbers, booleans, null, strings without placeholders, member names) is kept as it is.
/// nullopt: the whole template is absent (a template that is one absent placeholder).
std::optional<nlohmann::json> fill_template(const nlohmann::json& tmpl, const PlaceholderValues& values);

/// Whether `placeholder` ("$OrderField") stands somewhere in `tmpl`: a whole string or a part of one.
bool mentions(const nlohmann::json& tmpl, std::string_view placeholder);

}  // namespace bds::client
