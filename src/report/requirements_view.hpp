#pragma once
/// The HTML report's requirements view: each statement of the seeds the run judged, at what level, with what outcome
/// (the page a certificate is read from), and the links from a check to its statements.
#include <ostream>
#include <string>

#include "run/result.hpp"

namespace bds::report {

/// The statements `r` verifies as links into the requirements view, joined by ", " ("" when none).
std::string statement_links(const run::CheckResult& r);

/// The section "Requirements judged": a row per statement some check of `run` verifies, in the order of
/// spec/requirements.json: its quote, the strongest level of its checks, the worst outcome, and each check.
void requirements_html(const run::RunResult& run, std::ostream& out);

}  // namespace bds::report
