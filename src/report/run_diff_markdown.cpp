// The diff in Markdown, for a CI job summary or a pull-request comment: a heading, then the sections as tables.
// Short on purpose: past kMaxRows a table says how many more the HTML and JSON diffs hold.
#include "report/markdown_cells.hpp"
#include "report/run_diff.hpp"
#include "report/run_diff_tables.hpp"

namespace bds::report {
namespace {

constexpr std::size_t kMaxRows = 50;

void write_row(const std::vector<std::string>& cells, std::ostream& out) {
    out << "|";
    for (const auto& c : cells) out << " " << markdown_text(c) << " |";
    out << "\n";
}

void write_markdown_table(const DiffTable& t, std::ostream& out) {
    out << "**" << markdown_text(t.title) << "**";
    if (!t.rows.empty() && t.title != "Runs") out << " (" << t.rows.size() << ")";
    out << "\n\n";
    if (!t.note.empty()) out << markdown_text(t.note) << "\n\n";
    if (t.rows.empty()) return;
    write_row(t.header, out);
    out << "|";
    for (std::size_t i = 0; i < t.header.size(); ++i) out << "---|";
    out << "\n";
    for (std::size_t i = 0; i < t.rows.size() && i < kMaxRows; ++i) write_row(t.rows[i], out);
    if (t.rows.size() > kMaxRows) out << "\n… and " << t.rows.size() - kMaxRows << " more: see the HTML or JSON diff\n";
    out << "\n";
}

}  // namespace

void write_diff_markdown(const RunDiff& diff, std::ostream& out) {
    out << "### Conformance diff: " << (diff.must_newly_failing.empty() ? "✅ " : "❌ ")
        << markdown_text(diff_headline(diff), 600) << "\n\n"
        << markdown_text(diff.base.label) << " → " << markdown_text(diff.next.label) << "\n\n";
    if (diff.empty()) out << "No outcome, failure, observation or timing changed.\n\n";
    for (const auto& t : diff_tables(diff)) write_markdown_table(t, out);
}

}  // namespace bds::report
