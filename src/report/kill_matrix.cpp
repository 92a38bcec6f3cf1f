#include "report/kill_matrix.hpp"

#include <algorithm>
#include <map>

namespace bds::report {
namespace {

std::string joined(const std::vector<std::string>& ids) {
    std::string out;
    for (const auto& id : ids) out += (out.empty() ? "" : ", ") + id;
    return out.empty() ? "—" : out;
}

/// Markdown table cells must not break the table.
std::string cell(std::string text) {
    std::string out;
    for (char c : text) {
        if (c == '|') out += "\\|";
        else if (c == '\n') out += ' ';
        else out += c;
    }
    return out;
}

}  // namespace

std::size_t KillMatrix::caught() const {
    return static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), [](const Row& r) { return r.caught(); }));
}

KillMatrix kill_matrix(const run::RunResult& faithful, const std::vector<DefectRun>& defects) {
    KillMatrix m;
    m.seed = faithful.seed;
    m.cases = faithful.cases;
    m.checks = faithful.results.size();
    for (const auto& r : faithful.results) {
        if (r.level == Level::Must && r.outcome == run::Outcome::Fail) m.faithful_must.push_back(r.id);
        if (r.outcome == run::Outcome::Error) m.faithful_errors.push_back(r.id);
    }
    for (const auto& d : defects) {
        KillMatrix::Row row{d.name, d.area, d.rule, d.description, d.level, {}, {}, {}};
        for (const auto& r : d.run.results) {
            if (r.outcome == run::Outcome::Fail) (r.level == Level::Must ? row.must : row.should).push_back(r.id);
            if (r.outcome == run::Outcome::Error) row.errors.push_back(r.id);
        }
        m.rows.push_back(std::move(row));
    }
    return m;
}

void write_kill_matrix(const KillMatrix& m, std::ostream& out) {
    out << "# Kill matrix\n\n"
        << "Written by `conformance selfcheck` (seed " << m.seed << ", " << m.cases << " cases per property, " << m.checks
        << " checks): every suite against the faithful stub, then against the stub with each defect of "
           "`conformance stub --list-defects` turned on. A defect is caught when a MUST check fails on it (a defect against "
           "a SHOULD rule, marked (SHOULD): a MUST or SHOULD check).\n\n"
        << "- defects caught: **" << m.caught() << " of " << m.rows.size() << "**\n"
        << "- MUST failures on the faithful stub: " << (m.faithful_must.empty() ? "none" : joined(m.faithful_must)) << "\n"
        << "- errors on the faithful stub: " << (m.faithful_errors.empty() ? "none" : joined(m.faithful_errors)) << "\n\n";
    const auto missed = std::count_if(m.rows.begin(), m.rows.end(), [](const auto& r) { return !r.caught(); });
    if (missed > 0) {
        out << "## Not caught\n\n";
        for (const auto& r : m.rows)
            if (!r.caught()) out << "- `" << r.name << "` (" << r.area << "): " << r.description << "\n";
        out << "\n";
    }
    out << "## Defects and the checks that caught them\n\n"
        << "| defect | area | rule broken | caught by (MUST) | also failed (SHOULD) | errors |\n|---|---|---|---|---|---|\n";
    for (const auto& r : m.rows)
        out << "| `" << r.name << "`" << (r.level == Level::Should ? " (SHOULD)" : "") << " | " << r.area << " | " << cell(r.rule) << " | " << joined(r.must) << " | " << joined(r.should) << " | "
            << joined(r.errors) << " |\n";
    std::map<std::string, std::vector<std::string>> by_check;
    for (const auto& r : m.rows) {
        for (const auto& id : r.must) by_check[id].push_back(r.name);
        if (r.level == Level::Should)
            for (const auto& id : r.should) by_check[id].push_back(r.name);
    }
    out << "\n## Checks and the defects they caught\n\n| check | defects caught |\n|---|---|\n";
    for (const auto& [id, names] : by_check) {
        std::string list;
        for (const auto& n : names) list += (list.empty() ? "`" : ", `") + n + "`";
        out << "| " << id << " | " << list << " |\n";
    }
    out << "\n## What each defect does\n\n";
    for (const auto& r : m.rows) out << "- `" << r.name << "`: " << cell(r.description) << "\n";
}

}  // namespace bds::report
