#pragma once
/// What a list read asks for (GET resources, GET sync, POST query), and the refusal of a malformed one.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "selection/selection.hpp"

namespace bds::stub {

/// The endpoints that name a resource: the three that answer lists (000 §4.1-4.3), and POST sync (000 §4.4).
enum class Endpoint { Resources, Feed, Query, Send };

struct OrderBy {
    std::string field;
    bool desc = false;
};

struct ListQuery {
    Endpoint endpoint = Endpoint::Resources;
    std::optional<Selection> selection;
    std::optional<std::string> condition;       ///< the selection's text as applied: what a database is given
    std::optional<std::int64_t> changed_after;  ///< 100 ns ticks: GET sync's LastUtcRun, as the policy reads it
    std::optional<std::int64_t> last_utc_run;   ///< 100 ns ticks: GET sync's LastUtcRun as asked
    std::size_t page_size = 0;                  ///< 0: every row
    std::size_t page_number = 1;
    std::vector<OrderBy> order_by;
};

/// Malformed input: answered with the malformed-input status and its message.
struct BadRequest {
    std::string code;
    std::string message;
};

}  // namespace bds::stub
