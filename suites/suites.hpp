#pragma once
/// The check table of each suite (one file per area of the seeds); registry.cpp joins them in order.
#include <vector>

#include "certify/connector_check.hpp"
#include "check/check.hpp"

namespace bds::suites {

std::vector<Check> auth_checks();
std::vector<Check> access_checks();
std::vector<Check> pagination_checks();
std::vector<Check> filters_checks();
std::vector<Check> sync_checks();
std::vector<Check> changes_checks();
std::vector<Check> deletion_checks();
std::vector<Check> views_checks();
std::vector<Check> tenancy_checks();
std::vector<Check> robustness_checks();
std::vector<Check> schema_checks();

/// The checks of a connector (a client of the service), judged by `conformance certify`.
std::vector<certify::ConnectorCheck> connector_checks();

}  // namespace bds::suites
