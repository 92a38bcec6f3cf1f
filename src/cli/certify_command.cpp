// conformance certify: judge a connector (a client of the service) against the bundled stub, scenario by scenario.
#include <iostream>
#include <memory>
#include <random>

#include "catalogue/catalogue.hpp"
#include "certify/certify.hpp"
#include "cli/bounded_option.hpp"
#include "cli/commands.hpp"
#include "cli/run_output.hpp"
#include "cli/stub_options.hpp"
#include "suites/registry.hpp"

namespace bds::cli {
namespace {

struct CertifyArgs {
    std::vector<std::string> command, resources, scenarios, checks, reports, choose;
    std::string seed, choices;
    int port = 0;
    int scenario_time = 300, quiet_time = 60, slow_ms = 1000, records = 0;
    std::size_t max_requests = 10000;
    bool no_exit_status = false;
};

/// --port mode: say where to point the connector, then wait for a line on stdin.
void invite(const certify::Invitation& in) {
    std::cout << "\nscenario " << in.scenario << " (" << in.resource << ", " << in.mode << "): point the connector at\n"
              << "  base_url " << in.base_url << "\n  username " << in.username << "\n  password " << in.password
              << "\n";
    if (!in.input.empty()) std::cout << "  records to deliver (JSON lines) " << in.input << "\n";
    if (!in.since.empty())
        std::cout << "  LastUtcRun " << in.since << "; records read to (JSON lines) " << in.output << "\n";
    std::cout << "press Enter when the connector has finished" << std::endl;
    std::string line;
    std::getline(std::cin, line);
}

}  // namespace

void add_certify_command(CLI::App& app, std::vector<std::string> connector) {
    auto a = std::make_shared<CertifyArgs>();
    a->command = std::move(connector);
    auto* cmd = app.add_subcommand(
        "certify",
        "Judge a connector (a client of the service): the bundled stub serves it in scenarios that inject faults");
    cmd->add_option("--resource", a->resources,
                    "Resource the connector sends and reads, repeatable (default: CliFor and StoricoDocumentiT)");
    cmd->add_option("--scenario", a->scenarios,
                    "Scenario to run, repeatable (default: all; see `conformance list --connector`)");
    cmd->add_option("--check", a->checks, "Connector checks by id or prefix, repeatable (default: all)");
    cmd->add_option("--seed", a->seed, "Seed of the records handed over (default: random, printed)");
    cmd->add_option("--report", a->reports,
                    "FORMAT=FILE, repeatable (formats: html, json, junit, md); the HTML report is the certificate");
    add_bounded(*cmd, "--scenario-time", a->scenario_time, "Seconds a scenario's connector may run", 1, 86400);
    add_bounded(*cmd, "--quiet-time", a->quiet_time, "Seconds without a request after which the connector is ended", 1,
                86400);
    add_bounded(*cmd, "--slow-ms", a->slow_ms, "Delay of the first two blocks in the slow-answers scenario", 0, 60000);
    cmd->add_option("--max-requests", a->max_requests, "Requests per scenario before the connector is ended as a flood")
        ->capture_default_str();
    cmd->add_option("--records", a->records, "Records handed over per scenario (default: 520, documents 120)")
        ->check(CLI::Range(1, 100000));
    cmd->add_flag("--no-exit-status", a->no_exit_status,
                  "The connector does not report by its exit status: CON-12 and that part of CON-20 are not judged");
    cmd->add_option(
           "--choose", a->choose,
           "The stub's behaviour where the seeds are silent, A-xx=VALUE (see `conformance stub --list-choices`)")
        ->delimiter(',');
    cmd->add_option("--choices", a->choices, "random:SEED: a random combination of the stub's choices");
    auto* port =
        cmd->add_option(
               "--port", a->port,
               "Serve each scenario on this port (0: any free port, printed) and wait for a connector started by hand "
               "(instead of a command)")
            ->check(CLI::Range(0, 65535));
    cmd->footer(
        "After --: the connector's command line, with placeholders {base_url} {username} {password} {resource} {mode} {input} "
        "{output} {since}.\nExample: conformance certify --report html=certificate.html -- ./my-connector --url {base_url} --user {username} "
        "--password {password} --resource {resource} --mode {mode} --input {input} --output {output} --since {since}\n"
        "Exit codes: 0 every MUST check passed; 1 a MUST failure; 2 usage error; 4 incomplete (a check could not judge).");
    cmd->callback([a, port] {
        if (a->command.empty() == (port->count() == 0))
            throw ExitError{
                kUsage, "certify: give the connector's command after -- (or --port P to start it by hand), not both"};
        certify::CertifyOptions options;
        options.command = a->command;
        if (!a->resources.empty()) options.resources = a->resources;
        options.scenarios = a->scenarios;
        options.seed = a->seed.empty() ? std::random_device{}() : std::stoull(a->seed);
        options.port = a->port;
        options.wait = invite;
        options.scenario_time = std::chrono::seconds(a->scenario_time);
        options.quiet_time = std::chrono::seconds(a->quiet_time);
        options.slow_ms = a->slow_ms;
        options.max_requests = a->max_requests;
        options.exit_status = !a->no_exit_status;
        options.push_records = a->records;
        options.choices = parse_choices(a->choices, a->choose);
        options.progress = [](const std::string& line) { std::cerr << "certify: " << line << "\n"; };
        const auto reports = parse_report_specs(a->reports);
        refuse_har(reports,
                   "certify keeps no HAR: its exchanges are the connector's requests to the harness (--report "
                   "html|json|junit|md)");
        std::vector<certify::ConnectorCheck> checks;
        try {
            checks = certify::select_connector_checks(suites::connector_checks(), a->checks);
            const Catalogue catalogue = builtin_catalogue();
            std::cerr << "certify: seed " << options.seed << "\n";
            run::RunResult result = certify::certify(catalogue, checks, options);
            finish(result, reports);
        } catch (const std::invalid_argument& e) {
            throw ExitError{kUsage, e.what()};
        }
    });
}

}  // namespace bds::cli
