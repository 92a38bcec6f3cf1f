#pragma once
/// The defects of the views and tenancy (001 §2.3-2.7, 000 §1): each a Policy (policy.hpp) that answers otherwise
/// where it breaks its rule. Its row in defect_table.cpp names it and says what it breaks.
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "sql/datetime.hpp"
#include "stub/http_util.hpp"
#include "stub/store.hpp"
#include "stub/views.hpp"
#include "stub/variation/policy.hpp"

namespace bds::stub::defect_policies {

using json = nlohmann::json;

/// POST sync on a read-only view answered 200, and the block ignored.
struct ViewPostSyncAccepted : Policy {
    void answer_to_read_only_write(const Variation&, httplib::Response& res, const std::string&,
                                   const std::string& body) const override {
        const json block = json::parse(body, nullptr, false);
        send_json(res, 200, {{"accepted", block.is_array() ? block.size() : 0}});  // and ignores it
    }
};

/// Views show, per tenant and view, the tenant's data as it was at the view's first read.
class ViewStale : public Policy {
public:
    const TenantData& data_behind_view(const TenantData& data, int tenant, const std::string& view) const override {
        std::lock_guard lock(mutex_);
        auto& frozen = frozen_[{tenant, view}];
        if (!frozen) frozen = std::make_unique<const TenantData>(records_only(data));
        return *frozen;  // never changed once made
    }

private:
    mutable std::mutex mutex_;
    mutable std::map<std::pair<int, std::string>, std::unique_ptr<const TenantData>> frozen_;
};

/// MCPDocumentiT rows without their nested lines.
struct DocumentViewWithoutLines : Policy {
    void view_row(const std::string& view, json& row) const override {
        if (view == "MCPDocumentiT") row["MCPDocumentiR"] = json::array();  // the nested lines are not joined
    }
};

/// MCPClienti lists the suppliers too.
struct SuppliersInClienti : Policy {
    bool in_view(const std::string& view, const json& base) const override {
        return Policy::in_view(view, base) || (view == "MCPClienti" && base.value("ind_clifor", json()) == "F");
    }
};

/// settimana taken from the day the view is read (a load date), not from dat_doc.
struct WeekOfLoading : Policy {
    void week(std::int64_t, int& week) const override {
        week = sql::iso_week(sql::ticks_from(std::chrono::system_clock::now()));
    }
};

/// MCPArticoli holds no row.
struct ArticlesViewEmpty : Policy {
    bool in_view(const std::string& view, const json& base) const override {
        return view != "MCPArticoli" && Policy::in_view(view, base);
    }
};

/// The document views read the document tables alone: what a line takes from its article and a header from its
/// counterpart comes out empty (codes only; the counterpart's name is VIEW-04's).
struct DocumentViewsNotJoined : Policy {
    void joined_field(const std::string&, const std::string& field, json& value) const override {
        if (field.rfind("cod_", 0) == 0) value = nullptr;
    }
};

/// The registry is not served as a resource: 403 like a name that is none.
struct McpResourcesRefused : Policy {
    const Record* resource(const Catalogue& cat, const User& user, const std::string& name,
                           Endpoint endpoint) const override {
        return name == "MCPResources" ? nullptr : Policy::resource(cat, user, name, endpoint);
    }
};

/// MCPDocumentiR shows the lines without the counterpart and agent of their header (what a line has of its own).
struct LinesWithoutHeaderData : Policy {
    void header_field(const std::string& field, json& value) const override {
        if (field == "ind_clifor_c" || field == "cod_clifor_c" || field == "cod_agente") value = nullptr;
    }
};

/// A join that fans out: each view row twice.
struct ViewRowsDoubled : Policy {
    void arrange(const Record& record, const ListQuery&, std::vector<json>& rows, std::size_t&) const override {
        if (record.name.rfind("MCP", 0) != 0) return;
        std::vector<json> doubled;
        for (auto& r : rows) {
            doubled.push_back(r);
            doubled.push_back(std::move(r));
        }
        rows = std::move(doubled);
    }
    bool needs_all_rows(const ListQuery&) const override { return true; }
};

/// The user's tenant, then every other tenant that has data.
inline std::vector<int> every_tenant(const User& user, const Store& store) {
    std::vector<int> out{user.customer_ID};
    for (const int tenant : store.tenants())
        if (tenant != user.customer_ID) out.push_back(tenant);
    return out;
}

/// Reads of base resources see every tenant (the tenant filter missing).
struct TenantRowsLeak : Policy {
    std::vector<int> tenants_visible(const User& user, const Record& r, const Store& store,
                                     Endpoint endpoint) const override {
        return is_view(r) ? Policy::tenants_visible(user, r, store, endpoint) : every_tenant(user, store);
    }
};

/// The first record's customer_ID, when it has one, picks the tenant.
struct TenantFromBody : Policy {
    int tenant_of_write(const User& user, const json& block) const override {
        if (!block.empty() && block[0].is_object() && block[0].value("customer_ID", json()).is_number_integer())
            return block[0].at("customer_ID").get<int>();
        return user.customer_ID;
    }
};

/// Reads of the MCP views see every tenant.
struct ViewOtherTenant : Policy {
    std::vector<int> tenants_visible(const User& user, const Record& r, const Store& store,
                                     Endpoint endpoint) const override {
        return is_view(r) ? every_tenant(user, store) : Policy::tenants_visible(user, r, store, endpoint);
    }
};

/// POST query builds a statement of its own, and the tenant condition was left out of it: every tenant's rows.
struct QueryOtherTenant : Policy {
    std::vector<int> tenants_visible(const User& user, const Record& r, const Store& store,
                                     Endpoint endpoint) const override {
        return endpoint == Endpoint::Query ? every_tenant(user, store)
                                           : Policy::tenants_visible(user, r, store, endpoint);
    }
};

/// Provisioning never filled the tenant's registry: MCPResources holds no row.
struct McpResourcesEmpty : Policy {
    bool registry_lists(const User&, const Record&) const override { return false; }
};

/// The lines' table has no customer_ID: StoricoDocumentiR is read by key_documento across every tenant.
struct LinesWithoutTenant : Policy {
    std::vector<int> tenants_visible(const User& user, const Record& r, const Store& store,
                                     Endpoint endpoint) const override {
        return r.name == "StoricoDocumentiR" ? every_tenant(user, store)
                                             : Policy::tenants_visible(user, r, store, endpoint);
    }
};

}  // namespace bds::stub::defect_policies
