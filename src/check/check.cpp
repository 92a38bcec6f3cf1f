#include "check/check.hpp"

#include <algorithm>
#include <stdexcept>

namespace bds {

std::string_view to_string(Level level) {
    switch (level) {
        case Level::Must: return "MUST";
        case Level::Should: return "SHOULD";
        case Level::Observe: return "OBSERVE";
    }
    return "?";
}

std::vector<Check> select_checks(const std::vector<Check>& checks, const std::vector<std::string>& suites,
                                 const std::vector<std::string>& id_prefixes) {
    if (suites.empty() && id_prefixes.empty()) return checks;
    std::vector<Check> out;
    for (const auto& c : checks) {
        const bool by_suite = std::find(suites.begin(), suites.end(), c.suite) != suites.end();
        const bool by_id = std::any_of(id_prefixes.begin(), id_prefixes.end(),
                                       [&](const std::string& p) { return c.id.compare(0, p.size(), p) == 0; });
        if (by_suite || by_id) out.push_back(c);
    }
    return out;
}

std::vector<Check> select_shard(const std::vector<Check>& checks, int k, int n) {
    if (n < 1 || k < 1 || k > n) throw std::invalid_argument("shard " + std::to_string(k) + "/" + std::to_string(n) + ": expected 1 <= k <= n");
    std::vector<std::string> ids;
    for (const auto& c : checks) ids.push_back(c.id);
    std::sort(ids.begin(), ids.end());
    std::vector<Check> out;
    for (const auto& c : checks) {
        const auto position = std::lower_bound(ids.begin(), ids.end(), c.id) - ids.begin();
        if (position % n == k - 1) out.push_back(c);
    }
    return out;
}

}  // namespace bds
