// The diff as one self-contained HTML page: inline CSS, no script, no external URL, every text escaped.
#include "report/reporters.hpp"
#include "report/run_diff.hpp"
#include "report/run_diff_summary.hpp"
#include "report/run_diff_tables.hpp"

namespace bds::report {
namespace {

constexpr std::string_view kDiffStyle = R"(
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1200px;padding:1em 2em;color:#1d2329}
h2{border-bottom:1px solid #d0d7de;padding-bottom:.2em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #d0d7de;padding:.25em .6em;text-align:left;vertical-align:top}
th{background:#f6f8fa}td{white-space:pre-wrap;word-break:break-word}
.verdict{font-size:1.2em;font-weight:600;padding:.4em .8em;border-radius:4px;display:inline-block}
.pass{background:#dafbe1}.fail{background:#ffd7d5}.note{color:#57606a}
)";

std::string html_text(std::string_view text) { return escape_xml(text); }

void write_cells(const char* tag, const std::vector<std::string>& cells, std::ostream& out) {
    out << "<tr>";
    for (const auto& c : cells) out << "<" << tag << ">" << html_text(c) << "</" << tag << ">";
    out << "</tr>\n";
}

void write_list(const std::vector<std::string>& lines, std::ostream& out) {
    out << "<ul>\n";
    for (const auto& line : lines) out << "<li>" << html_text(line) << "</li>\n";
    out << "</ul>\n";
}

/// The first screen (run_diff_summary.hpp): the verdicts, the MUST checks newly failing, the causes.
void write_html_summary(const RunDiff& diff, std::ostream& out) {
    const auto s = diff_summary(diff);
    out << "<p>" << html_text(s.seeds) << " · verdict: " << html_text(s.verdicts) << "</p>\n";
    if (!s.others.empty()) out << "<p>" << html_text(s.others) << "</p>\n";
    if (!s.failing.empty()) {
        out << "<h2>MUST checks newly failing (" << diff.must_newly_failing.size() << ")</h2>\n";
        out << "<ul>\n";
        for (const auto& f : s.failing) {
            out << "<li>" << html_text(f.check);
            if (!f.finding.empty()) out << "<br>" << html_text(f.finding);
            out << "</li>\n";
        }
        out << "</ul>\n";
    }
    if (!s.causes.empty()) {
        out << "<h2>Behaviour changed, by cause (" << s.observations << " observations in " << diff.groups.size()
            << " groups)</h2>\n";
        write_list(s.causes, out);
    }
}

void write_table(const DiffTable& t, std::ostream& out) {
    out << "<h2>" << html_text(t.title);
    if (!t.rows.empty() && t.title != "Runs") out << " (" << t.rows.size() << ")";
    out << "</h2>\n";
    if (!t.note.empty()) out << "<p class=\"note\">" << html_text(t.note) << "</p>\n";
    if (t.rows.empty()) return;
    out << "<table>\n";
    write_cells("th", t.header, out);
    for (const auto& row : t.rows) write_cells("td", row, out);
    out << "</table>\n";
}

}  // namespace

void write_diff_html(const RunDiff& diff, std::ostream& out) {
    const bool fails = !diff.must_newly_failing.empty();
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        << "<title>Conformance diff: " << html_text(diff.base.label) << " → " << html_text(diff.next.label)
        << "</title>\n"
        << "<style>" << kDiffStyle << "</style>\n</head>\n<body>\n"
        << "<h1>Conformance diff</h1>\n<p>" << html_text(diff.base.label) << " → " << html_text(diff.next.label)
        << "</p>\n"
        << "<p class=\"verdict " << (fails ? "fail" : "pass") << "\">" << html_text(diff_headline(diff)) << "</p>\n";
    write_html_summary(diff, out);
    if (diff.empty()) out << "<p>No outcome, failure, observation or timing changed.</p>\n";
    for (const auto& t : diff_tables(diff)) write_table(t, out);
    out << "</body>\n</html>\n";
}

}  // namespace bds::report
