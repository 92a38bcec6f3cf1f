#pragma once
/// Reporters: one registry, name → writer (as Catch2 has), so `--report NAME=FILE` reaches each the same way.
/// Everything a reporter prints from a RunResult is escaped for its format: bodies come from servers under
/// test. Exchanges arrive redacted (client/exchange.hpp); reporters print nothing else that could hold a secret.
#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <string_view>

#include "catalogue/catalogue.hpp"
#include "run/result.hpp"

namespace bds::report {

using Writer = std::function<void(const run::RunResult&, std::ostream&)>;

/// Every reporter by name: "har", "html", "json", "junit", "md".
const std::map<std::string, Writer>& reporters();

/// The whole run as data (the json reporter writes it; reports/report.schema.json describes it).
nlohmann::ordered_json to_json(const run::RunResult& run);

/// JUnit XML (as GitHub Actions, GitLab and Jenkins read it): a testsuite per suite, a testcase per check.
void write_junit(const run::RunResult& run, std::ostream& out);

/// HAR 1.2 (a browser's network panel, any HAR viewer): every exchange of the run (RunResult::exchanges, in the
/// order sent) as an entry, a page per check (entries of the token requests and the clean-up on pages of their
/// own). Bodies as the other reports show them: redacted, cut at client::kMaxShownBody.
void write_har(const run::RunResult& run, std::ostream& out);

/// A short Markdown summary, for a pull-request comment or a CI step summary.
void write_markdown(const run::RunResult& run, std::ostream& out);

/// One self-contained HTML page (inline CSS, no external URL). `catalogue` names the resources of the
/// matrix: a check's tags that are records of it, "*" for all its resources.
void write_html(const run::RunResult& run, const Catalogue& catalogue, std::ostream& out);

/// Counts of outcomes, per level or per suite.
struct Tally {
    int pass = 0, fail = 0, skip = 0, error = 0;
    void add(run::Outcome outcome);
    int total() const { return pass + fail + skip + error; }
};

/// `text` as valid UTF-8 (invalid bytes become U+FFFD): servers under test may send anything.
std::string valid_utf8(std::string_view text);

/// `text` escaped for XML 1.0 and HTML text and attribute values: &<>"' as references, invalid UTF-8 and the
/// control characters XML cannot hold (all below U+0020 but tab, LF, CR) as U+FFFD.
std::string escape_xml(std::string_view text);

/// The CSS every HTML page of the harness starts with (the run report, the run history): fonts, headings, tables,
/// the run's facts; each page adds its own after it.
extern const std::string_view kPageStyle;

/// `value` with `decimals` digits after the point ("12.5").
std::string fixed_decimals(double value, int decimals);

/// At most `max_bytes` of `text`, cut on a UTF-8 boundary, with "…" when cut.
std::string shorten(std::string_view text, std::size_t max_bytes);

}  // namespace bds::report
