#pragma once
/// The diff's first screen, as plain-text lines the Markdown and HTML writers render above their tables: the
/// verdicts, the MUST checks newly failing with their first new finding, the behaviour changes by cause (one line a
/// group, run_diff_groups.hpp), and a count of what else the tables hold.
#include <cstddef>
#include <string>
#include <vector>

#include "report/run_diff.hpp"

namespace bds::report {

/// A MUST check newly failing: "CHG-01 <title>", and its first new finding "expected …, got …" ("" for none).
struct FailingCheck {
    std::string check, finding;
};

struct DiffSummary {
    std::string verdicts;               ///< "pass: every MUST check passed → fail: 1 MUST failure"
    std::string seeds;                  ///< "seed 7" or "seeds 7 → 8 (texts of generated cases may differ)"
    std::vector<FailingCheck> failing;  ///< then {"… and N more MUST checks", ""}
    std::vector<std::string> causes;    ///< a group_summary line a group, then "… and N more groups"
    std::size_t observations = 0;       ///< how many observations the causes cover
    std::string others;                 ///< "also changed: 1 outcome, 1 timing", or "" when nothing else did
};

/// At most `max_failing` failing checks and `max_causes` groups are named; the rest counted.
DiffSummary diff_summary(const RunDiff& diff, std::size_t max_failing = 8, std::size_t max_causes = 12);

}  // namespace bds::report
