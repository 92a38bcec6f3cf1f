// The diff in Markdown, for a CI job summary, a pull-request comment or a terminal: a summary that fits one screen
// (kWidth columns, about fifty lines), then each table folded in <details> (GitHub renders it; raw, it is a tag on
// its own line). Past kMaxRows a table says how many more the HTML and JSON diffs hold.
#include "report/markdown_cells.hpp"
#include "report/reporters.hpp"
#include "report/run_diff.hpp"
#include "report/run_diff_summary.hpp"
#include "report/run_diff_tables.hpp"

namespace bds::report {
namespace {

constexpr std::size_t kMaxRows = 50;
constexpr std::size_t kWidth = 120;

/// Columns `text` takes in a terminal, counting each code point as one.
std::size_t columns(std::string_view text) {
    std::size_t n = 0;
    for (char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

/// `prefix` and `text` made inert, `text` cut so that the line takes at most kWidth columns.
std::string fitted(const std::string& prefix, const std::string& text) {
    std::size_t budget = text.size();
    std::string line = prefix + markdown_text(text, budget);
    while (columns(line) > kWidth && budget > 0) {
        budget = budget > columns(line) - kWidth + 1 ? budget - (columns(line) - kWidth + 1) : 0;
        line = prefix + markdown_text(text, budget);
    }
    return line;
}

void write_row(const std::vector<std::string>& cells, std::ostream& out) {
    out << "|";
    for (const auto& c : cells) out << " " << markdown_text(c) << " |";
    out << "\n";
}

void write_folded_table(const DiffTable& t, std::ostream& out) {
    out << "<details><summary>" << escape_xml(t.title);
    if (!t.rows.empty() && t.title != "Runs") out << " (" << t.rows.size() << ")";
    out << "</summary>\n\n";
    if (!t.note.empty()) out << markdown_line(t.note) << "\n\n";
    if (!t.rows.empty()) {
        write_row(t.header, out);
        out << "|";
        for (std::size_t i = 0; i < t.header.size(); ++i) out << "---|";
        out << "\n";
        for (std::size_t i = 0; i < t.rows.size() && i < kMaxRows; ++i) write_row(t.rows[i], out);
        if (t.rows.size() > kMaxRows)
            out << "\n… and " << t.rows.size() - kMaxRows << " more: see the HTML or JSON diff\n";
        out << "\n";
    }
    out << "</details>\n\n";
}

void write_markdown_summary(const RunDiff& diff, std::ostream& out) {
    const auto s = diff_summary(diff);
    out << fitted("", diff.base.label + " → " + diff.next.label + " · " + s.seeds) << "\n\n"
        << fitted("- verdict: ", s.verdicts) << "\n";
    if (!s.others.empty()) out << fitted("- ", s.others + " (details below)") << "\n";
    out << "\n";
    if (!s.failing.empty()) {
        out << "**MUST checks newly failing** (" << diff.must_newly_failing.size() << ")\n\n";
        // The finding on a line of its own, in the item (two trailing spaces: a line break).
        for (const auto& f : s.failing) {
            out << fitted("- ", f.check);
            if (!f.finding.empty()) out << "  \n" << fitted("  ", f.finding);
            out << "\n";
        }
        out << "\n";
    }
    if (!s.causes.empty()) {
        out << "**Behaviour changed, by cause** (" << s.observations << " observations in " << diff.groups.size()
            << " groups)\n\n";
        for (const auto& line : s.causes) out << fitted("- ", line) << "\n";
        out << "\n";
    }
}

}  // namespace

void write_diff_markdown(const RunDiff& diff, std::ostream& out) {
    out << fitted(diff.must_newly_failing.empty() ? "### Conformance diff: ✅ " : "### Conformance diff: ❌ ",
                  diff_headline(diff))
        << "\n\n";
    write_markdown_summary(diff, out);
    if (diff.empty()) out << "No outcome, failure, observation or timing changed.\n\n";
    for (const auto& t : diff_tables(diff)) write_folded_table(t, out);
}

}  // namespace bds::report
