#include "run/root_causes.hpp"

#include <algorithm>

namespace bds::run {

const std::vector<Capability>& capabilities() {
    static const std::vector<Capability> kAll = {
        {"paging", {"PAG-03", "PAG-01"}},  // pages from 1, partitioning the rows: every read of more than a row
        {"reading back", {"SYN-01"}},      // a block accepted and its records read back by key, as sent
    };
    return kAll;
}

std::vector<std::string> relies_on(const Check& check) {
    std::vector<std::string> out;
    for (const auto& c : capabilities()) {
        if (std::find(c.providers.begin(), c.providers.end(), check.id) != c.providers.end())
            return out;  // its own and later ones: no
        if (c.name == "paging" || check.writes) out.push_back(c.name);
    }
    return out;
}

void attribute_causes(const std::vector<Check>& checks, std::vector<CheckResult>& results) {
    const auto failed = [&](const std::string& id) {
        const auto it = std::find_if(results.begin(), results.end(), [&](const CheckResult& r) { return r.id == id; });
        return it != results.end() && (it->outcome == Outcome::Fail || it->outcome == Outcome::Error) &&
               it->level != Level::Observe;
    };
    for (std::size_t i = 0; i < checks.size() && i < results.size(); ++i) {
        auto& r = results[i];
        if (r.outcome != Outcome::Fail && r.outcome != Outcome::Error) continue;
        for (const auto& name : relies_on(checks[i])) {
            const auto& c = *std::find_if(capabilities().begin(), capabilities().end(),
                                          [&](const Capability& k) { return k.name == name; });
            for (const auto& p : c.providers)
                if (p != r.id && failed(p)) r.caused_by.push_back(p);
            if (!r.caused_by.empty()) break;
        }
    }
}

}  // namespace bds::run
