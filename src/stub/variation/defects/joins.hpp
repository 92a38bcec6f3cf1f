#pragma once
/// The defects of what a view takes from another record (000 §1 one tenant per record; 000 §2.1 relations; 001 §2.6,
/// §2.7): lookup caches as real servers keep them, each a Policy (policy.hpp) answering joined_record otherwise. Its
/// row in defect_table.cpp names it and says what it breaks.
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>

#include "stub/variation/policy.hpp"

namespace bds::stub::defect_policies {

/// A process-wide cache of `resource`'s records keyed by their key without customer_ID: the first tenant to join a
/// key keeps it, and every other tenant joining the same key (real tenants share codes such as "C001") gets that
/// tenant's record. The owner's copy follows its changes, so a single tenant never sees a stale value.
class JoinDropsTenant : public Policy {
public:
    explicit JoinDropsTenant(std::string_view resource) : resource_(resource) {}

    const nlohmann::json* joined_record(const char* resource, const std::string& key, int tenant,
                                        const nlohmann::json* found) const override {
        if (resource_ != resource) return found;
        std::lock_guard lock(mutex_);
        const auto it = owners_.find(key);
        if (it == owners_.end()) {
            if (found) owners_.emplace(key, Owner{tenant, &copies_.emplace_back(*found)});
            return found;
        }
        Owner& owner = it->second;
        if (owner.tenant != tenant) return owner.record;
        if (found && *found != *owner.record) owner.record = &copies_.emplace_back(*found);
        return found;
    }

private:
    struct Owner {
        int tenant;
        const nlohmann::json* record;  // into copies_, which only grows: readers may still hold older copies
    };
    std::string_view resource_;
    mutable std::mutex mutex_;
    mutable std::map<std::string, Owner> owners_;
    mutable std::deque<nlohmann::json> copies_;
};

/// The document views look a counterpart up by ind_clifor + cod_clifor in a cache shared by all tenants.
struct CounterpartJoinDropsTenant : JoinDropsTenant {
    CounterpartJoinDropsTenant() : JoinDropsTenant("CliFor") {}
};

/// MCPDocumentiR looks a line's article up by cod_art + cod_variante in a cache shared by all tenants.
struct ArticleJoinDropsTenant : JoinDropsTenant {
    ArticleJoinDropsTenant() : JoinDropsTenant("Articoli") {}
};

/// A memoised lookup of counterparts and articles, per tenant, filled on first use and never invalidated: the views
/// keep the record they first joined.
class ViewLookupsCached : public Policy {
public:
    const nlohmann::json* joined_record(const char* resource, const std::string& key, int tenant,
                                        const nlohmann::json* found) const override {
        const std::string_view name = resource;
        if (!found || (name != "CliFor" && name != "Articoli")) return found;
        std::lock_guard lock(mutex_);
        const auto [it, first] = cached_.try_emplace({tenant, std::string(name), key}, nullptr);
        if (first) it->second = &copies_.emplace_back(*found);
        return it->second;
    }

private:
    mutable std::mutex mutex_;
    mutable std::map<std::tuple<int, std::string, std::string>, const nlohmann::json*> cached_;
    mutable std::deque<nlohmann::json> copies_;
};

}  // namespace bds::stub::defect_policies
