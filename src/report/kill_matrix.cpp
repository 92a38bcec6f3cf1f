#include "report/kill_matrix.hpp"

#include <algorithm>
#include <map>

#include "report/markdown_cells.hpp"

namespace bds::report {

bool KillMatrix::Row::caught() const {
    return !trials.empty() && std::all_of(trials.begin(), trials.end(), [&](const Trial& t) { return caught(t); });
}

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
        auto row =
            std::find_if(m.rows.begin(), m.rows.end(), [&](const KillMatrix::Row& r) { return r.name == d.name; });
        if (row == m.rows.end())
            row = m.rows.insert(m.rows.end(), KillMatrix::Row{d.name, d.area, d.rule, d.description, d.level, {}});
        KillMatrix::Trial trial{d.choices, {}, {}, {}, {}};
        for (const auto& r : d.run.results) {
            if (r.outcome == run::Outcome::Fail) (r.level == Level::Must ? trial.must : trial.should).push_back(r.id);
            if (r.outcome == run::Outcome::Error) trial.errors.push_back(r.id);
            const bool killer = r.outcome == run::Outcome::Fail &&
                                (r.level == Level::Must || (d.level == Level::Should && r.level == Level::Should));
            const bool of_rule =
                d.breaks.empty() || std::any_of(r.verifies.begin(), r.verifies.end(), [&](const std::string& id) {
                    return std::find(d.breaks.begin(), d.breaks.end(), id) != d.breaks.end();
                });
            if (killer && of_rule) trial.of_its_rule.push_back(r.id);
        }
        row->trials.push_back(std::move(trial));
    }
    return m;
}

namespace {

/// "a, **b**": the ids in `bold` marked.
std::string marked(const std::vector<std::string>& ids, const std::vector<std::string>& bold) {
    std::vector<std::string> out;
    for (const auto& id : ids)
        out.push_back(std::find(bold.begin(), bold.end(), id) != bold.end() ? "**" + id + "**" : id);
    return joined(out);
}

}  // namespace

void write_kill_matrix(const KillMatrix& m, std::ostream& out, const KillMatrixHeading& heading) {
    out << "# " << (heading.title.empty() ? "Kill matrix" : heading.title) << "\n\n";
    if (!heading.intro.empty())
        out << heading.intro << "\n\n";
    else
        out << "Written by `conformance selfcheck` (seed " << m.seed << ", " << m.cases << " cases per property, "
            << m.checks
            << " checks): every suite against the faithful stub, then against the stub with each defect of "
               "`conformance stub --list-defects` turned on, under the stub's default choices and under a random combination of "
               "its choices (`conformance stub --list-choices`). A defect is caught when a MUST check that verifies a statement "
               "it breaks fails on it in every run (a defect against a SHOULD rule, marked (SHOULD): a MUST or SHOULD check); "
               "those checks are in bold.\n\n";
    out << "- defects caught: **" << m.caught() << " of " << m.rows.size() << "**\n"
        << "- MUST failures on the faithful " << heading.subject << ": "
        << (m.faithful_must.empty() ? "none" : joined(m.faithful_must)) << "\n"
        << "- errors on the faithful " << heading.subject << ": "
        << (m.faithful_errors.empty() ? "none" : joined(m.faithful_errors)) << "\n\n";
    const auto missed = std::count_if(m.rows.begin(), m.rows.end(), [](const auto& r) { return !r.caught(); });
    if (missed > 0) {
        out << "## Not caught\n\n";
        for (const auto& r : m.rows)
            for (const auto& t : r.trials)
                if (!r.caught(t))
                    out << "- `" << r.name << "` (" << r.area << ") under "
                        << (t.choices.empty() ? "the default choices" : "`" + t.choices + "`") << ": " << r.description
                        << (t.must.empty() && t.should.empty() ? "" : " (failed only checks of other statements)")
                        << "\n";
        out << "\n";
    }
    out << "## Defects and the checks that caught them\n\n"
        << "| defect | area | rule broken | choices | caught by (MUST) | also failed (SHOULD) | errors |\n|---|---|---|---|---|---|---|\n";
    for (const auto& r : m.rows)
        for (const auto& t : r.trials)
            out << "| `" << r.name << "`" << (r.level == Level::Should ? " (SHOULD)" : "") << " | " << r.area << " | "
                << cell(r.rule) << " | " << (t.choices.empty() ? "defaults" : cell(t.choices)) << " | "
                << marked(t.must, t.of_its_rule) << " | " << marked(t.should, t.of_its_rule) << " | "
                << joined(t.errors) << " |\n";
    std::map<std::string, std::vector<std::string>> by_check;
    for (const auto& r : m.rows)
        for (const auto& t : r.trials) {
            auto add = [&](const std::string& id) {
                auto& names = by_check[id];
                if (std::find(names.begin(), names.end(), r.name) == names.end()) names.push_back(r.name);
            };
            for (const auto& id : t.of_its_rule) add(id);
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
