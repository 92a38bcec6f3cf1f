#pragma once
// The JSON report checked against its own schema (reports/report.schema.json), with valijson.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace bds::test {

/// valijson's errors for `report` against reports/report.schema.json (empty: valid), each "where: what".
std::vector<std::string> schema_errors(const nlohmann::json& report);

}  // namespace bds::test
