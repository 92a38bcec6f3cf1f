#pragma once
/// The rows a read of a resource sees: a base table's records, the document lines nested in headers
/// (StoricoDocumentiR), or a view derived live from the tenant's base records (spec/assumptions.md A-38..A-42).
#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "stub/store.hpp"
#include "stub/users.hpp"

namespace bds::stub {

/// The most lines one document may carry (a view line's Id is derived from its header's Id and position).
inline constexpr std::size_t kMaxLinesPerDocument = 999;

class Variation;

/// (field, sql::equality_key of a text) pairs every wanted row holds: a read may then visit only the rows an
/// index finds for them (a superset of the wanted ones, still to be filtered), or every row.
using Pinned = std::vector<std::pair<std::string, std::string>>;

/// One row, the instant (100 ns ticks) it last changed (for the change feed), and where its answered text is kept
/// (see RowText; a slot of the row's own, or one that lives only for this call).
using RowSink = std::function<void(const nlohmann::json& row, std::int64_t changed, RowText& text)>;

/// The rows of every readable resource. Each tenant's views are kept per base row: a read after a write
/// re-derives only the base rows written since and those that looked up a row written since, so reading a
/// large view costs a scan, not a derivation.
class RowSource {
public:
    /// `variation` decides how views are derived where the seeds are silent.
    RowSource(const Catalogue& catalogue, const Variation& variation);
    ~RowSource();

    /// Calls `emit` for every row of `resource` visible to `user`, in key order; with `pinned`, it may leave out
    /// rows that do not hold those values. Call under the store's read lock (Store::read), with the user's
    /// tenant's data.
    void for_each_row(const TenantData& data, const Record& resource, const User& user, const RowSink& emit, const Pinned& pinned = {}) const;

    /// The text kept in `text` (a RowSink's slot), made by `print` when there is none yet. Safe for readers that
    /// share the store's read lock.
    RowText answered(RowText& text, const std::function<std::string()>& print) const;

private:
    struct View;

    void derive(const TenantData& data, const Record& resource, const User& user, const RowSink& emit, const Pinned& pinned) const;
    void sync(View& view, const TenantData& data, const Record& resource) const;

    const Catalogue& catalogue_;
    const Variation& variation_;
    mutable std::mutex mutex_;
    mutable std::mutex text_mutex_;  // guards every RowSink's text slot
    mutable std::map<std::pair<int, std::string>, std::unique_ptr<View>> cache_;  // (tenant, view) -> its rows
};

}  // namespace bds::stub
