#pragma once
/// Root causes first: most checks rely on what a few others test (reading pages from 1, reading back what was
/// written). When one of those fails, the failures and errors of the checks that rely on it probably follow from
/// it; the reports lead with it and group the rest under it (issue "a failure points at its cause").
#include <string>
#include <vector>

#include "check/check.hpp"
#include "run/result.hpp"

namespace bds::run {

/// What checks rely on, and the checks that test it, in the order they are blamed first.
struct Capability {
    std::string name;                    ///< e.g. "paging"
    std::vector<std::string> providers;  ///< the checks that test it, e.g. PAG-03, PAG-01
};
const std::vector<Capability>& capabilities();

/// The capabilities `check` relies on: a provider, those listed before its own; a check that writes, paging and
/// reading back; any other check, paging.
std::vector<std::string> relies_on(const Check& check);

/// Sets CheckResult::caused_by of every failed or errored result: the failed providers of the first capability it
/// relies on whose provider failed. `checks` and `results` in the same order.
void attribute_causes(const std::vector<Check>& checks, std::vector<CheckResult>& results);

}  // namespace bds::run
