// conformance: the contract-test and conformance harness for the Business data service.
#include <iostream>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
    CLI::App app{"conformance: contract tests and conformance checks for the Business data service"};
    app.require_subcommand(1);
    bds::cli::add_schemas_command(app);
    bds::cli::add_openapi_command(app);
    bds::cli::add_list_command(app);
    bds::cli::add_stub_command(app);
    bds::cli::add_run_command(app);
    bds::cli::add_merge_command(app);
    bds::cli::add_selfcheck_command(app);
    bds::cli::add_generate_command(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // CLI11 uses exit code 0 for --help; usage errors map to our exit code 2.
        const int code = app.exit(e);
        return code == 0 ? bds::cli::kOk : bds::cli::kUsage;
    } catch (const bds::cli::ExitError& e) {
        std::cerr << "conformance: " << e.message << "\n";
        return e.code;
    } catch (const std::exception& e) {
        std::cerr << "conformance: " << e.what() << "\n";
        return bds::cli::kUsage;
    }
    return bds::cli::kOk;
}
