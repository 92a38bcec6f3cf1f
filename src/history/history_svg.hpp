#pragma once
/// Small writers of inline SVG for the history's HTML page (history_html.cpp): every text they print is escaped
/// here (texts come from servers under test), every number printed the same whatever the locale, so that one view
/// gives one page byte for byte.
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace bds::history::svg {

/// `value` with one decimal ("12.5"), "." as the separator, never "-0.0".
std::string num(double value);

/// Opens an inline <svg> of `width` × `height` user units (its viewBox; its size in CSS pixels those times `zoom`),
/// with its class, its id (none when ""), and `label` as its accessible name.
void open(std::ostream& out, std::string_view cls, std::string_view id, double width, double height,
          std::string_view label, double zoom = 1);

/// A rect of class `cls`; `title` (when not "") as its tooltip, an SVG <title>.
void rect(std::ostream& out, double x, double y, double w, double h, std::string_view cls, std::string_view title = {});

/// A text at (x, y): `anchor` is its text-anchor (start, middle, end), `title` its tooltip when not "",
/// `rotate` degrees about (x, y) when not 0.
void text(std::ostream& out, double x, double y, std::string_view content, std::string_view cls,
          std::string_view anchor = "start", std::string_view title = {}, double rotate = 0);

/// A straight line of class `cls`.
void line(std::ostream& out, double x1, double y1, double x2, double y2, std::string_view cls);

/// Round axis ticks from 0 up to at least `max` (3 to 5 steps of 1, 2, 2.5 or 5 × a power of ten); {0, 1} when
/// `max` is not positive.
std::vector<double> ticks(double max);

/// A category's colour (a line of a chart), by its index: a fixed palette, so a suite keeps its colour.
std::string_view palette(std::size_t index);

}  // namespace bds::history::svg
