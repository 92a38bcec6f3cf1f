// JUnit XML: the de-facto format (Ant's, as Jenkins, GitLab and GitHub Actions' test reporters read it).
// A testcase per check: MUST/SHOULD failures are <failure type="MUST|SHOULD">, errors <error>, skips and
// OBSERVE checks <skipped> (OBSERVE records a choice, it never passes or fails), their observations in
// <system-out>.
#include <cstdio>
#include <map>
#include <vector>

#include "report/reporters.hpp"
#include "run/baseline.hpp"

namespace bds::report {
namespace {

std::string seconds(double ms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", ms / 1000);
    return buf;
}

std::string attr(std::string_view name, std::string_view value) {
    std::string out = " ";
    out.append(name).append("=\"").append(escape_xml(value)).append("\"");
    return out;
}

void exchange_text(const client::Exchange& e, const std::string& indent, std::string& out) {
    out.append(indent).append(e.summary()).append("\n");
    out.append(indent).append(e.curl()).append("\n");
    // The request body is in the curl line already.
    if (!e.response_body.empty()) out.append(indent).append("response body: ").append(e.response_body).append("\n");
}

/// The failure's text: where the rule is, what broke it, and how to see it again.
std::string failure_text(const run::CheckResult& r) {
    std::string out = r.id;
    out.append(" [").append(to_string(r.level)).append("] ").append(r.title).append("\n");
    out.append("spec: ").append(r.spec).append("\n");
    if (!r.seed_text.empty()) out.append("seed: \"").append(r.seed_text).append("\"\n");
    for (std::size_t i = 0; i < r.findings.size(); ++i) {
        const auto& f = r.findings[i];
        out.append("finding ").append(std::to_string(i + 1)).append(":\n");
        out.append("  expected: ").append(f.expected).append("\n");
        out.append("  actual:   ").append(f.actual).append("\n");
        if (!f.pointer.empty()) out.append("  at:       ").append(f.pointer).append("\n");
        if (!f.counterexample.empty()) out.append("  minimal counterexample: ").append(f.counterexample).append("\n");
        if (f.exchange) exchange_text(*f.exchange, "  ", out);
    }
    if (const auto cut = run::not_kept_text(r); !cut.empty()) out.append(cut).append("\n");
    if (!r.reason.empty()) out.append("reason: ").append(r.reason).append("\n");
    if (!r.caused_by.empty())
        out.append("probably follows from the failure of ")
            .append(run::id_list(r.caused_by))
            .append(", which it relies on\n");
    if (!r.replay.empty()) out.append("replay: ").append(r.replay).append("\n");
    return out;
}

/// The line that sets $TOKEN for the curl lines, once per failure text that has an exchange.
std::string with_token_command(std::string text, const run::RunResult& run) {
    if (run.token_command.empty() || text.find("$TOKEN") == std::string::npos) return text;
    return text + "curl lines read the token from $TOKEN: " + run.token_command + "\n";
}

std::string observations_text(const run::CheckResult& r) {
    std::string out;
    for (const auto& o : r.observations) {
        out.append("- ").append(o.text).append("\n");
        if (o.exchange) exchange_text(*o.exchange, "  ", out);
    }
    return out;
}

std::string first_finding(const run::CheckResult& r) {
    if (r.findings.empty()) return r.spec;
    const auto& f = r.findings.front();
    return shorten(r.spec + ": expected " + f.expected + ", got " + f.actual, 500);
}

void testcase(const run::RunResult& run, const run::CheckResult& r, std::ostream& out) {
    // The name is the id alone: CI keeps a test's history by name, and titles get edited.
    out << "    <testcase" << attr("classname", "conformance." + r.suite) << attr("name", r.id)
        << attr("time", seconds(r.duration_ms)) << ">\n";
    const bool observe = r.level == Level::Observe;
    if (r.outcome == run::Outcome::Error) {
        // "target": it did not answer, or not in a way the check could use; "harness": a fault of the check.
        out << "      <error" << attr("type", std::string(run::to_string(r.error_source)))
            << attr("message", shorten(r.reason, 500)) << ">" << escape_xml(with_token_command(failure_text(r), run))
            << "</error>\n";
    } else if (r.outcome == run::Outcome::Skip) {
        out << "      <skipped" << attr("message", shorten(r.reason, 500)) << "/>\n";
    } else if (r.outcome == run::Outcome::Fail && !observe) {
        out << "      <failure" << attr("type", to_string(r.level)) << attr("message", first_finding(r)) << ">"
            << escape_xml(with_token_command(failure_text(r), run)) << "</failure>\n";
    } else if (observe) {
        out << "      <skipped" << attr("message", "OBSERVE: recorded what the target chose where the seeds are silent")
            << "/>\n";
    }
    std::string observed = observations_text(r);
    if (observe && r.outcome == run::Outcome::Fail) observed += failure_text(r);  // rare: shown, never a failure
    if (!observed.empty()) out << "      <system-out>" << escape_xml(observed) << "</system-out>\n";
    out << "    </testcase>\n";
}

/// What an OBSERVE check or a skip counts as: <skipped>.
bool is_skipped(const run::CheckResult& r) {
    return r.outcome == run::Outcome::Skip ||
           (r.level == Level::Observe && (r.outcome == run::Outcome::Pass || r.outcome == run::Outcome::Fail));
}

struct Counts {
    int tests = 0, failures = 0, errors = 0, skipped = 0;
    double ms = 0;
    void add(const run::CheckResult& r) {
        ++tests;
        ms += r.duration_ms;
        if (r.outcome == run::Outcome::Error)
            ++errors;
        else if (is_skipped(r))
            ++skipped;
        else if (r.outcome == run::Outcome::Fail)
            ++failures;
    }
    std::string attrs() const {
        return attr("tests", std::to_string(tests)) + attr("failures", std::to_string(failures)) +
               attr("errors", std::to_string(errors)) + attr("skipped", std::to_string(skipped)) +
               attr("time", seconds(ms));
    }
};

}  // namespace

void write_junit(const run::RunResult& run, std::ostream& out) {
    std::vector<std::string> order;  // suites in the order the run met them
    std::map<std::string, std::vector<const run::CheckResult*>> by_suite;
    Counts all;
    for (const auto& r : run.results) {
        if (!by_suite.contains(r.suite)) order.push_back(r.suite);
        by_suite[r.suite].push_back(&r);
        all.add(r);
    }
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out << "<testsuites" << attr("name", "bds-conformance") << all.attrs() << ">\n";
    for (const auto& suite : order) {
        Counts counts;
        for (const auto* r : by_suite[suite]) counts.add(*r);
        out << "  <testsuite" << attr("name", suite) << counts.attrs() << attr("timestamp", run.started_at) << ">\n";
        // The run's identity in every suite: readers show a suite's properties, not the root's.
        out << "    <properties>\n";
        const std::pair<std::string, std::string> props[] = {{"target", run.target},
                                                             {"harness_version", run.harness_version},
                                                             {"catalogue_sha256", run.catalogue_sha256},
                                                             {"seed", std::to_string(run.seed)},
                                                             {"cases", std::to_string(run.cases)},
                                                             {"envelope", run.envelope},
                                                             {"verdict", run::verdict_text(run)}};
        for (const auto& [k, v] : props) out << "      <property" << attr("name", k) << attr("value", v) << "/>\n";
        out << "    </properties>\n";
        for (const auto* r : by_suite[suite]) testcase(run, *r, out);
        out << "  </testsuite>\n";
    }
    out << "</testsuites>\n";
}

}  // namespace bds::report
