#pragma once
/// The subcommands of `conformance`; each adds itself to the CLI11 app with its options and --help.
#include <CLI/CLI.hpp>

namespace bds::cli {

/// `conformance schemas [--out DIR] [--check]`
void add_schemas_command(CLI::App& app);
/// `conformance openapi [--out FILE] [--check]`
void add_openapi_command(CLI::App& app);
/// `conformance stub [--host] [--port] [--users] [--data] [--token-ttl] [--envelope] [--collation]`
void add_stub_command(CLI::App& app);
/// `conformance generate RESOURCE [--count N] [--seed N] [--invalid] [--prefix P]`
void add_generate_command(CLI::App& app);
/// `conformance list`
void add_list_command(CLI::App& app);
/// `conformance run [--target FILE | --base-url URL] [--suite] [--check] [--seed] [--cases] [--jobs] [--report] …`
void add_run_command(CLI::App& app);
/// `conformance clean (--target FILE | --base-url URL) (--journal FILE | --prefix P) [--max-time S]`
void add_clean_command(CLI::App& app);
/// `conformance merge REPORT.json... [--report FORMAT=FILE] [--baseline F]`
void add_merge_command(CLI::App& app);
/// `conformance diff BASE.json NEW.json [--report FORMAT=FILE]... [--timing-threshold R]`
void add_diff_command(CLI::App& app);
/// `conformance history FILE`: a run history as one picture.
void add_history_command(CLI::App& app);
/// `conformance certify [--resource R] [--scenario S] [--report FORMAT=FILE] … -- CONNECTOR COMMAND {base_url} …`
/// `connector`: the words after its `--`, split off by main().
void add_certify_command(CLI::App& app, std::vector<std::string> connector);
/// `conformance coverage [--report FORMAT=FILE]... [--quiet]`
void add_coverage_command(CLI::App& app);
/// `conformance selfcheck [--jobs N] [--cases N] [--seed N] [--out FILE] [--defect a,b]`
void add_selfcheck_command(CLI::App& app);

/// Exit codes (docs/verdict-and-reports.md): 0 every MUST check passed, 1 a MUST failure (new, with --baseline; or
/// drift, for --check), 2 usage or configuration error, 3 target unreachable, 4 incomplete: no MUST failure, but MUST
/// checks that could not decide (an error, a skip the run did not choose). A run interrupted by a signal ends with
/// 128 + its number, as shells report a program that signal ended (run::interrupt_exit_code).
enum Exit : int { kOk = 0, kFailure = 1, kUsage = 2, kUnreachable = 3, kIncomplete = 4 };

/// Thrown by a command to end the program with an exit code after printing its message (when not empty) to stderr.
struct ExitError {
    int code;
    std::string message;
};

}  // namespace bds::cli
