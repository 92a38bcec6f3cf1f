#pragma once
/// The diff's behaviour changes grouped by cause, so that one choice of a target (a status, 400 or 422) reads as one
/// line, not as a row per observation: observations whose values changed the same way ("400 → 422"), or whose words
/// did ("\"(a JSON object …)\" → \"(text …)\""), form one group across checks; the observations gone or new group
/// by the assumption rows they cite.
#include <cstddef>
#include <string>
#include <vector>

namespace bds::report {

struct ObservationChange;

/// Observations changed alike.
struct ObservationGroup {
    enum class Kind { Value, Reworded, Gone, New };
    Kind kind = Kind::Value;
    std::string change;                    ///< Value, Reworded: ObservationChange::change; Gone, New: empty
    std::vector<std::string> assumptions;  ///< the rows the members cite, by number ("A-19", "A-84")
    std::vector<std::string> checks;       ///< the members' checks, in the diff's order
    std::vector<std::size_t> members;      ///< indices into RunDiff::observations, ascending
};

/// "value", "reworded", "gone", "new".
const char* to_string(ObservationGroup::Kind kind);

/// The groups of `changes`: pairs first, most observations first (values before words, then by change text), then
/// the observations gone or new by their first assumption row's number (none last), kind and first check. Every
/// change is in exactly one group.
std::vector<ObservationGroup> group_observations(const std::vector<ObservationChange>& changes);

/// One line: "400 → 422 in 61 observations of 9 checks: FIL-05, SYN-02, …", naming at most `max_rows`
/// assumption rows ("+3 more") and `max_checks` checks ("…"); each side of a change past 80 bytes cut to 28.
std::string group_summary(const ObservationGroup& group, std::size_t max_checks = 6, std::size_t max_rows = 4);

}  // namespace bds::report
