#pragma once
// The JSON reports checked against their own schemas (reports/report.schema.json, reports/diff.schema.json), with
// valijson.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace bds::test {

/// valijson's errors for `report` against reports/`schema` (empty: valid), each "where: what".
std::vector<std::string> schema_errors(const nlohmann::json& report, const std::string& schema = "report.schema.json");

}  // namespace bds::test
