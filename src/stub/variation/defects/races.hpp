#pragma once
// Defects only concurrency shows (000 §2.2 keys, §4.4 Check, §4.3): each widens a window that real servers have for a
// moment (a read before an insert, a replica behind its primary, a clock read before a commit) to kRaceWindow, so
// that the races suite meets it every time rather than by luck (docs/races.md).
#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "sql/datetime.hpp"
#include "stub/store.hpp"
#include "stub/variation/policy.hpp"

namespace bds::stub::defect_policies {

/// How long each of these defects holds its window open.
inline constexpr std::chrono::milliseconds kRaceWindow{30};
/// How far the replica follows behind: wider than kRaceWindow, as it costs no waiting, so that a reader on a slow
/// machine (the sanitizers, a loaded CI) still begins its read while the replica is behind.
inline constexpr std::chrono::milliseconds kReplicaLag{100};

/// A new key is written as "read, and insert if absent" with no unique index: two blocks sending the same new key at
/// once both find it absent, and both insert a row.
class CheckThenInsert : public Policy {
public:
    void before_storing(const httplib::Request&, const Store&, int, std::vector<nlohmann::json>& records,
                        const std::function<bool(std::size_t)>& exists, std::int64_t) const override {
        bool inserts = false;
        for (std::size_t i = 0; i < records.size(); ++i)
            if (!exists(i)) records[i][kInsert] = inserts = true;
        if (inserts) std::this_thread::sleep_for(kRaceWindow);  // between the read and the insert
    }
    void upsert(const Row* old, nlohmann::json& record, StoreEdit& edit) const override {
        const bool insert = record.contains(kInsert);
        record.erase(kInsert);
        if (insert && old) edit.key += "\x1e" + std::to_string(++inserted_);  // a second row with the key
    }

private:
    static constexpr const char* kInsert = "$insert";
    mutable std::atomic<long> inserted_{0};
};

/// The change instant is taken when a write begins, and the write commits up to kRaceWindow later (every other
/// write): a reader of the feed that saw a later write's row in the meantime asks for the changes after it, and
/// never sees this one.
class ChangeTimeBeforeCommit : public Policy {
public:
    void before_storing(const httplib::Request&, const Store&, int, std::vector<nlohmann::json>& records,
                        const std::function<bool(std::size_t)>&, std::int64_t now) const override {
        for (auto& r : records) r[kChanged] = now;
        if (writes_++ % 2 == 0) std::this_thread::sleep_for(kRaceWindow);  // the transaction's work
    }
    void upsert(const Row*, nlohmann::json& record, StoreEdit& edit) const override {
        if (!record.contains(kChanged)) return;
        edit.changed = record[kChanged].get<std::int64_t>();
        record.erase(kChanged);
        record["dat_ultvar"] = sql::format_datetime(edit.changed, SqlKind::Datetime2);
    }

private:
    static constexpr const char* kChanged = "$changed";
    mutable std::atomic<long> writes_{0};
};

/// Reads are served by a replica that follows the primary kReplicaLag behind, except on the connections that wrote
/// meanwhile: a sender reads its own write back at once, another client does not.
class ReplicaBehindOtherConnections : public Policy {
public:
    void before_storing(const httplib::Request&, const Store& store, int tenant, std::vector<nlohmann::json>&,
                        const std::function<bool(std::size_t)>&, std::int64_t) const override {
        {
            std::lock_guard lock(mutex_);
            const Replica& r = replicas_[tenant];
            if (r.data && !caught_up(r)) return;  // still behind an earlier write: it stays as it is
        }
        auto copy = std::make_shared<const TenantData>(store.read(tenant, records_only));
        std::lock_guard lock(mutex_);
        Replica& r = replicas_[tenant];
        // A read may still be scanning the state it replaces: it is let go only once no read could be.
        std::erase_if(retired_, [](const auto& old) { return std::chrono::steady_clock::now() - old.first > kKept; });
        if (r.data) retired_.emplace_back(std::chrono::steady_clock::now(), std::move(r.data));
        r.data = std::move(copy);
        r.writers.clear();
    }
    void stored(const httplib::Request& req, int tenant) const override {
        std::lock_guard lock(mutex_);
        Replica& r = replicas_[tenant];
        r.last_write = std::chrono::steady_clock::now();
        r.writers.insert(connection(req));
    }
    const TenantData& data_read(const TenantData& data, int tenant, const httplib::Request& req) const override {
        std::lock_guard lock(mutex_);
        const auto it = replicas_.find(tenant);
        if (it == replicas_.end() || !it->second.data || caught_up(it->second) ||
            it->second.writers.contains(connection(req)))
            return data;
        return *it->second.data;
    }

private:
    static constexpr std::chrono::seconds kKept{30};
    struct Replica {
        std::shared_ptr<const TenantData> data;
        std::chrono::steady_clock::time_point last_write{};
        std::set<std::string> writers;
    };
    static bool caught_up(const Replica& r) { return std::chrono::steady_clock::now() - r.last_write > kReplicaLag; }
    static std::string connection(const httplib::Request& req) {
        return req.remote_addr + ":" + std::to_string(req.remote_port);
    }
    mutable std::mutex mutex_;
    mutable std::map<int, Replica> replicas_;
    mutable std::vector<std::pair<std::chrono::steady_clock::time_point, std::shared_ptr<const TenantData>>> retired_;
};

}  // namespace bds::stub::defect_policies
