#pragma once
/// The kill matrix: which checks caught each injected defect of the stub, from the runs of `conformance selfcheck`
/// (one against the faithful stub, one per defect under the stub's default choices, one per defect under a random
/// combination of choices, so that no check catches a defect only because of the defaults).
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "check/check.hpp"
#include "run/result.hpp"

namespace bds::report {

/// One run against a defect, as the matrix reads it.
struct DefectRun {
    std::string name, area, rule, description;
    run::RunResult run;
    Level level = Level::Must;  ///< of the rule the defect breaks
    /// The stub's choices under the defect ("" for the defaults), e.g. "A-07=row,A-12=hidden".
    std::string choices;
    /// The statements of the seeds it breaks (spec/requirements.json ids); empty: any check that fails catches it.
    std::vector<std::string> breaks{};
};

/// What the runs show: a defect is caught when at least one MUST check that verifies a statement it breaks fails
/// on it (a defect against a SHOULD rule: a MUST or SHOULD check), in every run of it; the faithful stub must have
/// no MUST failure and no error. A failure of another check only follows from the defect: it proves nothing.
struct KillMatrix {
    /// One run of a defect: under which choices, and what failed.
    struct Trial {
        std::string choices;
        std::vector<std::string> must;    ///< MUST checks that failed (the killers)
        std::vector<std::string> should;  ///< SHOULD checks that failed
        std::vector<std::string> errors;  ///< checks that could not judge
        /// The failed checks (MUST; and SHOULD for a SHOULD defect) that verify a statement the defect breaks.
        std::vector<std::string> of_its_rule;
    };
    struct Row {
        std::string name, area, rule, description;
        Level level = Level::Must;
        std::vector<Trial> trials;  ///< the defaults' first when it ran
        bool caught(const Trial& t) const { return !t.of_its_rule.empty(); }
        bool caught() const;
    };
    std::vector<Row> rows;
    std::vector<std::string> faithful_must;    ///< MUST failures on the faithful stub (false alarms)
    std::vector<std::string> faithful_errors;  ///< errors on the faithful stub
    std::uint64_t seed = 0;
    int cases = 0;
    std::size_t checks = 0;

    std::size_t caught() const;
    /// Every defect caught and no false alarm.
    bool complete() const { return caught() == rows.size() && faithful_must.empty() && faithful_errors.empty(); }
};

/// Rows in the order of first appearance in `defects`; several runs of one defect (by name) are its trials.
KillMatrix kill_matrix(const run::RunResult& faithful, const std::vector<DefectRun>& defects);

/// How a kill matrix introduces itself: its title and the paragraph saying how it was made.
struct KillMatrixHeading {
    std::string title;             ///< "" : "Kill matrix"
    std::string intro;             ///< "" : how `conformance selfcheck` makes the stub's matrix
    std::string subject = "stub";  ///< what the defects are put into ("the faithful stub")
};

/// reports/kill-matrix.md: counts, the defects not caught first, then every defect with the checks that caught
/// it, then which defects each check caught. No timings, so the file changes only when the results do.
void write_kill_matrix(const KillMatrix& matrix, std::ostream& out, const KillMatrixHeading& heading = {});

}  // namespace bds::report
