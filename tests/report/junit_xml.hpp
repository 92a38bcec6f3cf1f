#pragma once
// JUnit XML read with expat (a real XML parser: well-formedness is its business, not ours), for tests of the
// junit reporter.
#include <string>
#include <vector>

namespace bds::test {

/// A <testcase> and what it holds: "failure", "error", "skipped" or "" (passed).
struct JunitCase {
    std::string suite;  ///< its <testsuite name>
    std::string name;
    std::string result;
    std::string message;  ///< the failure/error/skipped element's message attribute
};

struct JunitDocument {
    std::string error;  ///< expat's error and the line, when the document is not well-formed XML
    std::vector<JunitCase> cases;
};

JunitDocument parse_junit(const std::string& xml);

}  // namespace bds::test
