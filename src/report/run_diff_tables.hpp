#pragma once
/// The diff laid out once, as titled tables of plain text, for the Markdown and HTML writers to render: each escapes
/// every cell for its format, so both say the same things in the same order.
#include <string>
#include <vector>

#include "report/run_diff.hpp"

namespace bds::report {

/// A section: a title, a line under it ("" for none), and a table (no rows: the line says why).
struct DiffTable {
    std::string title, note;
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};

/// "no MUST check newly fails", or "MUST checks newly failing: CHG-01, …".
std::string diff_headline(const RunDiff& diff);

/// The totals, then each section that has something: outcomes, checks in one run only, new and fixed failures,
/// the behaviour changes' groups, the observations (by group), timing.
std::vector<DiffTable> diff_tables(const RunDiff& diff);

}  // namespace bds::report
