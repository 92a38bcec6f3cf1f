#include "coverage/coverage.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <stdexcept>

#include "catalogue/assumptions.hpp"
#include "connector/variations.hpp"
#include "stub/variation/defects.hpp"
#include "suites/registry.hpp"

namespace bds {
std::string_view builtin_untested_text();
}

namespace bds::coverage {

std::string_view to_string(Status status) {
    switch (status) {
        case Status::Judged: return "judged";
        case Status::Observed: return "observed";
        case Status::Interpreted: return "interpreted";
        case Status::Reasoned: return "reasoned";
        case Status::Untraced: return "untraced";
    }
    return "?";
}

std::size_t Matrix::count(Status status) const {
    return static_cast<std::size_t>(
        std::count_if(entries.begin(), entries.end(), [&](const Entry& e) { return e.status == status; }));
}

std::size_t Matrix::unproved() const {
    return static_cast<std::size_t>(
        std::count_if(entries.begin(), entries.end(), [](const Entry& e) { return e.unproved(); }));
}

std::vector<std::string> split_ids(std::string_view joined) {
    std::vector<std::string> out;
    while (!joined.empty()) {
        const auto comma = joined.find(',');
        std::string_view part = joined.substr(0, comma);
        while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
        while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
        if (!part.empty()) out.emplace_back(part);
        joined = comma == std::string_view::npos ? std::string_view() : joined.substr(comma + 1);
    }
    return out;
}

namespace {

/// The status from what holds a statement.
Status status_of(const Entry& e) {
    const bool judged =
        std::any_of(e.checks.begin(), e.checks.end(), [](const CheckRef& c) { return c.level != Level::Observe; });
    if (judged) return Status::Judged;
    if (!e.checks.empty()) return Status::Observed;
    if (!e.assumptions.empty()) return Status::Interpreted;
    if (!e.reason.empty()) return Status::Reasoned;
    return Status::Untraced;
}

/// The strongest level of `checks` (MUST before SHOULD before OBSERVE).
std::optional<Level> strongest(const std::vector<CheckRef>& checks) {
    std::optional<Level> out;
    for (const auto& c : checks)
        if (!out || static_cast<int>(c.level) < static_cast<int>(*out)) out = c.level;
    return out;
}

/// What is wrong with the service matrix of `sources`: see build().
void check_matrix(const Sources& sources, const std::map<std::string, std::size_t, std::less<>>& statements,
                  std::vector<std::string>& problems) {
    for (const auto& rule : sources.rules) {
        const std::string row = "the service matrix's rule " + std::string(rule.id);
        for (const auto s : rule.statements)
            if (!statements.count(s)) problems.push_back(row + " names an unknown statement " + std::string(s));
        if (rule.cells.size() != sources.endpoints.size())
            problems.push_back(row + " has " + std::to_string(rule.cells.size()) + " cells for " +
                               std::to_string(sources.endpoints.size()) + " endpoints");
        for (const auto& endpoint : sources.endpoints) {
            const auto cell = std::find_if(rule.cells.begin(), rule.cells.end(),
                                           [&](const MatrixCell& c) { return c.endpoint == endpoint.id; });
            const std::string where = row + " on " + std::string(endpoint.id);
            if (cell == rule.cells.end()) {
                problems.push_back(where + ": no cell");
                continue;
            }
            if (cell->checks.empty() == cell->not_applicable.empty())
                problems.push_back(where + ": a cell names checks or says why it does not apply, one of the two");
            if (cell->checks.empty() != cell->proved_by.empty())
                problems.push_back(where + ": a cell judged names the defects that prove it, and only such a cell");
            for (const auto name : cell->proved_by) {
                const auto defect =
                    std::find_if(sources.defects.begin(), sources.defects.end(),
                                 [&](const Sources::Named& d) { return d.who == "stub:" + std::string(name); });
                const bool breaks =
                    defect != sources.defects.end() &&
                    std::any_of(rule.statements.begin(), rule.statements.end(), [&](auto s) {
                        return std::find(defect->ids.begin(), defect->ids.end(), s) != defect->ids.end();
                    });
                if (!breaks)
                    problems.push_back(
                        where + ": " + (defect == sources.defects.end() ? "no defect " : "the defect ") +
                        std::string(name) +
                        (defect == sources.defects.end() ? "" : " breaks none of the rule's statements"));
            }
            for (const auto id : cell->checks) {
                const auto check = std::find_if(sources.checks.begin(), sources.checks.end(),
                                                [&](const Sources::Named& c) { return c.who == id; });
                if (check == sources.checks.end()) {
                    problems.push_back(where + ": no check " + std::string(id));
                    continue;
                }
                const bool verifies = std::any_of(rule.statements.begin(), rule.statements.end(), [&](auto s) {
                    return std::find(check->ids.begin(), check->ids.end(), s) != check->ids.end();
                });
                if (!verifies)
                    problems.push_back(where + ": " + std::string(id) + " verifies none of the rule's statements");
            }
        }
    }
}

}  // namespace

Matrix build(const Sources& sources) {
    Matrix m;
    std::map<std::string, std::size_t, std::less<>> index;
    for (const auto& s : sources.statements) {
        index.emplace(s.id, m.entries.size());
        Entry e;
        e.statement = s;
        m.entries.push_back(std::move(e));
    }
    const auto entry = [&](const std::string& id, const std::string& who) -> Entry* {
        const auto it = index.find(id);
        if (it != index.end()) return &m.entries[it->second];
        m.problems.push_back(who + " names an unknown statement " + id);
        return nullptr;
    };
    for (const auto& c : sources.checks)
        for (const auto& id : c.ids)
            if (auto* e = entry(id, c.who)) e->checks.push_back({c.who, c.level});
    for (const auto& a : sources.assumptions)
        for (const auto& id : a.ids)
            if (auto* e = entry(id, a.who)) e->assumptions.push_back(a.who);
    for (const auto& d : sources.defects) {
        if (d.ids.empty()) m.problems.push_back(d.who + " names no statement it breaks");
        for (const auto& id : d.ids)
            if (auto* e = entry(id, d.who)) e->defects.push_back(d.who);
    }
    for (const auto& [id, reason] : sources.reasons)
        if (auto* e = entry(id, "spec/untested.json")) e->reason = reason;
    for (const auto& [id, reason] : sources.unproved)
        if (auto* e = entry(id, "spec/untested.json")) e->unproved_reason = reason;
    check_matrix(sources, index, m.problems);
    m.endpoints = sources.endpoints;
    m.rules = sources.rules;
    for (auto& e : m.entries) {
        e.status = status_of(e);
        e.level = strongest(e.checks);
        if (!e.reason.empty() && e.status == Status::Judged)
            m.problems.push_back("spec/untested.json gives a reason for " + e.statement.id + ", which " +
                                 e.checks.front().id + " judges");
        if (!e.unproved_reason.empty() && (e.status != Status::Judged || !e.defects.empty()))
            m.problems.push_back("spec/untested.json says no defect breaks " + e.statement.id + ", which " +
                                 (e.defects.empty() ? std::string("no check judges") : e.defects.front() + " breaks"));
    }
    return m;
}

std::vector<std::pair<std::string, std::string>> reasons_from_text(std::string_view json_text, const char* list) {
    const auto doc = nlohmann::json::parse(json_text, nullptr, false);
    if (!doc.is_object() || !doc.contains(list) || !doc.at(list).is_array())
        throw std::runtime_error(std::string("untested: expected a JSON object with an array \"") + list + "\"");
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& e : doc.at(list)) {
        if (!e.is_object() || !e.contains("id") || !e.contains("reason") || !e.at("id").is_string() ||
            !e.at("reason").is_string() || e.at("reason").get<std::string>().empty())
            throw std::runtime_error(std::string("untested: ") + list + " entry " + std::to_string(out.size() + 1) +
                                     ": expected {\"id\": \"…\", \"reason\": \"…\"}");
        out.emplace_back(e.at("id").get<std::string>(), e.at("reason").get<std::string>());
    }
    return out;
}

Sources builtin_sources() {
    Sources s;
    s.statements = requirements();
    for (const auto& c : suites::all_checks()) s.checks.push_back({c.id, c.verifies, c.level});
    for (const auto& c : suites::connector_checks()) s.checks.push_back({c.id, c.verifies, c.level});
    for (const auto& a : assumptions()) s.assumptions.push_back({a.id, a.interprets, Level::Observe});
    for (const auto& d : stub::defects())
        s.defects.push_back({"stub:" + std::string(d.name), split_ids(d.breaks), Level::Must});
    for (const auto& d : sample::kDefects)
        s.defects.push_back({std::string("connector:") + d.name, split_ids(d.breaks), Level::Must});
    s.reasons = reasons_from_text(builtin_untested_text(), "untested");
    s.unproved = reasons_from_text(builtin_untested_text(), "unproved");
    s.endpoints = matrix_endpoints();
    s.rules = matrix_rules();
    return s;
}

}  // namespace bds::coverage
