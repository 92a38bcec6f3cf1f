#include "history/history_svg.hpp"

#include <array>
#include <cmath>
#include <cstdio>

#include "report/reporters.hpp"

namespace bds::history::svg {

std::string num(double value) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.1f", value);
    std::string text = buf;
    return text == "-0.0" ? "0.0" : text;
}

void open(std::ostream& out, std::string_view cls, std::string_view id, double width, double height,
          std::string_view label, double zoom) {
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"" << cls << "\"";
    if (!id.empty()) out << " id=\"" << id << "\"";
    out << " viewBox=\"0 0 " << num(width) << " " << num(height) << "\" width=\"" << num(width * zoom) << "\" height=\""
        << num(height * zoom) << "\" role=\"img\" aria-label=\"" << report::escape_xml(label) << "\">\n";
}

void rect(std::ostream& out, double x, double y, double w, double h, std::string_view cls, std::string_view title) {
    out << "<rect class=\"" << cls << "\" x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\"" << num(w)
        << "\" height=\"" << num(h) << "\"";
    if (title.empty()) {
        out << "/>\n";
        return;
    }
    out << "><title>" << report::escape_xml(title) << "</title></rect>\n";
}

void text(std::ostream& out, double x, double y, std::string_view content, std::string_view cls,
          std::string_view anchor, std::string_view title, double rotate) {
    out << "<text class=\"" << cls << "\" x=\"" << num(x) << "\" y=\"" << num(y) << "\"";
    if (anchor != "start") out << " text-anchor=\"" << anchor << "\"";
    if (rotate != 0) out << " transform=\"rotate(" << num(rotate) << " " << num(x) << " " << num(y) << ")\"";
    out << ">";
    if (!title.empty()) out << "<title>" << report::escape_xml(title) << "</title>";
    out << report::escape_xml(content) << "</text>\n";
}

void line(std::ostream& out, double x1, double y1, double x2, double y2, std::string_view cls) {
    out << "<line class=\"" << cls << "\" x1=\"" << num(x1) << "\" y1=\"" << num(y1) << "\" x2=\"" << num(x2)
        << "\" y2=\"" << num(y2) << "\"/>\n";
}

std::vector<double> ticks(double max) {
    if (!(max > 0)) return {0, 1};
    const double raw = max / 4;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10 * magnitude;
    for (double m : {1.0, 2.0, 2.5, 5.0})
        if (m * magnitude >= raw) {
            step = m * magnitude;
            break;
        }
    std::vector<double> out;
    for (int i = 0; out.empty() || out.back() < max; ++i) out.push_back(i * step);
    return out;
}

std::string_view palette(std::size_t index) {
    // GitHub Primer's emphasis colours, as the run report's pale ones: apart enough to tell lines beside each other.
    // No red, green or amber first: a suite's line must not read as a verdict.
    static constexpr std::array<std::string_view, 12> kColours = {"#0969da", "#8250df", "#1b7c83", "#bc4c00",
                                                                  "#bf3989", "#57606a", "#9a6700", "#1a7f37",
                                                                  "#cf222e", "#6639ba", "#0550ae", "#953800"};
    return kColours[index % kColours.size()];
}

}  // namespace bds::history::svg
