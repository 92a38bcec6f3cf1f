// Markdown: a verdict, counts per level, then each failure and error in a line. Short on purpose (a PR comment
// or $GITHUB_STEP_SUMMARY); the HTML and JSON reports hold the detail.
#include <cstdio>

#include "report/markdown_cells.hpp"
#include "report/reporters.hpp"
#include "run/baseline.hpp"

namespace bds::report {
namespace {

std::string level_row(std::string_view level, const Tally& t) {
    std::string out = "| ";
    out.append(level);
    for (int n : {t.pass, t.fail, t.skip, t.error}) out.append(" | ").append(std::to_string(n));
    return out + " |\n";
}

}  // namespace

void write_markdown(const run::RunResult& run, std::ostream& out) {
    Tally must, should, observe;
    for (const auto& r : run.results)
        (r.level == Level::Must ? must : r.level == Level::Should ? should : observe).add(r.outcome);
    const run::Verdict verdict = run.verdict();
    const char* mark = verdict == run::Verdict::Pass          ? "✅"
                       : verdict == run::Verdict::Fail        ? "❌"
                       : verdict == run::Verdict::Interrupted ? "⏹️"
                                                              : "⚠️";
    out << "### Conformance: " << mark << " " << markdown_text(run::verdict_text(run), 600) << "\n\n";
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f", run.duration_ms / 1000);
    out << markdown_line(run.target) << " · " << run.results.size() << " checks · " << run.requests << " requests · "
        << seconds << " s · seed " << run.seed << " · harness " << markdown_text(run.harness_version) << "\n\n";
    if (run.baseline) {
        out << "Against the baseline " << markdown_text(run.baseline->source)
            << ": **new MUST failures: " << run::id_list(run.baseline->new_failures)
            << "** (these fail the gate) · known: " << run::id_list(run.baseline->known_failures)
            << " · fixed: " << run::id_list(run.baseline->fixed) << "\n\n";
    }
    out << "| level | pass | fail | skip | error |\n|---|---:|---:|---:|---:|\n"
        << level_row("MUST", must) << level_row("SHOULD", should) << level_row("OBSERVE", observe) << "\n";

    // A PR comment holds 65,536 characters: past kMaxListed the rest is counted, not listed.
    constexpr int kMaxListed = 30;
    int listed = 0, unlisted = 0;
    std::vector<std::string> following;  // failures that probably follow from a listed one
    for (const auto& r : run.results) {
        const bool undecided_skip = r.outcome == run::Outcome::Skip && r.level == Level::Must && !r.skip_chosen;
        if (r.outcome != run::Outcome::Fail && r.outcome != run::Outcome::Error && !undecided_skip) continue;
        if (!r.caused_by.empty()) {
            following.push_back(r.id + " (after " + r.caused_by.front() + ")");
            continue;
        }
        if (listed == kMaxListed) {
            ++unlisted;
            continue;
        }
        if (listed++ == 0) out << "**Failures, errors and MUST checks not run**\n\n";
        out << "- **" << markdown_text(r.id) << "** " << to_string(r.level) << " " << run::to_string(r.outcome) << ": "
            << markdown_text(r.title) << " (" << markdown_text(r.spec) << ")";
        if (!r.reruns.empty()) out << " — " << run::rerun_text(r);
        if (r.outcome == run::Outcome::Error) {
            out << ": " << (r.error_source == run::ErrorSource::Target ? "the target: " : "the harness: ")
                << markdown_text(r.reason);
        } else if (undecided_skip) {
            out << ": " << markdown_text(r.reason);
        } else if (!r.findings.empty()) {
            const auto& f = r.findings.front();
            out << ": expected " << markdown_text(f.expected) << ", got " << markdown_text(f.actual);
            if (const auto more = r.findings.size() - 1 + r.findings_not_kept; more > 0)
                out << " (+" << more << " more)";
        }
        // Inline code shows the replay as is; a backtick inside it would end the span, so none is printed.
        std::string replay = r.replay;
        std::erase(replay, '`');
        std::erase_if(replay, [](char c) { return c == '\n' || c == '\r'; });
        if (!replay.empty()) out << "  \n  replay: `" << replay << "`";
        out << "\n";
    }
    if (unlisted > 0) out << "- … and " << unlisted << " more: see the HTML or JSON report\n";
    if (!following.empty())
        out << "- probably following from those, as they rely on them: " << markdown_text(run::id_list(following), 1500)
            << "\n";
    if (listed > 0) out << "\n";

    int skipped = 0;
    for (const auto& r : run.results) skipped += r.outcome == run::Outcome::Skip;
    if (skipped > 0) {
        out << "<details><summary>" << skipped << " skipped</summary>\n\n";
        for (const auto& r : run.results)
            if (r.outcome == run::Outcome::Skip)
                out << "- " << markdown_text(r.id) << " " << markdown_text(r.title) << ": " << markdown_text(r.reason)
                    << "\n";
        out << "\n</details>\n\n";
    }
    for (const auto& n : run.notes) out << "> note: " << markdown_text(n) << "\n";
}

}  // namespace bds::report
