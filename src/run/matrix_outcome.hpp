#pragma once
/// What a run came to on each cell of the service matrix (catalogue/service_matrix.hpp): the outcome of the checks that
/// judge it there, for the reports' rules × endpoints table.
#include <string>
#include <vector>

#include "catalogue/service_matrix.hpp"
#include "run/result.hpp"

namespace bds::run {

/// One check's part in a cell: its id, level and outcome there ("not run" when the run did not run it: another shard,
/// a selection).
struct CellCheck {
    std::string id;
    Level level = Level::Must;
    std::string outcome;  ///< "pass", "fail", "skip", "error", "not run"
    std::string reason;   ///< why it skipped or erred there
};

/// A cell as the run left it: "n/a" (with the matrix's reason), else the worst outcome of its checks (fail, error,
/// pass, skip, not run, from worst) and each check's part.
struct CellView {
    std::string outcome;
    std::string not_applicable;
    std::vector<CellCheck> checks;
};

/// The cell `cell` of `rule` in `run`. A check that judged its cells one by one (CheckResult::cells) counts with its
/// outcome on this one (not judged there: its own skip or error, else "not run"); any other with its whole outcome.
CellView cell_view(const RunResult& run, const MatrixRule& rule, const MatrixCell& cell);

}  // namespace bds::run
