#include "report/tolerance_matrix.hpp"

#include <algorithm>
#include <map>

#include "report/markdown_cells.hpp"

namespace bds::report {
namespace {

/// What a check observed, by label: an observation "label: value" (a text without ": " is a label of its own,
/// with an empty value), the values of each label in a multiset.
using Observed = std::map<std::string, std::multiset<std::string>>;

/// Per check, what it observed, with the run's key prefix taken out (it differs from run to run).
std::map<std::string, Observed> observations(const run::RunResult& run) {
    std::map<std::string, Observed> out;
    for (const auto& r : run.results) {
        auto& observed = out[r.id];
        for (const auto& o : r.observations) {
            const std::string text = run::without_run_prefix(o.text, run.run_prefix);
            const auto colon = text.find(": ");
            if (colon == std::string::npos)
                observed[text].insert("");
            else
                observed[text.substr(0, colon)].insert(text.substr(colon + 2));
        }
    }
    return out;
}

/// The labels whose values differ between `a` and `b` (a label one lacks counts as differing).
std::set<std::string> differing_labels(const Observed& a, const Observed& b) {
    static const std::multiset<std::string> kNone;
    const auto of = [](const Observed& m, const std::string& label) -> const std::multiset<std::string>& {
        const auto it = m.find(label);
        return it == m.end() ? kNone : it->second;
    };
    std::set<std::string> labels, out;
    for (const auto& [label, values] : a) labels.insert(label);
    for (const auto& [label, values] : b) labels.insert(label);
    for (const auto& label : labels)
        if (of(a, label) != of(b, label)) out.insert(label);
    return out;
}

const Observed& of_check(const std::map<std::string, Observed>& all, const std::string& id) {
    static const Observed kNothing;
    const auto it = all.find(id);
    return it == all.end() ? kNothing : it->second;
}

}  // namespace

std::size_t ToleranceMatrix::clean() const {
    return static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), [](const Row& r) { return r.clean(); }));
}

ToleranceMatrix tolerance_matrix(const run::RunResult& defaults, const run::RunResult& defaults_again,
                                 const std::vector<ChoiceRun>& runs) {
    ToleranceMatrix m;
    m.seed = defaults.seed;
    m.cases = defaults.cases;
    m.checks = defaults.results.size();
    // An observation that differs between two runs on the defaults is noise (a value that moves from run to run):
    // only that label of that check is set aside, so the check still tells a choice by its other observations.
    const auto base = observations(defaults);
    const auto again = observations(defaults_again);
    auto& noisy = m.noisy;
    std::set<std::string> ids;
    for (const auto& [id, observed] : base) ids.insert(id);
    for (const auto& [id, observed] : again) ids.insert(id);
    for (const auto& id : ids)
        if (auto labels = differing_labels(of_check(base, id), of_check(again, id)); !labels.empty()) {
            m.unsteady.insert(id);
            noisy[id] = std::move(labels);
        }
    std::set<std::string> should_on_defaults;
    for (const auto& r : defaults.results)
        if (r.level == Level::Should && r.outcome == run::Outcome::Fail) should_on_defaults.insert(r.id);
    for (const auto& c : runs) {
        ToleranceMatrix::Row row{c.label, c.choices, {}, {}, {}, {}, c.must_be_seen, {}};
        for (const auto& r : c.run.results) {
            if (r.outcome == run::Outcome::Error) {
                row.errors.push_back(r.id);
                row.why.push_back(r.id + ": " + r.reason.substr(0, 400));
            }
            if (r.outcome != run::Outcome::Fail) continue;
            if (r.level == Level::Must) {
                row.must.push_back(r.id);
                if (!r.findings.empty())
                    row.why.push_back(r.id + ": expected " + r.findings.front().expected.substr(0, 200) + "; got " +
                                      r.findings.front().actual.substr(0, 200));
            }
            if (r.level == Level::Should && !should_on_defaults.contains(r.id)) row.should.push_back(r.id);
        }
        const auto observed = observations(c.run);
        std::set<std::string> checks = ids;
        for (const auto& [id, o] : observed) checks.insert(id);
        for (const auto& id : checks) {
            const auto moved = differing_labels(of_check(observed, id), of_check(base, id));
            const auto aside = noisy.find(id);
            const auto set_aside = [&](const std::string& label) {
                return aside != noisy.end() && aside->second.contains(label);
            };
            if (std::any_of(moved.begin(), moved.end(), [&](const std::string& label) { return !set_aside(label); }))
                row.seen_by.push_back(id);
        }
        m.rows.push_back(std::move(row));
    }
    return m;
}

void write_tolerance_matrix(const ToleranceMatrix& m, std::ostream& out) {
    const auto singles =
        std::count_if(m.rows.begin(), m.rows.end(), [](const auto& r) { return r.label.rfind("random:", 0) != 0; });
    out << "# Tolerance matrix\n\n"
        << "Written by `conformance selfcheck` (seed " << m.seed << ", " << m.cases << " cases per property, "
        << m.checks
        << " checks): every suite against the stub with each of its choices (`conformance stub --list-choices`) changed from "
           "the default, one at a time, and with random combinations of them. Each is a behaviour a correct server may have "
           "where the seeds are silent, so a run is clean when it has no MUST failure, no error and no SHOULD failure the "
           "defaults do not have, and (a single choice the target file does not declare) some check reports it: \"seen by\" lists "
           "the checks whose observations differ from the defaults'.\n\n"
        << "- clean runs: **" << m.clean() << " of " << m.rows.size() << "** (" << singles << " single choices, "
        << m.rows.size() - singles << " random combinations)\n"
        << "- checks with observations that vary on the defaults alone (those observations are not used to tell a choice): "
        << joined({m.unsteady.begin(), m.unsteady.end()}) << "\n\n";
    if (!m.complete()) {
        out << "## Not clean\n\n";
        for (const auto& r : m.rows)
            if (!r.clean())
                out << "- `" << r.label << "`" << (r.label != r.choices ? " (" + cell(r.choices) + ")" : "")
                    << ": MUST failures " << joined(r.must) << "; errors " << joined(r.errors)
                    << "; new SHOULD failures " << joined(r.should)
                    << (r.must_be_seen && r.seen_by.empty() ? "; reported by no check" : "") << "\n";
        out << "\n";
    }
    out << "## Single choices\n\n| choice | MUST failures | errors | new SHOULD failures | seen by |\n|---|---|---|---|---|\n";
    for (const auto& r : m.rows)
        if (r.label.rfind("random:", 0) != 0)
            out << "| `" << r.label << "` | " << joined(r.must) << " | " << joined(r.errors) << " | "
                << joined(r.should) << " | " << (r.must_be_seen ? joined(r.seen_by) : "declared in the target file")
                << " |\n";
    out << "\n## Random combinations\n\n| seed | choices | MUST failures | errors | new SHOULD failures |\n|---|---|---|---|---|\n";
    for (const auto& r : m.rows)
        if (r.label.rfind("random:", 0) == 0)
            out << "| `" << r.label << "` | " << cell(r.choices) << " | " << joined(r.must) << " | " << joined(r.errors)
                << " | " << joined(r.should) << " |\n";
}

}  // namespace bds::report
