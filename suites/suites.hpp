#pragma once
/// The check table of each suite (one file per area of the seeds); registry.cpp joins them in order.
#include <vector>

#include "check/check.hpp"

namespace bds::suites {

std::vector<Check> auth_checks();
std::vector<Check> access_checks();
std::vector<Check> pagination_checks();

}  // namespace bds::suites
