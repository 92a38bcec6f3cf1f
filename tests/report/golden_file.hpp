#pragma once
// Golden files of the reporters' tests, under tests/report/golden/. After an intended change, regenerate them and
// review the diff:
//   BDS_UPDATE_GOLDEN=1 ./tests/bds_tests --gtest_filter='*Report*:Diff*'
//   git diff tests/report/golden
#include <string>

namespace bds::test {

/// Compares `actual` with tests/report/golden/`name` byte for byte (or writes it, with BDS_UPDATE_GOLDEN=1), naming
/// the first differing line. An HTML page's <style> is left out of both: it is a constant of the reporter's source.
void expect_golden(const std::string& name, const std::string& actual);

}  // namespace bds::test
