#pragma once
/// The pictures of the history's HTML page (history_html.cpp), each one inline <svg> coloured by the page's CSS
/// classes (pass, fail, skip, error; a verdict's word), every text escaped.
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "history/history_view.hpp"

namespace bds::history::charts {

/// A run as its marks and titles name it: "run 5 (2.4.0)", or "run 5" without a release.
std::string run_name(const RunRow& run);

/// The verdict as a CSS class: pass, fail, incomplete, interrupted, or "unknown" for any other word.
std::string_view verdict_class(const std::string& verdict);

/// The order of a grid's rows: the flaky tracks, then those that failed in some run, then the rest, each group in
/// the view's order (indexes into `tracks`).
std::vector<std::size_t> grid_order(const std::vector<Track>& tracks);

/// A pass rate as a whole percent, rounded down: a track that failed once never shows 100%. "–" when no run
/// decided it.
std::string rate_text(const Track& track);

/// One mark per run, in order, coloured by verdict, the release named where it changes; each mark's tooltip has
/// the run's id, start, release, seed and verdict.
void timeline_svg(const HistoryView& view, std::ostream& out);

/// Tracks × runs, one rect (class "cell OUTCOME") per run that judged the track, none where it did not; a flaky
/// cell crossed by a stroke (class "flaky-mark"), a flaky row's label marked "≈", its pass rate at the right.
/// `kind` ("statement", "check") names the rows in the picture's label.
void grid_svg(const HistoryView& view, const std::vector<Track>& tracks, std::string_view id, std::string_view kind,
              std::ostream& out);

/// Milliseconds per request by suite over the runs: a line per suite (broken where a run sent it nothing), a y
/// axis of round ticks, the legend at the right.
void timing_svg(const HistoryView& view, std::ostream& out);

/// A small bar over the view's runs, filled from `first` to `last` (indexes into them); nothing when they are not.
void span_svg(const HistoryView& view, std::size_t first, std::size_t last, std::ostream& out);

}  // namespace bds::history::charts
