#pragma once
/// A connector check: a row of the same type as a server check (check/check.hpp: a stable id, CON-07, title, spec
/// reference, the statements of the seeds it verifies, a level), whose `run` judges each scenario run of the
/// connector through a Judge.
#include <string>
#include <vector>

#include "certify/scenario_run.hpp"
#include "check/check.hpp"
#include "run/result.hpp"

namespace bds::certify {

/// What a check concluded on one scenario run.
class Judge {
public:
    explicit Judge(const ScenarioRun& run) : run_(run) {}
    const ScenarioRun& run() const { return run_; }

    /// A broken rule as a check writes it, with named fields like run::Finding's (designated initialisers, the empty
    /// ones left out): `j.finding({.expected = …, .actual = …, .pointer = "/0", .request = &r})`.
    struct Finding {
        std::string expected{};
        std::string actual{};
        std::string pointer{};              ///< JSON pointer into the request's body, e.g. "/0/customer_ID"
        const Received* request = nullptr;  ///< the request behind it, shown as its exchange; none: the run as a whole
    };

    /// A broken rule, shown with the request behind it (when there is one). Past kMaxFindings only counted.
    void finding(Finding found);
    /// What the connector chose where the seeds are silent.
    void observe(std::string text, const Received* request = nullptr);
    /// This run says nothing about the rule (the scenario does not exercise it): why.
    void not_applicable(std::string why) { not_applicable_ = std::move(why); }

    const std::vector<run::Finding>& findings() const { return findings_; }
    const std::vector<run::Observation>& observations() const { return observations_; }
    const std::string& not_applicable_reason() const { return not_applicable_; }
    std::size_t suppressed() const { return suppressed_; }

    static constexpr std::size_t kMaxFindings = 10;

private:
    const ScenarioRun& run_;
    std::vector<run::Finding> findings_;
    std::vector<run::Observation> observations_;
    std::string not_applicable_;
    std::size_t suppressed_ = 0;
};

/// One row of the connector's table (suites/connector/replies.cpp, with sending.cpp), the row type of the server's
/// checks:
///     {.id = "CON-17", .title = "Pages are numbered from 1", .spec = "000 §8, §4.1",
///      .verifies = {"000-8-pages-start-at-1"}, .level = Level::Must, .run = pages_from_one}
/// It leaves `needs`, `resources`, `writes`, `own_rows`, `waits` and `capability` empty; its table sets `suite`
/// ("connector") and `seed_text`.
using ConnectorCheck = BasicCheck<Judge>;

/// The checks of `table` whose id starts with one of `prefixes` (empty: all). std::invalid_argument for a prefix no
/// id has. (The table is suites::connector_checks().)
std::vector<ConnectorCheck> select_connector_checks(const std::vector<ConnectorCheck>& table,
                                                    const std::vector<std::string>& prefixes);

/// One result per check over every run: fail when a run has a finding; pass when at least one run applied and none
/// failed; skip (saying why) when no run applied. Findings and observations name their run ("[delivery, CliFor] …").
std::vector<run::CheckResult> judge_runs(const std::vector<ConnectorCheck>& checks,
                                         const std::vector<ScenarioRun>& runs);

}  // namespace bds::certify
