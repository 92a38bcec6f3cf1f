#pragma once
// Reads the seeds' own Markdown tables, so the catalogue is checked against the seed text itself and not
// against a second transcription.
#include <map>
#include <string>
#include <vector>

namespace bds::test {

/// The rows of the first Markdown table after the line `heading` whose header row starts with
/// `first_column`: each row is a map column name -> cell text (trimmed).
std::vector<std::map<std::string, std::string>> seed_table(const std::string& text, const std::string& heading,
                                                           const std::string& first_column);

/// The text of the seed document whose file name starts with `prefix` ("000", "001").
std::string seed_text(const std::string& prefix);

/// Splits "a, b, c" into {"a", "b", "c"}.
std::vector<std::string> split_list(const std::string& cell);

}  // namespace bds::test
