// Suite "filters": RecordSelection (000 §4.1 rules 1-3): generated conditions select exactly the rows the oracle selects; the seeds' own examples; quoting; malformed conditions.
#include "suites/suites.hpp"
#include "suites/support.hpp"

namespace bds::suites {

std::vector<Check> filters_checks() {
    return {};
}

}  // namespace bds::suites
