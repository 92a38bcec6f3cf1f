#pragma once
/// The rows a read of a resource sees: a base table's records, the document lines nested in headers
/// (StoricoDocumentiR), or a view's rows derived from the tenant's base records as they are read (views.hpp).
#include <nlohmann/json.hpp>

#include <functional>
#include <mutex>
#include <optional>
#include <string>

#include "catalogue/catalogue.hpp"
#include "selection/selection.hpp"
#include "stub/store.hpp"
#include "stub/users.hpp"
#include "stub/views.hpp"

namespace bds::stub {

class Variation;

/// One row, the instant (100 ns ticks) it last changed (for the change feed), and where its answered text is kept
/// (see RowText; a stored row's own slot, or one that lives only for this call).
using RowSink = std::function<void(const RowRef& row, std::int64_t changed, RowText& text)>;

/// The rows of every readable resource. Views store nothing: their rows are derived from the base records while
/// they are read, a field at a time, so that a read after any write sees it, and a selection over a large view
/// derives only what it reads (a document's header terms once for all its lines).
class RowSource {
public:
    /// `variation` decides how views are derived where the seeds are silent.
    RowSource(const Catalogue& catalogue, const Variation& variation);

    /// Calls `emit` for every row of `resource` visible to `user`, in key order; with `selection`, for the rows it
    /// selects only (SelectionError when it cannot be evaluated on one); with `changed_after`, it may leave out rows
    /// that changed at or before that instant (the caller filters the rest: the change feed, 000 §4.3). Call under the
    /// store's read lock (Store::read), with the user's tenant's data.
    void for_each_row(const TenantData& data, const Record& resource, const User& user, const RowSink& emit,
                      const Selection* selection = nullptr,
                      std::optional<std::int64_t> changed_after = std::nullopt) const;

    /// The text kept in `text` (a RowSink's slot), made by `print` when there is none yet. Safe for readers that
    /// share the store's read lock.
    RowText answered(RowText& text, const std::function<std::string()>& print) const;

private:
    void view_rows(const TenantData& data, int tenant, const Record& view, const RowSink& emit,
                   const Selection* selection, std::optional<std::int64_t> changed_after) const;

    const Catalogue& catalogue_;
    const Variation& variation_;
    mutable std::mutex text_mutex_;  // guards every RowSink's text slot
};

}  // namespace bds::stub
