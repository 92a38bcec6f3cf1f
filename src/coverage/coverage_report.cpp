#include "coverage/coverage_report.hpp"

#include <algorithm>
#include <iomanip>

#include "report/markdown_cells.hpp"
#include "report/reporters.hpp"

namespace bds::coverage {
namespace {

const Status kStatuses[] = {Status::Judged, Status::Observed, Status::Interpreted, Status::Reasoned, Status::Untraced};

/// "PAG-03 (MUST), CON-17 (SHOULD)".
std::string checks_text(const Entry& e) {
    std::vector<std::string> parts;
    for (const auto& c : e.checks) parts.push_back(c.id + " (" + std::string(to_string(c.level)) + ")");
    return report::joined(parts);
}

/// What holds a statement besides its checks: assumption rows, the reason.
std::string held_by(const Entry& e) {
    std::string out = checks_text(e);
    if (!e.assumptions.empty()) out = (out == "—" ? "" : out + "; ") + report::joined(e.assumptions);
    if (!e.reason.empty()) out = (out == "—" ? "" : out + "; ") + "not judged: " + e.reason;
    if (!e.unproved_reason.empty()) out += "; no defect: " + e.unproved_reason;
    return out;
}

std::string level_text(const Entry& e) { return e.level ? std::string(to_string(*e.level)) : "—"; }

/// The service matrix: a grid of rules × endpoints naming the checks of each cell, then why each n/a cell does not
/// apply, one line per reason.
void matrix_markdown(const Matrix& m, std::ostream& out) {
    out << "\n## Rules × endpoints\n\nThe rules the seeds state for the whole service, each tried as the target file's user "
           "of its row, on every endpoint (catalogue/service_matrix.cpp; docs/service-matrix.md): the checks that judge "
           "each cell, then (after ←) the stub's defects that break the rule there, each failing one of those checks on "
           "that cell; or n/a.\n\n| rule | as |";
    for (const auto& e : m.endpoints) out << " " << e.id << " |";
    out << "\n|---|---|";
    for (std::size_t i = 0; i < m.endpoints.size(); ++i) out << "---|";
    out << "\n";
    std::vector<std::pair<std::string, std::vector<std::string>>> reasons;  // reason, the cells it is given for
    for (const auto& rule : m.rules) {
        out << "| " << report::cell(std::string(rule.title)) << " | " << rule.identity << " |";
        for (const auto& e : m.endpoints) {
            const auto& c = rule.cell(e.id);
            std::vector<std::string> ids(c.checks.begin(), c.checks.end()), defects;
            for (const auto d : c.proved_by) defects.push_back("`" + std::string(d) + "`");
            out << " " << (ids.empty() ? std::string("n/a") : report::joined(ids) + " ← " + report::joined(defects))
                << " |";
            if (c.not_applicable.empty()) continue;
            auto it = std::find_if(reasons.begin(), reasons.end(),
                                   [&](const auto& r) { return r.first == c.not_applicable; });
            if (it == reasons.end()) it = reasons.insert(reasons.end(), {std::string(c.not_applicable), {}});
            it->second.push_back(std::string(rule.id) + " on " + std::string(e.id));
        }
        out << "\n";
    }
    out << "\nThe endpoints: ";
    for (std::size_t i = 0; i < m.endpoints.size(); ++i)
        out << (i ? "; " : "") << "`" << m.endpoints[i].id << "` " << m.endpoints[i].title;
    out << ".\n\nWhy a cell is n/a:\n\n";
    for (const auto& [reason, cells] : reasons) out << "- " << reason << ": " << report::joined(cells) << "\n";
}

}  // namespace

void write_console(const Matrix& m, std::ostream& out) {
    for (const auto& e : m.entries)
        out << std::left << std::setw(48) << e.statement.id << ' ' << std::setw(11) << to_string(e.status) << ' '
            << std::setw(7) << level_text(e) << ' ' << held_by(e)
            << (e.proved() ? "  [proved: " + report::joined(e.defects) + "]" : "")
            << (e.unproved() ? "  [UNPROVED]" : "") << '\n';
    out << '\n' << m.entries.size() << " statements:";
    for (const auto s : kStatuses)
        out << ' ' << m.count(s) << ' ' << to_string(s) << (s == Status::Untraced ? "" : ",");
    out << "; " << m.unproved() << " stated rules judged with no defect that breaks them and no reason\n";
    for (const auto& p : m.problems) out << "problem: " << p << '\n';
}

void write_markdown(const Matrix& m, std::ostream& out) {
    out << "# Requirements: what judges each statement of the seeds\n\n"
        << "Written by `conformance coverage --report md=reports/requirements.md`; do not edit. Each normative statement of "
           "the seeds (`spec/requirements.json`) with the checks that verify it and their levels, the rows of "
           "`spec/assumptions.md` that interpret it, the stub and connector defects that break it (the kill matrices prove "
           "a check catches each), or the reason it is not judged (`spec/untested.json`).\n\n";
    out << "- statements: **" << m.entries.size() << "**\n";
    for (const auto s : kStatuses) out << "- " << to_string(s) << ": " << m.count(s) << '\n';
    out << "- stated rules judged with no defect that breaks them and no reason: " << m.unproved() << "\n\n";
    std::string doc;
    for (const auto& e : m.entries) {
        if (e.statement.doc != doc) {
            doc = e.statement.doc;
            out << "\n## Seed " << doc
                << "\n\n| statement | § | binds | kind | status | level | held by | broken by |\n|---|---|---|---|---|---|---|---|\n";
        }
        out << "| `" << e.statement.id << "` | " << e.statement.section << " | " << to_string(e.statement.binds)
            << " | " << to_string(e.statement.kind) << " | " << to_string(e.status) << " | " << level_text(e) << " | "
            << report::cell(held_by(e)) << " | " << report::cell(report::joined(e.defects)) << " |\n";
    }
    matrix_markdown(m, out);
}

nlohmann::ordered_json to_json(const Matrix& m) {
    nlohmann::ordered_json counts{{"statements", m.entries.size()}};
    for (const auto s : kStatuses) counts[std::string(to_string(s))] = m.count(s);
    counts["unproved"] = m.unproved();
    auto statements = nlohmann::ordered_json::array();
    for (const auto& e : m.entries) {
        auto checks = nlohmann::ordered_json::array();
        for (const auto& c : e.checks) checks.push_back({{"id", c.id}, {"level", to_string(c.level)}});
        statements.push_back({{"id", e.statement.id},
                              {"doc", e.statement.doc},
                              {"section", e.statement.section},
                              {"quote", e.statement.quote},
                              {"binds", to_string(e.statement.binds)},
                              {"kind", to_string(e.statement.kind)},
                              {"status", to_string(e.status)},
                              {"level", e.level ? nlohmann::ordered_json(to_string(*e.level)) : nullptr},
                              {"checks", checks},
                              {"assumptions", e.assumptions},
                              {"defects", e.defects},
                              {"reason", e.reason},
                              {"unproved_reason", e.unproved_reason},
                              {"proved", e.proved()}});
    }
    return {{"complete", m.complete()}, {"counts", counts}, {"problems", m.problems}, {"statements", statements}};
}

void write_html(const Matrix& m, std::ostream& out) {
    const auto h = [](std::string_view t) { return report::escape_xml(t); };
    out << "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Requirements</title>\n<style>"
           "body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px;"
           "vertical-align:top}.untraced{background:#fdd}.judged{background:#efe}q{color:#444}</style></head><body>\n"
        << "<h1>Requirements: what judges each statement of the seeds</h1>\n<p>" << m.entries.size() << " statements:";
    for (const auto s : kStatuses)
        out << ' ' << m.count(s) << ' ' << to_string(s) << (s == Status::Untraced ? "" : ",");
    out << "; " << m.unproved() << " stated rules judged with no defect that breaks them and no reason.</p>\n";
    for (const auto& p : m.problems) out << "<p class=\"untraced\">" << h(p) << "</p>\n";
    out << "<table><tr><th>statement</th><th>the seed</th><th>status</th><th>level</th><th>held by</th><th>broken by</th></tr>\n";
    for (const auto& e : m.entries)
        out << "<tr class=\"" << to_string(e.status) << "\"><td id=\"" << h(e.statement.id) << "\"><code>"
            << h(e.statement.id) << "</code></td><td><q>" << h(e.statement.quote) << "</q></td><td>"
            << to_string(e.status) << "</td><td>" << level_text(e) << "</td><td>" << h(held_by(e)) << "</td><td>"
            << h(report::joined(e.defects)) << "</td></tr>\n";
    out << "</table>\n</body></html>\n";
}

}  // namespace bds::coverage
