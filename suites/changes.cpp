// Suite "changes": GET sync (000 §4.3): the change feed returns exactly the records changed after LastUtcRun.
#include "suites/suites.hpp"
#include "suites/support.hpp"

namespace bds::suites {

std::vector<Check> changes_checks() {
    return {};
}

}  // namespace bds::suites
