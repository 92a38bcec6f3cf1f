#pragma once
/// Baseline gating (`conformance run --baseline F`): a previous run's JSON report lists the MUST failures a team
/// already knows of; a run then fails the gate only for new ones, and says which are known and which are fixed.
#include <nlohmann/json.hpp>

#include <set>
#include <string>
#include <vector>

#include "run/result.hpp"

namespace bds::run {

/// How one finding fails, stable across runs and seeds: the check, the resource of its exchange, its JSON pointer
/// with indices as #, and its expected text with quoted values, numbers and the run's key prefix taken out. A
/// known failure is the same check failing the same way; a new way of failing is new.
std::string signature(const std::string& check_id, const Finding& finding, const std::string& run_prefix);

/// The MUST checks a previous run failed, by id, with the ways they failed, and every check it ran.
struct Baseline {
    std::string source;  ///< the file, for the report
    std::set<std::string> failed_must;
    std::set<std::string> ran;
    std::set<std::string> signatures;  ///< of every finding of its failed MUST checks
};

/// Reads a JSON report (`--report json=F`). Throws std::runtime_error saying what was expected, what came, and
/// where (a JSON pointer), e.g. when the file is not a report.
Baseline read_baseline(const nlohmann::json& report, const std::string& source);

/// This run against the baseline: MUST failures new (a finding whose signature the baseline lacks) and known (every
/// finding's signature in the baseline), and the baseline's MUST failures this run checked and no longer fails
/// (fixed). Ids in check order.
BaselineComparison compare_with(const RunResult& run, const Baseline& baseline);

/// Ids as reports list them: "ACC-01, PAG-03", or "none".
std::string id_list(const std::vector<std::string>& ids);

}  // namespace bds::run
