#pragma once
/// The expected state of a target after the sync operations of this run (docs/architecture.md, the oracles):
/// per resource, per key, the last record this run sent, with its deletion flag and when it was last written.
/// It knows only what this run wrote; rows of other runs or senders are outside it (compare within the run's
/// namespace, RecordGenOptions::run_prefix).
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "sql/collation.hpp"

namespace bds::oracle {

/// What the model expects the target to hold for one key.
struct ModelRecord {
    /// The last record sent for the key, as sent (compare with compare_record).
    nlohmann::json record;
    /// flg_isdeleted of that record: true = logically deleted, still present (000 §1, A-12); false = live.
    bool deleted = false;
    /// The position of its last write in the run's sequence of writes (1 for the first upsert of the run).
    std::uint64_t written = 0;
};

/// A point in the run's sequence of writes, from StoreModel::mark().
struct Mark {
    std::uint64_t after = 0;
};

/// Keys are those of the catalogue (Record::key, tenant excluded), compared as SQL Server's unique index does
/// under `collation` (A-59, index_key): `abc` then `ABC ` upsert one record under the case-insensitive collation.
///
/// An upsert replaces: the model keeps the last record sent, not a merge of the fields sent so far. Whether the
/// target replaces or merges is not shown (A-60, OBSERVE); checks built on the model always send complete
/// records (every field they care about, nulls included), so both behaviours agree with it.
/// Every upsert is a write, even one that sends the same values again (the change feed returns such records:
/// A-20, the stub's choice); a deletion or an undeletion is an upsert with flg_isdeleted true or false.
/// Nested lists (document lines) are part of their header's record: a header upsert replaces its lines.
class StoreModel {
public:
    /// `catalogue` must outlive the model.
    explicit StoreModel(const Catalogue& catalogue, Collation collation = Collation::CaseInsensitive);

    /// Records one record sent to POST /api/sync/{resource}. Throws std::invalid_argument naming the resource
    /// and the field when `resource` is not in the catalogue, the record is not an object, or a key field
    /// (other than the tenant's) is missing or null.
    void upsert(const std::string& resource, const nlohmann::json& record);
    /// A whole accepted block, in order (so a later duplicate key wins, as A-29 records for the stub; checks
    /// avoid such blocks). Nothing is recorded when any record is invalid (the block is checked first).
    void upsert_block(const std::string& resource, const nlohmann::json& block);

    /// Every record of `resource` (deleted ones included, marked), ordered by index key — the model's order,
    /// not the target's (A-11: order is never compared).
    std::vector<ModelRecord> records(const std::string& resource) const;
    /// The records of `resource` that are not logically deleted.
    std::vector<nlohmann::json> live(const std::string& resource) const;
    /// The record with the key of `key_values` (a record, or an object of just its key fields), or nullptr.
    /// The pointer stays valid until the next upsert.
    const ModelRecord* find(const std::string& resource, const nlohmann::json& key_values) const;
    /// How many keys of `resource` the run wrote (deleted ones included) / how many are live.
    std::size_t count(const std::string& resource) const;
    std::size_t live_count(const std::string& resource) const;
    /// The resources the run wrote, by name.
    std::vector<std::string> resources() const;

    /// The current point of the sequence: records written after it are changed_since it.
    Mark mark() const { return {writes_}; }
    /// The records of `resource` whose last write came after `mark`: what GET /api/sync/{resource} must return
    /// (among this run's records) for a LastUtcRun at the instant of the mark, deletions included.
    std::vector<ModelRecord> changed_since(const std::string& resource, Mark mark) const;
    /// Writes recorded so far.
    std::uint64_t writes() const { return writes_; }

    Collation collation() const { return collation_; }

private:
    const Record& resource_record(const std::string& resource) const;
    /// Throws std::invalid_argument unless `record` can be keyed.
    void check(const Record& resource, const nlohmann::json& record, const std::string& where) const;

    const Catalogue& catalogue_;
    Collation collation_;
    std::uint64_t writes_ = 0;
    std::map<std::string, std::map<std::string, ModelRecord>> tables_;  ///< resource → index key → record
};

}  // namespace bds::oracle
