#include "certify/connector_check.hpp"

#include <stdexcept>

namespace bds::certify {

std::vector<const Received*> ScenarioRun::blocks() const {
    std::vector<const Received*> out;
    for (const auto& r : recording.requests)
        if (r.is_block()) out.push_back(&r);
    return out;
}

const Received* ScenarioRun::first_refusal() const {
    for (const auto& r : recording.requests)
        if (r.is_block() && r.status != 200 && r.status != 401 && r.status != 0) return &r;
    return nullptr;
}

void Judge::finding(Finding found) {
    if (findings_.size() >= kMaxFindings) {
        ++suppressed_;
        return;
    }
    run::Finding f{
        .expected = std::move(found.expected), .actual = std::move(found.actual), .pointer = std::move(found.pointer)};
    if (found.request) f.exchange = found.request->exchange(run_.base_url);
    findings_.push_back(std::move(f));
}

void Judge::observe(std::string text, const Received* request) {
    for (const auto& o : observations_)
        if (o.text == text) return;
    run::Observation o{std::move(text), std::nullopt};
    if (request) o.exchange = request->exchange(run_.base_url);
    observations_.push_back(std::move(o));
}

std::vector<ConnectorCheck> select_connector_checks(const std::vector<ConnectorCheck>& table,
                                                    const std::vector<std::string>& prefixes) {
    if (prefixes.empty()) return table;
    std::vector<ConnectorCheck> out;
    for (const auto& p : prefixes) {
        bool any = false;
        for (const auto& c : table)
            if (c.id.rfind(p, 0) == 0) any = true;
        if (!any) throw std::invalid_argument("no connector check id starts with \"" + p + "\"");
    }
    for (const auto& c : table)
        for (const auto& p : prefixes)
            if (c.id.rfind(p, 0) == 0) {
                out.push_back(c);
                break;
            }
    return out;
}

std::vector<run::CheckResult> judge_runs(const std::vector<ConnectorCheck>& checks,
                                         const std::vector<ScenarioRun>& runs) {
    std::vector<run::CheckResult> results;
    for (const auto& check : checks) {
        run::CheckResult r = run::result_named(check);
        int applied = 0;
        std::string why_not;
        for (const auto& run : runs) {
            Judge judge(run);
            try {
                check.run(judge);
            } catch (const std::exception& e) {  // a fault of the harness, never the connector's
                r.outcome = run::Outcome::Error;
                r.error_source = run::ErrorSource::Harness;
                r.reason = "[" + run.label() + "] " + e.what();
                continue;
            }
            const std::string tag = "[" + run.label() + "] ";
            for (auto f : judge.findings()) {
                f.expected = tag + f.expected;
                r.findings.push_back(std::move(f));
            }
            if (judge.suppressed() > 0)
                r.findings.push_back(
                    {.expected = tag + "and " + std::to_string(judge.suppressed()) + " more findings like these"});
            for (auto o : judge.observations()) {
                o.text = tag + o.text;
                r.observations.push_back(std::move(o));
            }
            if (judge.not_applicable_reason().empty())
                ++applied;
            else if (why_not.empty())
                why_not = judge.not_applicable_reason();
        }
        if (r.outcome == run::Outcome::Error) {
        } else if (!r.findings.empty()) {
            r.outcome = run::Outcome::Fail;
        } else if (applied == 0) {
            r.outcome = run::Outcome::Skip;
            r.reason = runs.empty() ? "no scenario ran" : "no scenario that ran exercises it: " + why_not;
            r.skip_chosen = true;  // what the connector does and the scenarios chosen decide it, no fault of a run
        }
        results.push_back(std::move(r));
    }
    return results;
}

}  // namespace bds::certify
