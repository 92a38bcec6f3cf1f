#pragma once
/// Reporters: one registry, name → writer (as Catch2 has), so `--report NAME=FILE` reaches each the same way.
#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <ostream>
#include <string>

#include "run/result.hpp"

namespace bds::report {

using Writer = std::function<void(const run::RunResult&, std::ostream&)>;

/// Every reporter by name ("json", …).
const std::map<std::string, Writer>& reporters();

/// The whole run as data (the json reporter writes it).
nlohmann::ordered_json to_json(const run::RunResult& run);

}  // namespace bds::report
