#pragma once
// A run history built by hand, as `conformance history` would read it from eight nightly runs of one target over
// two releases: the history reports' tests read it, and tests/history/history_html_sample.cpp draws it (the
// Chromium test, docs/history.png).
#include <string>

#include "history/history_view.hpp"

namespace bds::test {

/// A track's cells from a pattern, one letter per run: P pass, F fail, R fail then passed on a rerun (flaky),
/// S skip, E error, '.' not judged; passed, decided and first_failed counted from them.
history::Track history_track(std::string id, std::string level, std::string text, const std::string& pattern,
                             bool flaky);

/// Eight runs (2.3.0 then 2.4.0) of real statements and checks: 000-4.4-check and SYN-15 flaky (5 of 8, one
/// failure passed on a rerun), 000-1-json-utf8 failing until 2.4.0, 000-4.1-pagesize always passing, the change
/// feed's statements not judged in the first two runs, an observation first made in run 5, and the time per
/// request of six suites (changes: none in the first two runs).
history::HistoryView sample_history();

}  // namespace bds::test
