// Suite "deletion": Logical deletion (000 §1): flg_isdeleted keeps the record, marked, in the change feed; false restores it; it is required.
#include "suites/suites.hpp"
#include "suites/support.hpp"

namespace bds::suites {

std::vector<Check> deletion_checks() {
    return {};
}

}  // namespace bds::suites
