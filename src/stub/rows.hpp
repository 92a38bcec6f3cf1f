#pragma once
/// The rows a read of a resource sees: a base table's records, the document lines nested in headers
/// (StoricoDocumentiR), or a view derived live from the tenant's base records (spec/assumptions.md A-38..A-42).
#include <nlohmann/json.hpp>

#include <functional>

#include "catalogue/catalogue.hpp"
#include "stub/store.hpp"
#include "stub/users.hpp"

namespace bds::stub {

/// The most lines one document may carry (a view line's Id is derived from its header's Id and position).
inline constexpr std::size_t kMaxLinesPerDocument = 999;

/// One row and the instant (100 ns ticks) it last changed, for the change feed.
using RowSink = std::function<void(const nlohmann::json& row, std::int64_t changed)>;

/// Calls `emit` for every row of `resource` visible to `user` (of tenant `tenant`), in key order.
void for_each_row(const Catalogue& catalogue, const TenantData& data, const Record& resource, const User& user,
                  Collation collation, const RowSink& emit);

}  // namespace bds::stub
