#pragma once
// Finds quotes in the seeds' own text, word for word: what checks show (tests/suites/registry_test.cpp) and what
// spec/requirements.json transcribes (tests/catalogue/requirements_test.cpp) are held to the seeds by this one matcher.
#include <string>
#include <vector>

namespace bds::test {

/// `text` with Markdown's emphasis and code marks dropped and every run of white space one space: a quote
/// spanning a line break or a table cell still matches.
std::string normalised(std::string text);

/// The parts of a quoted text: quotes joined by " … " (a table row is quoted with its cells joined by " | ").
std::vector<std::string> quotes(const std::string& quoted);

/// The quotes of `quoted` that `seeds` (normalised()) does not hold word for word.
std::vector<std::string> not_in_seeds(const std::string& quoted, const std::string& seeds);

/// The text of one section of a seed document: from its heading ("## 4. Endpoints", "### 4.4 POST …") to the next
/// heading of any level; "intro" is the text before the first "## " heading. Empty when there is no such section.
std::string seed_section(const std::string& document, const std::string& section);

}  // namespace bds::test
