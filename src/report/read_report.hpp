#pragma once
/// A JSON report (`--report json=F`, reports/report.schema.json) read back into a run, for `conformance merge`.
#include <nlohmann/json.hpp>

#include "run/result.hpp"

namespace bds::report {

/// The run a JSON report describes; to_json(from_json(to_json(r))) == to_json(r). Throws std::runtime_error
/// saying what was expected, what came, and where (a JSON pointer) when `doc` is not such a report.
run::RunResult from_json(const nlohmann::json& doc);

}  // namespace bds::report
