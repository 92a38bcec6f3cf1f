// conformance: the contract-test and conformance harness for the Business data service.
#include <algorithm>
#include <iostream>

#include "cli/commands.hpp"
#include "run/result.hpp"

int main(int argc, char** argv) {
    CLI::App app{"conformance: contract tests and conformance checks for the Business data service"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "conformance " + std::string(bds::run::harness_version()));
    bds::cli::add_schemas_command(app);
    bds::cli::add_openapi_command(app);
    bds::cli::add_list_command(app);
    bds::cli::add_stub_command(app);
    bds::cli::add_run_command(app);
    bds::cli::add_clean_command(app);
    bds::cli::add_merge_command(app);
    bds::cli::add_diff_command(app);
    bds::cli::add_history_command(app);
    bds::cli::add_coverage_command(app);
    // certify's connector command line is everything after its "--", given to it whole: CLI11 would read options of
    // the connector as its own (e.g. after `--records 40 --`).
    std::vector<std::string> connector;
    int parsed = argc;
    if (argc > 1 && std::string(argv[1]) == "certify")
        for (int i = 2; i < argc; ++i)
            if (std::string(argv[i]) == "--") {
                connector.assign(argv + i + 1, argv + argc);
                parsed = i;
                break;
            }
    bds::cli::add_certify_command(app, connector);
    bds::cli::add_selfcheck_command(app);
    bds::cli::add_generate_command(app);
    try {
        // CLI11 says only "A subcommand is required" for a word it does not know.
        const auto subcommands = app.get_subcommands({});
        if (argc > 1 && argv[1][0] != '-' &&
            std::none_of(subcommands.begin(), subcommands.end(),
                         [&](const CLI::App* sub) { return sub->get_name() == argv[1]; })) {
            std::string known;
            for (const auto* sub : subcommands) known += (known.empty() ? "" : ", ") + sub->get_name();
            std::cerr << "conformance: no command \"" << argv[1] << "\"; the commands: " << known
                      << " (conformance --help)\n";
            return bds::cli::kUsage;
        }
        app.parse(parsed, argv);
    } catch (const CLI::ParseError& e) {
        // CLI11 uses exit code 0 for --help; usage errors map to our exit code 2.
        const int code = app.exit(e);
        return code == 0 ? bds::cli::kOk : bds::cli::kUsage;
    } catch (const bds::cli::ExitError& e) {
        if (!e.message.empty()) std::cerr << "conformance: " << e.message << "\n";  // empty: all was said already
        return e.code;
    } catch (const std::exception& e) {
        std::cerr << "conformance: " << e.what() << "\n";
        return bds::cli::kUsage;
    }
    return bds::cli::kOk;
}
