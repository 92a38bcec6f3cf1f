// The list of suites: each file under suites/ defines its table of checks; this is the one place that names them.
#include "suites/registry.hpp"

#include "catalogue/requirements.hpp"

namespace bds::suites {

std::vector<Check> auth_checks();
std::vector<Check> access_checks();
std::vector<Check> pagination_checks();
std::vector<Check> filters_checks();
std::vector<Check> sync_checks();
std::vector<Check> changes_checks();
std::vector<Check> deletion_checks();
std::vector<Check> views_checks();
std::vector<Check> tenancy_checks();
std::vector<Check> robustness_checks();
std::vector<Check> schema_checks();
std::vector<Check> engine_checks();
std::vector<Check> limits_checks();
std::vector<Check> races_checks();

const std::vector<Suite>& all_suites() {
    static const std::vector<Suite> suites{{"auth", "AUTH", auth_checks},
                                           {"access", "ACC", access_checks},
                                           {"pagination", "PAG", pagination_checks},
                                           {"filters", "FIL", filters_checks},
                                           {"sync", "SYN", sync_checks},
                                           {"changes", "CHG", changes_checks},
                                           {"deletion", "DEL", deletion_checks},
                                           {"views", "VIEW", views_checks},
                                           {"tenancy", "TEN", tenancy_checks},
                                           {"robustness", "ROB", robustness_checks},
                                           {"schema", "SCH", schema_checks},
                                           {"engine", "ENG", engine_checks},
                                           {"limits", "LIM", limits_checks},
                                           {"races", "RACE", races_checks}};
    return suites;
}

std::vector<Check> all_checks() {
    std::vector<Check> out;
    for (const Suite& suite : all_suites())
        for (Check& check : suite.table()) {
            check.suite = suite.name;
            check.seed_text = shown_quote(check.verifies);
            out.push_back(std::move(check));
        }
    return out;
}

}  // namespace bds::suites
