#pragma once
/// The stub's in-memory data: per tenant, per base resource, rows ordered by key. Views are derived from
/// it when read (views.hpp); nothing here knows about HTTP.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "sql/collation.hpp"
#include "sql/text_rules.hpp"
#include "stub/change_index.hpp"
#include "stub/text_index.hpp"
#include "stub/tokens.hpp"

namespace bds::stub {

/// A row's text as a read answers it (Variation::present, then printed), made by the first read that lists the row
/// and kept with it until it is written again: a page is spliced from these rather than presented and printed each
/// time.
using RowText = std::shared_ptr<const std::string>;

/// A stored record: every field of its resource (nulls included) with customer_ID, Id, ts_update and
/// dat_ultvar set by the platform. `changed` is dat_ultvar as 100 ns ticks, for the change feed.
struct Row {
    nlohmann::json record;
    std::int64_t changed = 0;
    mutable RowText text{};  ///< set by RowSource::answered (under its lock); a write replaces the whole Row
};

/// One resource's rows of one tenant, ordered by the canonical key (see canonical_key).
struct Table {
    std::map<std::string, Row> rows;
    std::int64_t next_id = 1;
    TextIndexes indexes;  ///< of `rows`, kept by Store::upsert
    ChangeIndex changes;  ///< of `rows`, kept by Store::upsert
};

/// Everything of one tenant.
struct TenantData {
    std::map<std::string, Table, std::less<>> tables;
    const Table* table(std::string_view resource) const;
};

/// The rows of `data` without their answered texts and indexes: a copy of the tenant's records as they are now (the
/// defects that serve an older state of them).
TenantData records_only(const TenantData& data);

/// A key text as SQL Server's unique index compares it: trailing spaces dropped, case-folded under a
/// case-insensitive collation (sql::equality_key), so that it agrees with RecordSelection's `=`.
std::string text_key(const std::string& text, const sql::TextRules& keys);

/// The key of a record as SQL Server's unique index compares it: key values other than customer_ID,
/// text right-trimmed (trailing spaces do not count) and case-folded under a case-insensitive collation.
std::string canonical_key(const Record& record, const nlohmann::json& row, const sql::TextRules& keys);

class Variation;

class Store {
public:
    /// `variation` decides what the seeds leave open (collation of keys, merge or replace, the change clock).
    Store(Clock clock, const Variation& variation);

    /// Upserts records (already validated and normalised; a field sent as null is null, a field not sent is
    /// absent) of `resource` into `tenant`, atomically: each gets customer_ID = tenant, a new ts_update, a
    /// dat_ultvar strictly increasing per tenant, and keeps its Id if its key exists. Rows are stored sparse.
    /// Platform fields a policy kept in a record (Policy::before_store) are taken out and handed to its questions.
    void upsert(int tenant, const Record& resource, std::vector<nlohmann::json> records);

    /// Runs `read` with the tenant's data under a shared lock (an empty TenantData if it has none).
    template <class F>
    auto read(int tenant, F&& read) const {
        std::shared_lock lock(mutex_);
        const auto it = tenants_.find(tenant);
        return read(it == tenants_.end() ? empty_ : it->second);
    }

    /// The tenants that have data.
    std::vector<int> tenants() const;

    /// Forgets every row of every tenant (the fuzz targets start each input from an empty store). The change clock
    /// goes on increasing.
    void clear();

    /// Now on the store's clock, as 100 ns ticks since 0001-01-01.
    std::int64_t now_ticks() const;

private:
    /// Writes `rec` into `tenant`'s table of `resource` (the lock held): over the row of its key, or over the row
    /// under `over` (the row a sent Id matched: it moves to the record's key and keeps its Id).
    void write(int tenant, const Record& resource, nlohmann::json rec, const nlohmann::json& sent,
               const sql::TextRules& keys, const std::string* over);
    /// The key of the row of `tenant`'s `resource` whose Id is `id`, or nullptr (the lock held).
    const std::string* row_with_id(int tenant, const Record& resource, const nlohmann::json& id) const;
    /// The Id of a new row of `table` (A-119: numbered per tenant, or one numbering for every tenant).
    std::int64_t new_id_of(Table& table, const Record& resource);

    Clock clock_;
    const Variation& variation_;
    mutable std::shared_mutex mutex_;
    std::map<int, TenantData> tenants_;
    std::map<int, std::int64_t> last_change_;             // per tenant: dat_ultvar strictly increases
    std::uint64_t rowversion_ = 0;                        // database-wide, like SQL Server's
    std::map<std::string, std::int64_t> shared_next_id_;  // per resource, when one numbering serves every tenant
    TenantData empty_;
};

}  // namespace bds::stub
