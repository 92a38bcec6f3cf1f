#pragma once
/// The rows of spec/assumptions.md (where the seeds are silent, what a correct server may choose and how the harness
/// treats it), read for what they interpret: each row names the statements of spec/requirements.json it reads.
#include <string>
#include <string_view>
#include <vector>

namespace bds {

/// One row of spec/assumptions.md: "| A-44 | `000-8-rate-limits-not-shown` | …".
struct AssumptionRow {
    std::string id;                       ///< "A-44"
    std::string interprets_cell;          ///< the second column as written
    std::vector<std::string> interprets;  ///< its ids; empty when the cell is not a list of `id`s joined by ", "
};

/// The rows of an assumptions page, in its order.
std::vector<AssumptionRow> assumption_rows(std::string_view markdown);

/// The text of spec/assumptions.md as compiled into this program.
std::string_view builtin_assumptions_text();
/// The rows compiled into this program (read once).
const std::vector<AssumptionRow>& assumptions();

}  // namespace bds
