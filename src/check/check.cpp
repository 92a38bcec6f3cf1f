#include "check/check.hpp"

#include <algorithm>
#include <stdexcept>

#include "common/enum_text.hpp"

namespace bds {

/// The levels as reports, lists and baselines spell them.
NLOHMANN_JSON_SERIALIZE_ENUM(Level, {{Level::Must, "MUST"}, {Level::Should, "SHOULD"}, {Level::Observe, "OBSERVE"}})

std::string_view to_string(Level level) { return enum_text(level); }

std::vector<Check> select_checks(const std::vector<Check>& checks, const std::vector<std::string>& suites,
                                 const std::vector<std::string>& id_prefixes,
                                 const std::vector<std::string>& excluded) {
    const auto starts = [](const std::string& id, const std::string& prefix) {
        return id.compare(0, prefix.size(), prefix) == 0;
    };
    std::vector<std::string> known;
    for (const auto& c : checks)
        if (std::find(known.begin(), known.end(), c.suite) == known.end()) known.push_back(c.suite);
    for (const auto& s : suites)
        if (std::find(known.begin(), known.end(), s) == known.end()) {
            std::string list;
            for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
            throw std::invalid_argument("no suite \"" + s + "\"; the suites: " + list);
        }
    for (const auto* given : {&id_prefixes, &excluded})
        for (const auto& p : *given)
            if (std::none_of(checks.begin(), checks.end(), [&](const Check& c) { return starts(c.id, p); }))
                throw std::invalid_argument("no check id starts with \"" + p + "\" (see `conformance list`)");
    std::vector<Check> out;
    for (const auto& c : checks) {
        const bool by_suite = std::find(suites.begin(), suites.end(), c.suite) != suites.end();
        const bool by_id =
            std::any_of(id_prefixes.begin(), id_prefixes.end(), [&](const std::string& p) { return starts(c.id, p); });
        const bool out_by_choice =
            std::any_of(excluded.begin(), excluded.end(), [&](const std::string& p) { return starts(c.id, p); });
        if ((suites.empty() && id_prefixes.empty()) || by_suite || by_id)
            if (!out_by_choice) out.push_back(c);
    }
    return out;
}

std::vector<Check> select_shard(const std::vector<Check>& checks, int k, int n) {
    if (n < 1 || k < 1 || k > n)
        throw std::invalid_argument("shard " + std::to_string(k) + "/" + std::to_string(n) + ": expected 1 <= k <= n");
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
