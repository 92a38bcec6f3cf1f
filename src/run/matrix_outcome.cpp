#include "run/matrix_outcome.hpp"

#include <algorithm>
#include <map>

namespace bds::run {
namespace {

/// Worse outcomes win a cell, as in the reports' other tables; what did not run decides nothing.
int rank(const std::string& outcome) {
    static const std::map<std::string, int, std::less<>> ranks{
        {"not run", 0}, {"skip", 1}, {"pass", 2}, {"error", 3}, {"fail", 4}};
    return ranks.at(outcome);
}

/// `r`'s part in the cell (`rule`, `endpoint`).
CellCheck part(const CheckResult& r, std::string_view rule, std::string_view endpoint) {
    CellCheck c{r.id, r.level, std::string(to_string(r.outcome)), r.reason};
    if (r.cells.empty()) return c;
    const auto it = std::find_if(r.cells.begin(), r.cells.end(),
                                 [&](const CellOutcome& o) { return o.rule == rule && o.endpoint == endpoint; });
    if (it != r.cells.end()) return {r.id, r.level, std::string(to_string(it->outcome)), it->reason};
    // It judged others one by one but not this one: it ended before (its own skip or error), or never came to it.
    if (r.outcome == Outcome::Skip || r.outcome == Outcome::Error) return c;
    return {r.id, r.level, "not run", "the check judged other cells, not this one"};
}

}  // namespace

CellView cell_view(const RunResult& run, const MatrixRule& rule, const MatrixCell& cell) {
    if (!cell.not_applicable.empty()) return {"n/a", std::string(cell.not_applicable), {}};
    CellView view{"not run", "", {}};
    for (const auto id : cell.checks) {
        const auto it =
            std::find_if(run.results.begin(), run.results.end(), [&](const CheckResult& r) { return r.id == id; });
        CellCheck c = it == run.results.end() ? CellCheck{std::string(id), Level::Must, "not run", "not in this run"}
                                              : part(*it, rule.id, cell.endpoint);
        if (rank(c.outcome) > rank(view.outcome)) view.outcome = c.outcome;
        view.checks.push_back(std::move(c));
    }
    return view;
}

}  // namespace bds::run
