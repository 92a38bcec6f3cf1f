// The table of suites: each suite file under suites/ contributes its checks here, in the order of the seeds.
#include "check/check.hpp"
#include "suites/suites.hpp"

namespace bds {

std::vector<Check> all_checks() {
    std::vector<Check> out;
    for (auto table : {suites::auth_checks, suites::access_checks, suites::pagination_checks, suites::filters_checks,
                       suites::sync_checks, suites::changes_checks, suites::deletion_checks, suites::views_checks,
                       suites::tenancy_checks, suites::robustness_checks, suites::schema_checks}) {
        auto checks = table();
        out.insert(out.end(), std::make_move_iterator(checks.begin()), std::make_move_iterator(checks.end()));
    }
    return out;
}

}  // namespace bds
