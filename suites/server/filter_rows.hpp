#pragma once
/// The filters suite's oracle over a check's own rows (000 §4.1 rule 1): which rows a RecordSelection selects among
/// the rows a check wrote and read back, under every reading a target may have, and the reads that require a target to
/// answer exactly them. Shared by the suite's files.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "oracle/readings.hpp"
#include "selection/selection.hpp"
#include "suites/common/support.hpp"

namespace bds::suites {

/// Our parse of a condition the harness built; one that does not parse is the harness's bug, not the target's
/// (harness_error).
Selection parse_ours(const std::string& text, const Record& record);

/// What a correct server must answer for a condition among rows: the keys every reading selects, and those whose
/// membership depends on the reading (oracle/readings.hpp); the other rows must not come back.
struct ExpectedRows {
    std::set<std::string> selected;
    std::map<std::string, const json*> depends;  ///< key → the row as read back
};

/// Expected rows of `selection` among `rows` (index keys under `key_collation`), under every reading a target with
/// `collation` declared (or none) may have. A row read back whose value cannot be evaluated (a wrong JSON type, the
/// schema suite's business) stops the check as an error.
ExpectedRows expected_rows(const Selection& selection, const Record& record, const std::vector<json>& rows,
                           std::optional<Collation> collation, Collation key_collation);

/// Sends `selection` and requires exactly the rows whose keys (index keys under `key_collation`) are
/// `expected.selected`: status 200, no other row, none missing; rows of `expected.depends` may come back or not.
/// Returns the keys that came back, or nullopt when the answer was no list (a finding, unless `refusal_allowed` and the
/// status is a 4xx). `verbatim`: the selection's forms are under test (client::ListQuery::verbatim); else the values of
/// the check's own records are spelled as the target accepts them.
std::optional<std::set<std::string>> expect_rows(Context& ctx, const Record& record, const std::string& selection,
                                                 const ExpectedRows& expected, Collation key_collation,
                                                 const std::string& among, bool refusal_allowed = false,
                                                 bool verbatim = false);

/// Rows whose keys are `keys`, all of which every reading selects: the checks whose conditions and rows are the
/// check's own (codes, markers) and read alike everywhere.
ExpectedRows exactly_rows(std::set<std::string> keys);

}  // namespace bds::suites
