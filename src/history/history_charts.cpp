// The history page's pictures. Sizes come from the counts (runs, rows), so that 200 statements × 50 runs stay
// readable: a grid cell is 10 px on a 12 px pitch, labels are monospace and sized by their longest.
#include "history/history_charts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "history/history_svg.hpp"
#include "report/reporters.hpp"

namespace bds::history::charts {
namespace {

constexpr double kHistPitch = 12;  // a grid cell and the gap after it
constexpr double kHistCell = 10;
constexpr double kHistGridTop = 56;     // the release band, then the run ids written upwards
constexpr double kHistCharWidth = 6.2;  // of the 10 px monospace labels

/// Code points, not bytes: the width of a label.
std::size_t hist_chars(std::string_view text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string hist_cell_title(const Track& track, const RunRow& run, const Cell& cell) {
    std::string title =
        track.id + " · " + run_name(run) + ", " + run.started_at + ": " + std::string(run::to_string(cell.outcome));
    if (cell.flaky) title += " · flaky: failed, then passed on a rerun";
    return title;
}

std::string hist_rate_title(const Track& track) {
    std::string title = "passed in " + std::to_string(track.passed) + " of the " + std::to_string(track.decided) +
                        " runs that decided it";
    if (track.flaky)
        title += "; flaky: its outcome changed between runs of one release and harness version, or a rerun passed";
    return title;
}

/// The release above the column where it changes (and above the first), with a dashed line down the picture. Two
/// rows of labels, so that releases a few runs apart both show; a third too close is left to the line and tooltips.
void hist_release_marks(const HistoryView& view, double left, double pitch, double bottom, std::ostream& out) {
    double row_end[2] = {-1, -1};
    for (std::size_t i = 0; i < view.runs.size(); ++i) {
        const auto& release = view.runs[i].release;
        if (i > 0 && release == view.runs[i - 1].release) continue;
        const double x = left + static_cast<double>(i) * pitch;
        if (i > 0) svg::line(out, x - (pitch - kHistCell) / 2, 2, x - (pitch - kHistCell) / 2, bottom, "release-line");
        const int row = x >= row_end[0] ? 0 : x >= row_end[1] ? 1 : -1;
        if (row < 0) continue;
        const std::string label = release.empty() ? "(no release)" : release;
        svg::text(out, x + 2, 10 + 11 * row, label, "release", "start", "release " + label);
        row_end[row] = x + 2 + static_cast<double>(hist_chars(label)) * kHistCharWidth + 6;
    }
}

void hist_grid_row(const HistoryView& view, const Track& track, double y, double left, double rate_x,
                   std::ostream& out) {
    const std::string label = (track.flaky ? "≈ " : "") + track.id;
    const std::string level = track.level.empty() ? "" : track.level + ": ";
    svg::text(out, left - 6, y + 9, label, track.flaky ? "label flaky" : "label", "end", level + track.text);
    const double n = static_cast<double>(view.runs.size());
    svg::rect(out, left, y, n * kHistPitch - (kHistPitch - kHistCell), kHistCell, "lane");
    for (std::size_t i = 0; i < track.cells.size() && i < view.runs.size(); ++i) {
        if (!track.cells[i]) continue;
        const double x = left + static_cast<double>(i) * kHistPitch;
        const auto& cell = *track.cells[i];
        svg::rect(out, x, y, kHistCell, kHistCell, "cell " + std::string(run::to_string(cell.outcome)),
                  hist_cell_title(track, view.runs[i], cell));
        if (cell.flaky) svg::line(out, x + 1, y + kHistCell - 1, x + kHistCell - 1, y + 1, "flaky-mark");
    }
    svg::text(out, rate_x, y + 9, rate_text(track) + (track.flaky ? " ≈ flaky" : ""),
              track.flaky ? "rate flaky" : "rate", "start", hist_rate_title(track));
}

double hist_x_of(std::size_t i, std::size_t n, double left, double width) {
    if (n <= 1) return left + width / 2;
    return left + static_cast<double>(i) * width / static_cast<double>(n - 1);
}

std::string hist_tick_label(double value) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", value);
    return buf;
}

/// One suite's line: a polyline per stretch of runs that sent it requests, a dot per run (its tooltip the value).
void hist_series(const HistoryView& view, const SuiteTiming& suite, std::string_view colour, double left, double width,
                 double top, double height, double y_max, std::ostream& out) {
    const std::size_t n = view.runs.size();
    const auto y_of = [&](double v) { return top + height - v / y_max * height; };
    std::string points;
    const auto flush = [&] {
        if (points.find(' ') != std::string::npos)
            out << "<polyline class=\"series\" stroke=\"" << colour << "\" points=\"" << points << "\"/>\n";
        points.clear();
    };
    for (std::size_t i = 0; i < n; ++i) {
        const auto& v = i < suite.ms_per_request.size() ? suite.ms_per_request[i] : std::nullopt;
        if (!v) {
            flush();
            continue;
        }
        points += (points.empty() ? "" : " ") + svg::num(hist_x_of(i, n, left, width)) + "," + svg::num(y_of(*v));
    }
    flush();
    for (std::size_t i = 0; i < n; ++i) {
        const auto& v = i < suite.ms_per_request.size() ? suite.ms_per_request[i] : std::nullopt;
        if (!v) continue;
        out << "<circle class=\"point\" fill=\"" << colour << "\" cx=\"" << svg::num(hist_x_of(i, n, left, width))
            << "\" cy=\"" << svg::num(y_of(*v)) << "\" r=\"3\"><title>"
            << report::escape_xml(suite.suite + " · " + run_name(view.runs[i]) + ": " + svg::num(*v) +
                                  " ms per request")
            << "</title></circle>\n";
    }
}

}  // namespace

std::string run_name(const RunRow& run) {
    return "run " + std::to_string(run.id) + (run.release.empty() ? "" : " (" + run.release + ")");
}

std::string_view verdict_class(const std::string& verdict) {
    for (std::string_view known : {"pass", "fail", "incomplete", "interrupted"})
        if (verdict == known) return known;
    return "unknown";
}

std::vector<std::size_t> grid_order(const std::vector<Track>& tracks) {
    std::vector<std::size_t> order;
    for (int group = 0; group < 3; ++group)
        for (std::size_t i = 0; i < tracks.size(); ++i) {
            const int its = tracks[i].flaky ? 0 : tracks[i].first_failed ? 1 : 2;
            if (its == group) order.push_back(i);
        }
    return order;
}

std::string rate_text(const Track& track) {
    const auto rate = track.pass_rate();
    if (!rate) return "–";
    return std::to_string(static_cast<int>(std::floor(*rate * 100 + 1e-9))) + "%";
}

void timeline_svg(const HistoryView& view, std::ostream& out) {
    const std::size_t n = view.runs.size();
    const double step = std::clamp(1080.0 / static_cast<double>(std::max<std::size_t>(n, 1)), 14.0, 44.0);
    const double left = 10, mark = step - 4, width = left * 2 + static_cast<double>(n) * step;
    svg::open(out, "timeline", "", width, 80, "verdict of each run, oldest first");
    hist_release_marks(view, left, step, 78, out);
    for (std::size_t i = 0; i < n; ++i) {
        const auto& run = view.runs[i];
        const double x = left + static_cast<double>(i) * step;
        const std::string title = "run " + std::to_string(run.id) + " · " + run.started_at + " · release " +
                                  (run.release.empty() ? "(none)" : run.release) + " · seed " +
                                  std::to_string(run.seed) + " · " + run.verdict;
        svg::rect(out, x, 27, mark, 30, "mark " + std::string(verdict_class(run.verdict)), title);
        svg::text(out, x + mark / 2, 72, std::to_string(run.id), "runid", "middle");
    }
    out << "</svg>\n";
}

void grid_svg(const HistoryView& view, const std::vector<Track>& tracks, std::string_view id, std::string_view kind,
              std::ostream& out) {
    std::size_t longest = 8;
    for (const auto& t : tracks) longest = std::max(longest, hist_chars(t.id) + (t.flaky ? 2 : 0));
    const double left = 12 + static_cast<double>(longest) * kHistCharWidth;
    const double n = static_cast<double>(view.runs.size());
    const double rate_x = left + n * kHistPitch + 6;
    const double width = rate_x + 96, height = kHistGridTop + static_cast<double>(tracks.size()) * kHistPitch + 4;
    // Drawn larger while it fits the page's width (a short history), at its own size past that (50 runs).
    const double zoom = std::clamp(1150.0 / width, 1.0, 1.3);
    svg::open(out, "grid", id, width, height, std::string(kind) + "s × runs, coloured by outcome", zoom);
    hist_release_marks(view, left, kHistPitch, height - 2, out);
    for (std::size_t i = 0; i < view.runs.size(); ++i) {
        const double x = left + static_cast<double>(i) * kHistPitch + kHistCell / 2 + 3;
        svg::text(out, x, kHistGridTop - 4, std::to_string(view.runs[i].id), "runid", "start",
                  run_name(view.runs[i]) + ", " + view.runs[i].started_at, -90);
    }
    svg::text(out, rate_x, kHistGridTop - 4, "pass rate", "runid");
    double y = kHistGridTop;
    for (std::size_t row : grid_order(tracks)) {
        hist_grid_row(view, tracks[row], y, left, rate_x, out);
        y += kHistPitch;
    }
    out << "</svg>\n";
}

void timing_svg(const HistoryView& view, std::ostream& out) {
    const std::size_t n = view.runs.size();
    double y_max = 0;
    for (const auto& s : view.timing)
        for (const auto& v : s.ms_per_request)
            if (v) y_max = std::max(y_max, *v);
    const auto ticks = svg::ticks(y_max);
    y_max = ticks.back();
    const double left = 64, top = 12, width = 820, height = 200;
    const double total_h = std::max(top + height + 36, 24 + 18 * static_cast<double>(view.timing.size()));
    svg::open(out, "chart", "timing-chart", left + width + 220, total_h, "milliseconds per request by suite");
    for (double t : ticks) {
        const double y = top + height - t / y_max * height;
        svg::line(out, left, y, left + width, y, t == 0 ? "axis" : "gridline");
        svg::text(out, left - 6, y + 3.5, hist_tick_label(t), "tick", "end");
    }
    svg::text(out, 12, top + height / 2, "ms per request", "tick", "middle", {}, -90);
    const std::size_t every = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(28.0 * n / width)));
    for (std::size_t i = 0; i < n; i += every)
        svg::text(out, hist_x_of(i, n, left, width), top + height + 16, std::to_string(view.runs[i].id), "tick",
                  "middle", run_name(view.runs[i]));
    svg::text(out, left + width / 2, top + height + 32, "run", "tick", "middle");
    for (std::size_t s = 0; s < view.timing.size(); ++s) {
        const auto colour = svg::palette(s);
        hist_series(view, view.timing[s], colour, left, width, top, height, y_max, out);
        const double ly = top + 8 + 18 * static_cast<double>(s);
        out << "<line class=\"key\" stroke=\"" << colour << "\" x1=\"" << svg::num(left + width + 24) << "\" y1=\""
            << svg::num(ly) << "\" x2=\"" << svg::num(left + width + 48) << "\" y2=\"" << svg::num(ly) << "\"/>\n";
        svg::text(out, left + width + 54, ly + 4, view.timing[s].suite, "legend");
    }
    out << "</svg>\n";
}

void span_svg(const HistoryView& view, std::size_t first, std::size_t last, std::ostream& out) {
    const std::size_t runs = view.runs.size();
    if (runs == 0 || first > last || last >= runs) return;
    const double step = std::clamp(160.0 / static_cast<double>(runs), 2.0, 8.0);
    const double width = step * static_cast<double>(runs);
    svg::open(out, "span", "", width, 10, "from " + run_name(view.runs[first]) + " to " + run_name(view.runs[last]));
    svg::rect(out, 0, 1, width, 8, "lane");
    svg::rect(out, static_cast<double>(first) * step, 1, static_cast<double>(last - first + 1) * step, 8, "seen");
    out << "</svg>\n";
}

}  // namespace bds::history::charts
