#pragma once
/// The suites of server checks, one file per area of the seeds under suites/, and the connector's checks.
/// Adding a check is adding a row to its suite's table; adding a suite is its file and one line in registry.cpp.
#include <string>
#include <vector>

#include "certify/connector_check.hpp"
#include "check/check.hpp"

namespace bds::suites {

/// A suite: its folder name ("pagination"), the prefix of its check ids ("PAG"), and its table of checks.
struct Suite {
    std::string name;
    std::string prefix;
    std::vector<Check> (*table)();
};

/// Every suite, in the order of the seeds.
const std::vector<Suite>& all_suites();

/// Every check of every suite, in suite order, each with its suite set.
std::vector<Check> all_checks();

/// The checks of a connector (a client of the service), judged by `conformance certify`: rows of the server checks'
/// type (check/check.hpp), each with its suite ("connector") and seed text set.
std::vector<certify::ConnectorCheck> connector_checks();

}  // namespace bds::suites

namespace bds {
using suites::all_checks;
}  // namespace bds
