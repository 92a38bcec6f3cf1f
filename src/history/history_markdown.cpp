// The run history in Markdown (history_view.hpp): for a terminal, a pull request or a CI step summary.
#include <cstdio>
#include <set>

#include "history/history_view.hpp"
#include "report/markdown_cells.hpp"

namespace bds::history {
namespace {

using report::markdown_text;

/// A run's outcome of a track in one character: ✓ pass, ✗ fail, ≈ a failure a rerun passed, s skip, e error, ·
/// not judged.
std::string hist_mark(const std::optional<Cell>& cell) {
    if (!cell) return "·";
    switch (cell->outcome) {
        case run::Outcome::Pass: return "✓";
        case run::Outcome::Fail: return cell->flaky ? "≈" : "✗";
        case run::Outcome::Skip: return "s";
        case run::Outcome::Error: return "e";
    }
    return "·";
}

std::string percent(std::optional<double> rate) {
    if (!rate) return "—";
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.0f%%", *rate * 100);
    return buf;
}

std::string run_label(const HistoryView& view, std::optional<std::size_t> index) {
    if (!index) return "—";
    const auto& r = view.runs[*index];
    return "#" + std::to_string(r.id) + (r.release.empty() ? "" : " (" + markdown_text(r.release, 40) + ")");
}

void runs_table(const HistoryView& view, std::ostream& out) {
    out << "| run | started | target | release | harness | seed | cases | verdict | requests | reruns |\n"
        << "|---|---|---|---|---|---|---|---|---|---|\n";
    for (const auto& r : view.runs)
        out << "| #" << r.id << " | " << r.started_at << " | " << markdown_text(r.target, 80) << " | "
            << markdown_text(r.release, 40) << " | " << markdown_text(r.harness_version, 40) << " | " << r.seed << " | "
            << r.cases << " | " << r.verdict << " | " << r.requests << " | " << r.reruns << " |\n";
}

/// The tracks that are flaky, then those that failed in some run, with their outcomes run by run.
void tracks_table(const HistoryView& view, const std::vector<Track>& tracks, const std::string& what,
                  std::ostream& out) {
    std::vector<const Track*> shown;
    for (const bool flaky : {true, false})
        for (const auto& t : tracks)
            if (t.flaky == flaky && (t.flaky || t.first_failed)) shown.push_back(&t);
    out << "\n## " << what << " kept only sometimes or not at all (" << shown.size() << " of " << tracks.size()
        << ")\n\n";
    if (shown.empty()) {
        out << "Every one passed in every run that decided it.\n";
        return;
    }
    out << "Run by run: ✓ pass, ✗ fail, ≈ failed and passed on a rerun, s skip, e error, · not judged.\n\n"
        << "| " << what.substr(0, what.size() - 1) << " | level | flaky | pass rate | first failed | runs |\n"
        << "|---|---|---|---|---|---|\n";
    for (const auto* t : shown) {
        std::string marks;
        for (const auto& c : t->cells) marks += hist_mark(c);
        out << "| " << markdown_text(t->id, 80) << " | " << t->level << " | " << (t->flaky ? "flaky" : "") << " | "
            << percent(t->pass_rate()) << " (" << t->passed << "/" << t->decided << ") | "
            << run_label(view, t->first_failed) << " | " << marks << " |\n";
    }
}

/// Observations that not every run made: what the target started or stopped doing.
void behaviour_table(const HistoryView& view, std::ostream& out) {
    std::vector<const Behaviour*> changed;
    std::size_t steady = 0;
    for (const auto& b : view.behaviour) {
        if (b.steady(runs_judging(view, b.check)))
            ++steady;
        else
            changed.push_back(&b);
    }
    out << "\n## Behaviour that changed (" << changed.size() << " observations; " << steady
        << " made by every run, alike or with values that follow the seed)\n\n";
    if (changed.empty()) return;
    out << "| first run | last run | seen in | check | observation (as last made) | change |\n"
        << "|---|---|---|---|---|---|\n";
    for (const auto* b : changed)
        out << "| " << run_label(view, b->first) << " | " << run_label(view, b->last) << " | " << b->seen << " runs | "
            << markdown_text(b->check, 40) << " | " << markdown_text(b->text) << " | " << markdown_text(b->change, 200)
            << " |\n";
}

void timing_table(const HistoryView& view, std::ostream& out) {
    out << "\n## Time per request by suite (ms; property checks left out)\n\n| suite |";
    for (const auto& r : view.runs) out << " #" << r.id << " |";
    out << "\n|---|";
    for (std::size_t i = 0; i < view.runs.size(); ++i) out << "---|";
    out << "\n";
    for (const auto& t : view.timing) {
        out << "| " << markdown_text(t.suite, 40) << " |";
        for (const auto& ms : t.ms_per_request) {
            char buf[32] = "—";
            if (ms) std::snprintf(buf, sizeof buf, "%.1f", *ms);
            out << " " << buf << " |";
        }
        out << "\n";
    }
}

}  // namespace

void write_history_markdown(const HistoryView& view, std::ostream& out) {
    out << "# Run history: " << markdown_text(view.file, 200) << "\n\n";
    if (view.runs.empty()) {
        out << "No run is recorded (or none the filter keeps).\n";
        return;
    }
    std::set<std::string> releases;
    for (const auto& r : view.runs) releases.insert(r.release.empty() ? "no release label" : r.release);
    out << view.runs.size() << " runs from " << view.runs.front().started_at << " to " << view.runs.back().started_at
        << "; releases: " << markdown_text(report::joined({releases.begin(), releases.end()}), 200)
        << ". Flaky: outcomes that changed between runs of one release (or, without one, base URL) and harness version, or a failure "
           "a rerun passed (a rule kept only sometimes is not kept).\n\n";
    runs_table(view, out);
    tracks_table(view, view.statements, "Statements", out);
    tracks_table(view, view.checks, "Checks", out);
    behaviour_table(view, out);
    timing_table(view, out);
}

}  // namespace bds::history
