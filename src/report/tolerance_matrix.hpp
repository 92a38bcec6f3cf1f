#pragma once
/// The tolerance matrix: the other half of proving the suites. Every suite runs against the stub with each of
/// its choices changed from the default (`conformance stub --list-choices`) and with random combinations of them;
/// a correct server may choose any of them, so no run may give a MUST failure, an error, or a SHOULD failure the
/// defaults do not give; and each single choice must be reported by some check's observations.
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "run/result.hpp"

namespace bds::report {

/// One run under a choice, or under a random combination of choices.
struct ChoiceRun {
    std::string label;    ///< "A-08=5000", or "random:7"
    std::string choices;  ///< what differs from the defaults, e.g. "A-07=row,A-12=hidden"
    run::RunResult run;
    /// A single choice some check must report (not one the target file declares, nor a random combination).
    bool must_be_seen = false;
};

struct ToleranceMatrix {
    struct Row {
        std::string label, choices;
        std::vector<std::string> must;     ///< MUST checks that failed
        std::vector<std::string> errors;   ///< checks that could not judge
        std::vector<std::string> should;   ///< SHOULD checks that failed here but not on the defaults
        std::vector<std::string> seen_by;  ///< checks whose observations differ from the defaults'
        bool must_be_seen = false;
        std::vector<std::string> why;  ///< "ID: reason" of each error, and the expected/actual of each MUST failure
        bool clean() const {
            return must.empty() && errors.empty() && should.empty() && (!must_be_seen || !seen_by.empty());
        }
    };
    std::vector<Row> rows;
    /// Checks with an observation that differs between two runs on the defaults: that observation (by its label,
    /// the text before ": ") is not used to tell a choice; the check's others are.
    std::set<std::string> unsteady;
    std::map<std::string, std::set<std::string>> noisy;  ///< per unsteady check, the labels set aside
    std::uint64_t seed = 0;
    int cases = 0;
    std::size_t checks = 0;

    std::size_t clean() const;
    bool complete() const { return clean() == rows.size(); }
};

/// `defaults` and `defaults_again` are two runs on the stub's default choices (same seed as every run).
ToleranceMatrix tolerance_matrix(const run::RunResult& defaults, const run::RunResult& defaults_again,
                                 const std::vector<ChoiceRun>& runs);

/// reports/tolerance-matrix.md: counts, the runs that are not clean first, then every choice with the OBSERVE
/// checks that saw it, then the random combinations. No timings.
void write_tolerance_matrix(const ToleranceMatrix& matrix, std::ostream& out);

}  // namespace bds::report
