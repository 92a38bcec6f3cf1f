// Suite "schema": Returned records (000 §2, 001 §2): every record on every readable resource validates against its schema.
#include "suites/suites.hpp"
#include "suites/support.hpp"

namespace bds::suites {

std::vector<Check> schema_checks() {
    return {};
}

}  // namespace bds::suites
