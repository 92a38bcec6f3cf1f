// The run history as one self-contained HTML page: inline CSS and SVG, no script, no external URL, every text
// escaped (statement quotes, check titles and observations come from the seeds and from servers under test). The
// markup is also well-formed XML (void elements closed, no bare attribute), so a test reads it with an XML parser.
// The colours are the run report's (report/html_report.cpp): pale for table cells, their stronger tones for marks.
#include <algorithm>
#include <cstdio>

#include "history/history_charts.hpp"
#include "history/history_view.hpp"
#include "report/reporters.hpp"

namespace bds::history {
namespace {

std::string hist_html(std::string_view text) { return report::escape_xml(text); }

// After report::kPageStyle.
constexpr std::string_view kHistHtmlStyle =
    R"(.pass{background:#dafbe1}.fail{background:#ffd7d5}.error,.incomplete{background:#ffe7c2}.interrupted,.unknown,.skip{background:#eaeef2}
.note{color:#57606a}.flaky-word{color:#9a6700}details{margin:.4em 0}summary{cursor:pointer}
.scroll{overflow-x:auto;max-width:100%}
table.compact td,table.compact th{padding:.1em .5em;font-size:.9em}
.legend{display:flex;flex-wrap:wrap;gap:.3em 1.4em;margin:.6em 0;color:#424a53}.legend span{white-space:nowrap}
svg text{font:10px ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;fill:#1d2329}
svg text.runid,svg text.tick{fill:#57606a;font-size:9px}svg text.legend{font-size:11px}
svg text.release{fill:#0969da;font-weight:600}
svg text.flaky{fill:#9a6700;font-weight:700}svg text.rate{fill:#57606a}
svg line.release-line{stroke:#0969da;stroke-dasharray:3 2}
svg line.flaky-mark{stroke:#1d2329;stroke-width:1.6}
svg line.gridline{stroke:#eaeef2}svg line.axis{stroke:#8c959f}svg line.key{stroke-width:3}
svg polyline.series{fill:none;stroke-width:2}
rect.lane{fill:#eef1f4}rect.seen{fill:#54aeff}rect.mark{rx:3px}
rect.pass{fill:#4ac26b}rect.fail{fill:#fa4549}rect.error,rect.incomplete{fill:#d4a72c}rect.skip{fill:#afb8c1}
rect.interrupted,rect.unknown{fill:#8c959f}
)";

/// The distinct values of one field of the runs, in the order they first appear.
template <typename Field>
std::vector<std::string> hist_distinct(const HistoryView& view, Field field) {
    std::vector<std::string> out;
    for (const auto& run : view.runs)
        if (const std::string& v = run.*field; std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    return out;
}

std::string hist_joined(const std::vector<std::string>& values) {
    std::string out;
    for (const auto& v : values) out.append(out.empty() ? "" : ", ").append(v.empty() ? "(none)" : v);
    return out.empty() ? "(none)" : out;
}

void hist_header(const HistoryView& view, std::ostream& out) {
    out << "<header><h1>Run history</h1>\n<dl class=\"meta\">\n";
    const std::pair<std::string_view, std::string> meta[] = {
        {"file", view.file},
        {"runs", std::to_string(view.runs.size())},
        {"first started", view.runs.empty() ? "–" : view.runs.front().started_at},
        {"last started", view.runs.empty() ? "–" : view.runs.back().started_at},
        {"targets", hist_joined(hist_distinct(view, &RunRow::target))},
        {"releases", hist_joined(hist_distinct(view, &RunRow::release))},
        {"harness versions", hist_joined(hist_distinct(view, &RunRow::harness_version))},
    };
    for (const auto& [k, v] : meta) out << "<dt>" << k << "</dt><dd>" << hist_html(v) << "</dd>\n";
    out << "</dl>\n</header>\n";
}

/// A legend entry: a swatch drawn with the pictures' own classes, then its words.
void hist_key(std::string_view cls, bool flaky, std::string_view words, std::ostream& out) {
    out << "<span><svg xmlns=\"http://www.w3.org/2000/svg\" class=\"swatch\" width=\"12\" height=\"12\" "
           "viewBox=\"0 0 12 12\" aria-hidden=\"true\"><rect class=\""
        << cls << "\" x=\"1\" y=\"1\" width=\"10\" height=\"10\"/>";
    if (flaky) out << "<line class=\"flaky-mark\" x1=\"2\" y1=\"10\" x2=\"10\" y2=\"2\"/>";
    out << "</svg> " << words << "</span>\n";
}

void hist_legend(std::ostream& out) {
    out << "<section id=\"legend\"><h2>Legend</h2>\n<div class=\"legend\">\n";
    hist_key("mark pass", false, "run passed", out);
    hist_key("mark fail", false, "run failed (a MUST check)", out);
    hist_key("mark incomplete", false, "incomplete", out);
    hist_key("mark interrupted", false, "interrupted", out);
    out << "</div>\n<div class=\"legend\">\n";
    hist_key("cell pass", false, "pass", out);
    hist_key("cell fail", false, "fail", out);
    hist_key("cell skip", false, "skip", out);
    hist_key("cell error", false, "error", out);
    hist_key("lane", false, "not judged in that run", out);
    hist_key("cell fail", true, "flaky: failed, then passed on a rerun", out);
    out << "<span><b class=\"flaky-word\">≈</b> a flaky row: its outcome changed between runs of one release "
           "(without one, one base URL) and harness version, or a failure passed on a rerun</span>\n</div>\n</section>\n";
}

void hist_runs_table(const HistoryView& view, std::ostream& out) {
    out << "<div class=\"scroll\"><table class=\"compact\" id=\"runs\">\n<tr><th>run</th><th>started</th><th>target"
           "</th><th>release</th><th>harness</th><th>seed</th><th>cases</th><th>verdict</th><th>requests</th>"
           "<th>duration</th><th>reruns</th></tr>\n";
    for (const auto& run : view.runs) {
        out << "<tr><td class=\"n\">" << run.id << "</td><td>" << hist_html(run.started_at) << "</td><td>"
            << hist_html(run.target) << "</td><td>" << hist_html(run.release) << "</td><td>"
            << hist_html(run.harness_version) << "</td><td class=\"n\">" << run.seed << "</td><td class=\"n\">"
            << run.cases << "</td><td class=\"" << charts::verdict_class(run.verdict) << "\">" << hist_html(run.verdict)
            << "</td><td class=\"n\">" << run.requests << "</td><td class=\"n\">"
            << report::fixed_decimals(run.duration_ms / 1000, 1) << " s</td><td class=\"n\">" << run.reruns
            << "</td></tr>\n";
    }
    out << "</table></div>\n";
}

void hist_timeline(const HistoryView& view, std::ostream& out) {
    out << "<section id=\"timeline\"><h2>Verdict of each run</h2>\n";
    if (view.runs.empty()) {
        out << "<p>No runs.</p>\n</section>\n";
        return;
    }
    out << "<div class=\"scroll\">\n";
    charts::timeline_svg(view, out);
    out << "</div>\n";
    hist_runs_table(view, out);
    out << "</section>\n";
}

int hist_count(const std::vector<Track>& tracks, bool (*keep)(const Track&)) {
    return static_cast<int>(std::count_if(tracks.begin(), tracks.end(), keep));
}

/// A grid's section. The grid's own lines start and end the section, so a test can cut it out whole.
void hist_grid_section(const HistoryView& view, const std::vector<Track>& tracks, std::string_view section,
                       std::string_view svg_id, std::string_view kind, std::ostream& out) {
    const int flaky = hist_count(tracks, [](const Track& t) { return t.flaky; });
    const int failed = hist_count(tracks, [](const Track& t) { return !t.flaky && t.first_failed.has_value(); });
    out << "<section id=\"" << section << "\"><h2>" << (kind == "statement" ? "Statements of the seeds" : "Checks")
        << " × runs</h2>\n<p>" << tracks.size() << " " << kind << "s: " << flaky << " flaky first, then " << failed
        << " that failed in some run, then the rest in the order of "
        << (kind == "statement" ? "spec/requirements.json" : "the check tables")
        << ". Pass rate: of the runs that decided it (rounded down); the " << kind
        << "'s text and each cell's outcome on hover.</p>\n<div class=\"scroll\">\n";
    charts::grid_svg(view, tracks, svg_id, kind, out);
    out << "</div>\n</section>\n";
}

std::string hist_run_cell(const HistoryView& view, std::size_t index) {
    if (index >= view.runs.size()) return "?";
    const auto& run = view.runs[index];
    return std::to_string(run.id) + (run.release.empty() ? "" : " (" + run.release + ")");
}

void hist_behaviour_changed(const HistoryView& view, const std::vector<const Behaviour*>& rows, std::ostream& out) {
    out << "<h3>Started, stopped or changed (" << rows.size() << ")</h3>\n";
    if (rows.empty()) {
        out << "<p>Every observation was made in every run that ran its check.</p>\n";
        return;
    }
    out << "<table class=\"compact\" id=\"behaviour-changed\">\n<tr><th>first run</th><th>last run</th><th>seen</th>"
           "<th>runs</th><th>check</th><th>observation (as last made)</th><th>change</th></tr>\n";
    for (const Behaviour* b : rows) {
        out << "<tr><td>" << hist_html(hist_run_cell(view, b->first)) << "</td><td>"
            << hist_html(hist_run_cell(view, b->last)) << "</td><td class=\"n\">" << b->seen << " of "
            << runs_judging(view, b->check) << "</td><td>";
        charts::span_svg(view, b->first, b->last, out);
        out << "</td><td>" << hist_html(b->check) << "</td><td>" << hist_html(b->text) << "</td><td>"
            << hist_html(b->change) << "</td></tr>\n";
    }
    out << "</table>\n";
}

void hist_behaviour(const HistoryView& view, std::ostream& out) {
    std::vector<const Behaviour*> changed, steady;
    for (const auto& b : view.behaviour) (b.steady(runs_judging(view, b.check)) ? steady : changed).push_back(&b);
    out << "<section id=\"behaviour\"><h2>Behaviour over time</h2>\n<p>What the target chose where the seeds are "
           "silent (the observations of the runs): first those that started, stopped, or changed a value once (a "
           "status; not a count that follows the seed), by the first run that made them; \"seen N of M\" counts the "
           "runs that ran its check.</p>\n";
    hist_behaviour_changed(view, changed, out);
    out << "<details><summary>Made in every run that ran its check (" << steady.size() << ")</summary>\n";
    if (!steady.empty()) {
        out << "<table class=\"compact\" id=\"behaviour-steady\">\n<tr><th>check</th><th>observation</th></tr>\n";
        for (const Behaviour* b : steady)
            out << "<tr><td>" << hist_html(b->check) << "</td><td>" << hist_html(b->text) << "</td></tr>\n";
        out << "</table>\n";
    }
    out << "</details>\n</section>\n";
}

void hist_timing(const HistoryView& view, std::ostream& out) {
    out << "<section id=\"timing\"><h2>Time per request by suite</h2>\n";
    if (view.timing.empty() || view.runs.empty()) {
        out << "<p>No timing recorded.</p>\n</section>\n";
        return;
    }
    out << "<p>Milliseconds per request of each suite's checks (property checks left out: their time is mostly the "
           "harness's); a line breaks where a run sent the suite no request.</p>\n<div class=\"scroll\">\n";
    charts::timing_svg(view, out);
    out << "</div>\n<div class=\"scroll\"><table class=\"compact\" id=\"timing-table\">\n<tr><th>run</th>";
    for (const auto& s : view.timing) out << "<th>" << hist_html(s.suite) << "</th>";
    out << "</tr>\n";
    for (std::size_t i = 0; i < view.runs.size(); ++i) {
        out << "<tr><td>" << hist_html(charts::run_name(view.runs[i])) << "</td>";
        for (const auto& s : view.timing) {
            const auto& v = i < s.ms_per_request.size() ? s.ms_per_request[i] : std::nullopt;
            out << "<td class=\"n\">" << (v ? report::fixed_decimals(*v, 1) : "–") << "</td>";
        }
        out << "</tr>\n";
    }
    out << "</table></div>\n</section>\n";
}

}  // namespace

void write_history_html(const HistoryView& view, std::ostream& out) {
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        << "<meta name=\"generator\" content=\"conformance history\"/>\n"
        << "<title>Run history: " << hist_html(view.file) << "</title>\n<style>" << report::kPageStyle << kHistHtmlStyle
        << "</style>\n</head>\n<body>\n";
    hist_header(view, out);
    hist_legend(out);
    hist_timeline(view, out);
    hist_grid_section(view, view.statements, "grid", "statement-grid", "statement", out);
    hist_grid_section(view, view.checks, "checks", "check-grid", "check", out);
    hist_behaviour(view, out);
    hist_timing(view, out);
    out << "</body>\n</html>\n";
}

}  // namespace bds::history
