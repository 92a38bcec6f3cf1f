// Suite "robustness": Bad input (000 §7; ): never a 5xx, never a leak, nothing stored.
#include "suites/suites.hpp"
#include "suites/support.hpp"

namespace bds::suites {

std::vector<Check> robustness_checks() {
    return {};
}

}  // namespace bds::suites
