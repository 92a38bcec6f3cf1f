#pragma once
/// `conformance certify`: the bundled stub serves a connector (a client of the service) in each scenario, every
/// request it sends is recorded, and the connector checks judge what it did. The result is a run like any other,
/// so the same reporters write it (the HTML report is the certificate).
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "certify/connector_check.hpp"
#include "run/result.hpp"
#include "stub/variation/choices.hpp"

namespace bds::certify {

/// What the vendor is told in --port mode: where to point the connector, and with what.
struct Invitation {
    std::string scenario, resource, mode, base_url, username, password, input, output, since;
};

struct CertifyOptions {
    /// The connector's command line; placeholders {base_url} {username} {password} {resource} {mode} {input}
    /// {output} {since} are filled per scenario. Empty: --port mode (see `wait`).
    std::vector<std::string> command;
    std::vector<std::string> resources{"CliFor", "StoricoDocumentiT"};
    std::vector<std::string> scenarios;  ///< names; empty: every scenario
    std::uint64_t seed = 1;
    /// --port mode: each scenario's stub listens on this port (0: any free port, given in the invitation), and
    /// `wait` is called with the invitation; it returns when the vendor says the connector is done.
    int port = 0;
    std::function<void(const Invitation&)> wait;
    std::chrono::seconds scenario_time{300};  ///< a scenario's connector is ended past this
    std::chrono::seconds quiet_time{60};      ///< … or when it sends nothing for this long
    int slow_ms = 1000;                       ///< delay of the first two blocks in slow-answers
    std::size_t max_requests = 10000;         ///< per scenario; past it the connector is ended (a flood)
    bool exit_status = true;                  ///< the connector reports by its exit status (0: delivered)
    int push_records = 0;                     ///< records handed over per push scenario; 0: 520 (documents 120)
    std::size_t feed_records = 150;  ///< records changed after LastUtcRun in change-feed (two pages at its cap of 100)
    stub::Choices choices;           ///< the stub's behaviour where the seeds are silent
    std::function<void(const std::string&)> progress;  ///< told each scenario as it starts and ends
};

/// Runs every selected scenario for every resource and judges them with `checks`. std::invalid_argument for an
/// unknown scenario or a resource that is no writable resource with a change feed.
run::RunResult certify(const Catalogue& catalogue, const std::vector<ConnectorCheck>& checks,
                       const CertifyOptions& options);

}  // namespace bds::certify
