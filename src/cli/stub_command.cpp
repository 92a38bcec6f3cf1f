// `conformance stub`: the reference implementation, served until interrupted.
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "catalogue/catalogue.hpp"
#include "cli/commands.hpp"
#include "cli/stub_options.hpp"
#include "client/http_client.hpp"
#include "stub/data_set.hpp"
#include "stub/stub_server.hpp"

namespace bds::cli {
namespace {

nlohmann::json read_json(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw ExitError{kUsage, "cannot read " + path};
    try {
        return nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception& e) {
        throw ExitError{kUsage, path + ": not JSON (" + e.what() + ")"};
    }
}

struct StubArgs {
    stub::StubOptions options;
    int port = 8080;
    int token_ttl = 3600;
    std::string users, data, envelope, collation, defect, choices;
    std::string defect_seed = "0";  // digits only: CLI11 would read "-1" into an unsigned number as 2^64 - 1
    std::vector<std::string> choose;
    bool list_defects = false, list_choices = false;
};

std::uint64_t parse_defect_seed(const std::string& text) {
    std::uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size())
        throw ExitError{
            kUsage, "--defect-seed: expected a whole number from 0 to 18446744073709551615, found \"" + text + "\""};
    return seed;
}

}  // namespace

void add_stub_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("stub", "Serve the bundled in-memory reference implementation of the service");
    auto args = std::make_shared<StubArgs>();
    cmd->add_option("--host", args->options.host, "Address to listen on")->capture_default_str();
    cmd->add_option("--port", args->port, "Port to listen on (0: any free port)")->capture_default_str();
    cmd->add_option(
        "--users", args->users,
        "Users file {\"users\": [{username, password, customer_ID, can_write, resources}]} (default: the demo users of fixtures/users.json)");
    cmd->add_option("--data", args->data,
                    "Directory of a data set: <tenant>/<Resource>.json files, each an array of records");
    auto* cert =
        cmd->add_option("--tls-cert", args->options.tls_cert, "Serve HTTPS with this certificate (PEM, with its chain)")
            ->check(CLI::ExistingFile);
    auto* key = cmd->add_option("--tls-key", args->options.tls_key, "The certificate's private key (PEM)")
                    ->check(CLI::ExistingFile);
    cert->needs(key);
    key->needs(cert);
    cmd->add_option("--token-ttl", args->token_ttl, "Token lifetime in seconds")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--choices", args->choices, "random:SEED: every choice drawn from SEED (before --choose)");
    cmd->add_option("--choose", args->choose,
                    "ID=VALUE,…: how to behave where the seeds are silent (ids and values: --list-choices)")
        ->delimiter(',');
    cmd->add_option("--envelope", args->envelope, "Shorthand for --choose A-07=…: " + enum_choices<Envelope>())
        ->check(CLI::IsMember(enum_texts<Envelope>()));
    cmd->add_option("--collation", args->collation, "Shorthand for --choose A-17=…: ci or cs")
        ->check(CLI::IsMember({"ci", "cs"}));
    cmd->add_option("--defect", args->defect,
                    "Turn on one realistic defect (names: --list-defects), to measure the harness");
    auto* rate =
        add_defect_rate(*cmd, "--defect-rate", args->options.defect_rate,
                        "The fraction of requests the defect shows on, drawn once per request (the reference's "
                        "answers on the others): a rule kept only sometimes");
    cmd->add_option("--defect-seed", args->defect_seed, "Seed of the draws of --defect-rate")->capture_default_str();
    cmd->add_flag("--list-defects", args->list_defects,
                  "Print the defects --defect accepts, with what each does, and exit");
    cmd->add_flag("--list-choices", args->list_choices,
                  "Print the choices --choose accepts, each value with what it does, and exit");
    cmd->callback([args, rate] {
        if (args->list_defects) {
            for (const auto& d : stub::defects())
                std::cout << d.name << "\t" << d.area << "\t" << d.rule << "\t" << d.description << "\n";
            return;
        }
        if (args->list_choices) return print_choices(std::cout);
        auto& o = args->options;
        o.defect = parse_defect("--defect", args->defect);
        require_defect_for_rate(*rate, o.defect, "--defect");
        o.defect_seed = parse_defect_seed(args->defect_seed);
        if (o.defect != stub::Defect::None)
            std::cerr << "defect on" << (o.defect_rate < 1 ? " some requests" : "") << ": " << args->defect << " ("
                      << stub::info(o.defect).description << ")\n";
        if (o.defect_rate < 1)
            std::cerr << "the defect shows on a fraction " << o.defect_rate << " of requests, drawn from seed "
                      << o.defect_seed << "\n";
        o.choices = parse_choices(args->choices, args->choose, args->envelope, args->collation);
        if (const auto chosen = stub::describe(o.choices); !chosen.empty()) std::cerr << "choices: " << chosen << "\n";
        o.port = args->port;
        o.token_ttl = std::chrono::seconds(args->token_ttl);
        try {
            if (!args->users.empty()) o.users = stub::users_from_json(read_json(args->users));
        } catch (const std::runtime_error& e) {
            throw ExitError{kUsage, e.what()};
        }
        const Catalogue catalogue = builtin_catalogue();
        // A client that closes while an answer is written over TLS would otherwise end the stub (SIGPIPE).
        client::ignore_sigpipe();
        std::optional<stub::StubServer> server_holder;
        try {
            server_holder.emplace(catalogue, o);
        } catch (const std::runtime_error& e) {
            throw ExitError{kUsage, e.what()};
        }
        stub::StubServer& server = *server_holder;
        if (!args->data.empty()) {
            try {
                const auto counts = stub::load_data_set(server, args->data);
                for (const auto& [what, n] : counts) std::cerr << "loaded " << n << " " << what << "\n";
            } catch (const std::runtime_error& e) {
                throw ExitError{kUsage, e.what()};
            }
        }
        std::cerr << "serving the reference stub; Ctrl-C stops it\n";
        try {
            server.run_announcing([](const std::string& url) { std::cout << url << std::endl; });
        } catch (const std::runtime_error& e) {
            throw ExitError{kUsage, e.what()};
        }
    });
}

}  // namespace bds::cli
