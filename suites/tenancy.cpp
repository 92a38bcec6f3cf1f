// Suite "tenancy": Tenancy (000 §1): one tenant's records never reach another, by read, filter, change feed or view.
#include "suites/suites.hpp"
#include "suites/support.hpp"

namespace bds::suites {

std::vector<Check> tenancy_checks() {
    return {};
}

}  // namespace bds::suites
