#pragma once
/// The defects of the platform's fields a sender sends (000 §1 "Fields Id, ts_update and dat_ultvar are maintained by
/// the platform and are not supplied by senders"): a client that reads a record, changes it and sends it back sends
/// them with it, and a server that binds every property of the body takes them, whatever a correct server would do
/// (refuse or ignore them, A-27), and uses them. Each a Policy (policy.hpp) answering otherwise where it breaks its
/// rule; its row in defect_table.cpp names it and says what it breaks.
#include <string>
#include <vector>

#include "sql/datetime.hpp"
#include "stub/store.hpp"
#include "stub/variation/policy.hpp"

namespace bds::stub::defect_policies {

/// Takes the platform's fields a record is sent with and keeps them in the record it stores, for the store's questions
/// (StoreEdit::sent_platform_fields), as an entity bound to every property of the body does.
struct KeepsSentPlatformFields : Policy {
    bool keep_violation(const Record& record, const nlohmann::json&, const Violation& v) const override {
        const Field* f = record.field(v.field);
        return v.rule != "unknown_field" || !f || !f->managed;  // a platform field sent is no reason to refuse
    }
    void before_store(const Record&, const nlohmann::json& sent, nlohmann::json& normalized) const override {
        if (!sent.is_object()) return;
        for (const char* name : {"Id", "ts_update", "dat_ultvar"})
            if (const auto it = sent.find(name); it != sent.end()) normalized[name] = *it;
    }
};

/// MERGE … ON target.Id = source.Id over the whole table: a record sent with the Id of a row of any tenant updates
/// that row (its key and values replaced, its tenant kept) instead of upserting the record of its key.
struct MergeOnClientId : KeepsSentPlatformFields {
    std::vector<int> tenants_merged_on_sent_id(int, const std::vector<int>& tenants) const override { return tenants; }
};

/// The same MERGE with the tenant in its ON clause: a record sent with the Id of another row of its own tenant
/// updates that row.
struct MergeOnClientIdInTenant : KeepsSentPlatformFields {
    std::vector<int> tenants_merged_on_sent_id(int tenant, const std::vector<int>&) const override { return {tenant}; }
};

/// ts_update and dat_ultvar are stored as sent when a record carries them: the row version and the change instant
/// go back to another row's (a dat_ultvar before the write leaves the record out of the change feed after it).
struct PlatformFieldsStoredAsSent : KeepsSentPlatformFields {
    void upsert(const Row*, nlohmann::json& record, StoreEdit& edit) const override {
        const nlohmann::json& sent = edit.sent_platform_fields;
        if (const auto it = sent.find("ts_update"); it != sent.end() && !it->is_null()) record["ts_update"] = *it;
        if (const auto it = sent.find("dat_ultvar"); it != sent.end() && it->is_string()) {
            const auto t = sql::parse_datetime(it->get<std::string>(), SqlKind::Datetime2, sql::TimeSource::Record);
            if (!t.ticks) return;
            record["dat_ultvar"] = sql::format_datetime(*t.ticks, SqlKind::Datetime2);
            edit.changed = *t.ticks;
        }
    }
};

}  // namespace bds::stub::defect_policies
