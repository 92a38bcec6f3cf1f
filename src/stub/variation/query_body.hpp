#pragma once
/// The POST query body shapes the stub reads (000 §4.2: "Request body shape and response shape are not shown";
/// spec/assumptions.md A-41): one reader per value of Choices::QueryBody, chosen by the Variation.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "stub/list_query.hpp"
#include "stub/variation/choices.hpp"

namespace bds::stub {

/// What a POST query body asks for, read from its shape: raw values, validated by the read path.
struct QueryRequest {
    std::optional<std::string> selection;
    std::optional<std::string> page_size;
    std::optional<std::string> page_number;
    std::vector<OrderBy> order_by;
};

/// `body` read in `shape`: nested {RecordSelection, OrderBy: [{field, desc}], PageSize, PageNumber}, flat
/// {filter, orderBy: "field", descending, pageSize, page}, or sql {RecordSelection, OrderBy: "field [ASC|DESC], …",
/// PageSize, PageNumber}. The fields ordered by must be fields of `record`. Throws BadRequest.
QueryRequest read_query_body(Choices::QueryBody shape, const nlohmann::json& body, const Record& record);

/// A SQL ORDER BY text without the words ORDER BY: one or more "field [ASC|DESC]" joined by commas (the
/// keywords in any case, ASC when none), each field one of `record`'s, bare or in [brackets], named as in
/// RecordSelection (without case when no field has the exact name). Throws BadRequest naming what is wrong.
std::vector<OrderBy> order_by_text(std::string_view text, const Record& record);

}  // namespace bds::stub
