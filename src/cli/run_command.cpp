// `conformance run`: every selected check against a target (or the bundled stub), reports, exit code.
#include <unistd.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <thread>

#include "catalogue/catalogue.hpp"
#include "cli/bounded_option.hpp"
#include "cli/commands.hpp"
#include "cli/progress.hpp"
#include "cli/run_output.hpp"
#include "cli/signal_watch.hpp"
#include "cli/stub_options.hpp"
#include "client/target.hpp"
#include "run/baseline.hpp"
#include "bundled/embedded_stub.hpp"
#include "run/rerun.hpp"
#include "run/runner.hpp"
#include "stub/data_set.hpp"
#include "suites/registry.hpp"

namespace bds::cli {
namespace {

struct RunArgs {
    std::string target_file, base_url, stub_data;
    std::vector<std::string> suites, checks, reports;
    std::string seed;  // digits only: CLI11 would read "-1" into an unsigned number as 18446744073709551615
    /// What the command line sets directly. jobs 0: chosen for the target (kRemoteJobs, or the cores). A 30 min
    /// limit: a full run against a live server takes minutes, a hung one would take forever.
    run::RunOptions run{.jobs = 0, .max_time_s = 1800};
    int timeout_ms = 0;
    bool read_only = false;
    double rate = -1;
    std::string stub_envelope, stub_collation, stub_choices;
    std::vector<std::string> stub_choose;
    std::string stub_defect;        // --stub-defect: one defect of the bundled stub (stub/variation/defects.hpp)
    double stub_defect_rate = 1.0;  // --stub-defect-rate: the fraction of requests it shows on
    const CLI::Option* stub_defect_rate_option = nullptr;  // whether it was given
    int stub_token_ttl = 3;  // short: the expiry check (AUTH-06) decides instead of being skipped
    std::string baseline;
    std::string history;  // --history FILE: the run appended to it (history/history_store.hpp)
    std::string release;  // --release LABEL: over the target file's `release`
    int rerun_failures = 0;
};

/// "k/n" of --shard.
std::pair<int, int> parse_shard(const std::string& text) {
    int k = 0, n = 0;
    char slash = 0, extra = 0;
    std::istringstream in(text);
    if (!(in >> k >> slash >> n) || slash != '/' || (in >> extra) || n < 1 || k < 1 || k > n)
        throw ExitError{kUsage, "--shard: expected k/n with 1 <= k <= n (e.g. 2/4), found \"" + text + "\""};
    return {k, n};
}

std::uint64_t parse_seed(const std::string& text) {
    if (text.empty()) return std::random_device{}() % 1000000;
    std::uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (ec != std::errc{} || end != text.data() + text.size() ||
        text.find_first_not_of("0123456789") != std::string::npos)
        throw ExitError{kUsage,
                        "--seed: expected a whole number from 0 to 18446744073709551615, found \"" + text + "\""};
    return seed;
}

/// The run's key pool (docs/architecture.md, "Footprint and key pools"): --key-pool, else the target file's, else,
/// against a target that outlives the run, one of this machine, the target file, the base URL and the shard (runs on
/// two machines, or of two shards, then never share keys); "none", or the bundled stub: none (a random prefix).
std::string key_pool_of(const RunArgs& a, const client::TargetConfig& target, bool embedded) {
    std::string pool = a.run.key_pool.empty() ? target.key_pool : a.run.key_pool;
    if (pool.empty() && !embedded) {
        std::array<char, 256> host{};
        if (::gethostname(host.data(), host.size() - 1) != 0) host[0] = '\0';
        pool = std::string(host.data()) + " " +
               (a.target_file.empty() ? "" : std::filesystem::absolute(a.target_file).string()) + " " +
               target.base_url + (a.run.shard.empty() ? "" : " shard " + a.run.shard);
    }
    return pool == "none" ? "" : pool;
}

/// The checks the run selects: --suite, --check, --exclude, then --shard.
std::vector<Check> selected_checks(const RunArgs& a) {
    std::vector<Check> checks;
    try {
        checks = select_checks(all_checks(), a.suites, a.checks, a.run.excluded);
    } catch (const std::invalid_argument& e) {
        throw ExitError{kUsage, std::string("--suite/--check/--exclude: ") + e.what()};
    }
    if (checks.empty())
        throw ExitError{kUsage, "no check left by the --suite/--check/--exclude selection (see `conformance list`)"};
    if (!a.run.shard.empty()) {
        const auto [k, n] = parse_shard(a.run.shard);
        checks = select_shard(checks, k, n);
    }
    return checks;
}

/// How a replay line reaches the same target: the target file or base URL, or the bundled stub's settings.
std::string replay_prefix(const RunArgs& a, const stub::StubOptions* stub) {
    std::string out;
    const auto add = [&out](const std::string& option, const std::string& value) {
        out += (out.empty() ? "" : " ") + option + " '" + value + "'";
    };
    if (!a.target_file.empty()) add("--target", a.target_file);
    if (!a.base_url.empty()) add("--base-url", a.base_url);
    if (stub) {
        if (const auto chosen = stub::describe(stub->choices); !chosen.empty()) add("--stub-choose", chosen);
        if (stub->defect != stub::Defect::None) add("--stub-defect", std::string(stub::info(stub->defect).name));
        if (stub->defect_rate < 1) {  // its draws are seeded by the run's --seed, which the replay line gives
            char rate[32];
            const auto end = std::to_chars(rate, rate + sizeof rate, stub->defect_rate).ptr;
            add("--stub-defect-rate", std::string(rate, end));
        }
        if (!a.stub_data.empty()) add("--stub-data", a.stub_data);
        if (a.stub_token_ttl != RunArgs{}.stub_token_ttl) add("--stub-token-ttl", std::to_string(a.stub_token_ttl));
    }
    return out;
}

/// The target the run judges: a target file, a base URL (of a stub with the demo users), or the bundled stub
/// started in `embedded`. Its settings from the command line applied; `seed`, the run's, draws the requests a
/// defect shown on a fraction of them shows on (--stub-defect-rate), so that a run's --seed replays them.
client::TargetConfig target_of(const RunArgs& a, const Catalogue& catalogue, std::uint64_t seed,
                               std::optional<bundled::EmbeddedStub>& embedded, std::string& replay) {
    client::TargetConfig target;
    try {
        if (!a.target_file.empty()) {
            target = client::load_target(a.target_file);
            if (!a.base_url.empty())
                target.base_url = client::target_from_json({{"base_url", a.base_url}}).base_url;  // validated
            replay = replay_prefix(a, nullptr);
        } else {
            stub::StubOptions options;
            options.choices = parse_choices(a.stub_choices, a.stub_choose, a.stub_envelope, a.stub_collation);
            options.token_ttl = std::chrono::seconds(a.stub_token_ttl);
            options.defect = parse_defect("--stub-defect", a.stub_defect);
            require_defect_for_rate(*a.stub_defect_rate_option, options.defect, "--stub-defect");
            options.defect_rate = a.stub_defect_rate;
            options.defect_seed = seed;
            if (!a.base_url.empty()) {
                target = bundled::stub_target(options, client::target_from_json({{"base_url", a.base_url}}).base_url);
                replay = replay_prefix(a, nullptr);
            } else {
                embedded = bundled::start_embedded_stub(catalogue, options);
                if (!a.stub_data.empty()) stub::load_data_set(*embedded->server, a.stub_data);
                target = embedded->target;
                replay = replay_prefix(a, &options);
                std::cerr << "bundled stub at " << target.base_url << "\n";
            }
        }
    } catch (const std::runtime_error& e) {  // TargetError too
        throw ExitError{kUsage, e.what()};
    }
    if (a.read_only) target.read_only = true;
    if (!a.release.empty()) target.release = a.release;
    if (a.rate >= 0) target.rate_per_s = a.rate;
    if (a.timeout_ms > 0) target.timeout_ms = a.timeout_ms;
    return target;
}

/// With `--report har=FILE`, the run keeps every exchange (RunOptions::log_exchanges), and the HTML report links its
/// exchanges to the HAR file: returns the result's har_href, relative to the first HTML report's folder.
std::string plan_har(const std::vector<std::pair<std::string, std::string>>& reports, run::RunOptions& options) {
    const auto har = std::find_if(reports.begin(), reports.end(), [](const auto& r) { return r.first == "har"; });
    if (har == reports.end()) return "";
    options.log_exchanges = true;
    const auto html = std::find_if(reports.begin(), reports.end(), [](const auto& r) { return r.first == "html"; });
    if (html == reports.end()) return "";
    const auto absolute = [](const std::string& file) { return std::filesystem::absolute(file).lexically_normal(); };
    return absolute(har->second).lexically_relative(absolute(html->second).parent_path()).generic_string();
}

/// Checks run at once against a target across a network when --jobs does not say: a check spends most of its time
/// waiting for answers there (bench/remote_bench.cpp measures it).
constexpr int kRemoteJobs = 8;

/// The run's result, or, when it cannot begin, a result saying why with the exit code to end with: a run that
/// cannot begin still writes its reports (CI reads the JUnit file).
std::pair<run::RunResult, std::optional<std::pair<int, std::string>>> run_or_explain(const Catalogue& catalogue,
                                                                                     const client::TargetConfig& target,
                                                                                     const std::vector<Check>& checks,
                                                                                     const run::RunOptions& options) {
    std::optional<std::pair<int, std::string>> exit_with;
    try {
        return {run::run_checks(catalogue, target, checks, options), std::nullopt};
    } catch (const run::Unreachable& e) {
        exit_with = {kUnreachable, e.what()};
    } catch (const run::NoToken& e) {
        exit_with = {kUsage, e.what()};
    } catch (const std::runtime_error& e) {  // --record DIR that cannot be made
        throw ExitError{kUsage, e.what()};
    }
    return {run::not_run(target, checks, options, exit_with->second), exit_with};
}

/// The options that set up the bundled stub, when the run has no target of its own.
void add_bundled_stub_options(CLI::App& cmd, RunArgs& args) {
    cmd.add_option("--stub-data", args.stub_data, "Bundled stub only: load this data set (e.g. fixtures/demo)");
    cmd.add_option("--stub-choices", args.stub_choices,
                   "Bundled stub only: random:SEED, every choice drawn from SEED (before --stub-choose)");
    cmd.add_option("--stub-choose", args.stub_choose,
                   "Bundled stub only: ID=VALUE,… (see `conformance stub --list-choices`)")
        ->delimiter(',');
    cmd.add_option("--stub-envelope", args.stub_envelope, "Bundled stub only: shorthand for --stub-choose A-07=…")
        ->check(CLI::IsMember(enum_texts<Envelope>()));
    cmd.add_option("--stub-collation", args.stub_collation, "Bundled stub only: shorthand for --stub-choose A-17=…")
        ->check(CLI::IsMember({"ci", "cs"}));
    add_bounded(cmd, "--stub-token-ttl", args.stub_token_ttl,
                "Bundled stub only: token lifetime in seconds (short, so that the expiry check AUTH-06 runs)", 1,
                86400);
    cmd.add_option("--stub-defect", args.stub_defect,
                   "Bundled stub only: turn on one defect (see `conformance stub --list-defects`)");
    args.stub_defect_rate_option =
        add_defect_rate(cmd, "--stub-defect-rate", args.stub_defect_rate,
                        "Bundled stub only: the fraction of requests the defect shows on, drawn once per request from "
                        "--seed (the reference's answers on the others): a rule kept only sometimes");
}

}  // namespace

/// The options that bound a run: cases, jobs, failures, time, time-outs, rate.
void add_limit_options(CLI::App& cmd, RunArgs& args) {
    RunArgs* a = &args;
    add_bounded(cmd, "--cases", a->run.cases, "Cases per property check", 1, 100000);
    add_bounded(
        cmd, "--jobs", a->run.jobs,
        "Checks run at once (those on different resources, or writing their own keys); 0: 8 against a target across a network "
        "(most of a check's time is waiting for answers), the cores against the bundled stub",
        0, 64);
    add_bounded(
        cmd, "--max-in-flight", a->run.max_in_flight,
        "Requests in flight at most: the run starts at --jobs, goes up to this against a target far away (no answer of "
        "the run within 20 ms) while answers come as fast, and down while they slow (a busy one)",
        1, 256);
    add_bounded(cmd, "--max-failures", a->run.max_failures,
                "Stop starting checks after this many failed (the rest are skipped); 0: no limit", 0, 100000);
    add_bounded(cmd, "--wait-for-target", a->run.wait_for_target_s,
                "Seconds to keep trying a target that does not answer yet (it may be starting)", 0, 3600);
    add_bounded(
        cmd, "--gone-after", a->run.gone_after_s,
        "Seconds without any answer to any request before the target counts as gone and the run stops (0: three "
        "times the time-out); a slow target is asked less (fewer requests in flight), not given up on",
        0, 24 * 3600);
    add_bounded(
        cmd, "--max-time", a->run.max_time_s,
        "The run's time limit in seconds (0: none): past it no check starts, requests in flight are cut, the clean-up "
        "still gets its budget (120 s and 50 ms per record written), and the reports say what was not decided",
        0, 7 * 24 * 3600);
    cmd.add_option("--timeout-ms", a->timeout_ms,
                   "Per-request timeout in milliseconds (overrides the target file's timeout_ms)")
        ->check(CLI::Range(1, 3600000));
    cmd.add_option("--rate", a->rate, "At most this many requests per second (0: no limit)")
        ->check(CLI::Range(0.0, 100000.0).description("a number from 0 to 100000"));
}

/// The options of the run history and of reruns.
void add_history_options(CLI::App& cmd, RunArgs& args) {
    cmd.add_option("--history", args.history,
                   "Append the run to this history file (SQLite, made when missing; `conformance history FILE` reads "
                   "it): outcomes per check and statement, observations, time");
    cmd.add_option("--release", args.release,
                   "The target's release label for the history (over the target file's `release`)");
    add_bounded(cmd, "--rerun-failures", args.rerun_failures,
                "Rerun each failed check up to N times (the run's seed, then a fresh one, in turn) until it passes: "
                "one that passes is reported flaky beside its failure, which still counts",
                0, 10);
}

void add_run_command(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "run", "Run the conformance checks against a target (default: the bundled stub, in-process)");
    auto a = std::make_shared<RunArgs>();
    cmd->add_option("--target", a->target_file, "Target file (JSON; ${VAR} expands from the environment)");
    cmd->add_option("--base-url", a->base_url,
                    "Base URL of the target; with no --target, the demo users of the bundled stub are assumed");
    cmd->add_option("--suite", a->suites, "Suites to run (comma-separated)")->delimiter(',');
    cmd->add_option("--check", a->checks, "Check ids or id prefixes to run (comma-separated)")->delimiter(',');
    cmd->add_option("--exclude", a->run.excluded,
                    "Check ids or id prefixes not to run (comma-separated): rules left unjudged on purpose")
        ->delimiter(',');
    cmd->add_option("--seed", a->seed, "Seed of the generators (default: random, printed)");
    add_limit_options(*cmd, *a);
    cmd->add_option("--report", a->reports,
                    "FORMAT=FILE, repeatable (formats: har, html, json, junit, md; with --baseline also diff-md, "
                    "diff-html, diff-json: this run compared with the baseline's, as `conformance diff` writes it)");
    cmd->add_option("--journal", a->run.journal_file,
                    "Keep the list of every record the run writes in FILE as it writes it, and how its clean-up ended "
                    "(default, against a target: conformance-journal-<prefix>.jsonl beside the first --report, else "
                    "here); `conformance clean --journal FILE` removes what a run left");
    cmd->add_option("--key-pool", a->run.key_pool,
                    "Write under the keys of pool NAME, the same every run of it, so that what a gate's runs leave on "
                    "a server stays bounded; one run of a pool at a time on this machine (a second is refused). "
                    "Default: the target file's key_pool, else a pool of this machine, target file, base URL and "
                    "shard; none: a random key prefix every run");
    cmd->add_option("--record", a->run.record_dir,
                    "Write every exchange whole (reports cut long bodies) to DIR/<check id>.jsonl, secrets redacted");
    cmd->add_option("--baseline", a->baseline,
                    "A previous JSON report: exit 1 only for MUST failures it does not have");
    cmd->add_option("--shard", a->run.shard, "k/n: run only the k-th of n deterministic shards of the selected checks");
    cmd->add_flag("--read-only", a->read_only, "Run only the checks that write nothing");
    add_history_options(*cmd, *a);
    add_bundled_stub_options(*cmd, *a);
    cmd->footer(
        "Exit codes: 0 every MUST check passed; 1 a MUST failure (new, with --baseline); 2 usage or configuration error (a target file to "
        "fix, credentials the target refused); 3 the target does not answer; 4 incomplete: no MUST failure, but MUST checks could not "
        "decide (an error, or a skip the run did not choose: the report says what would make each run); 128 + the signal's number "
        "(129 SIGHUP, 130 SIGINT, 143 SIGTERM) interrupted: the run stops, cleans up within 10 s (a second SIGINT, or any signal 2 s after the first, skips the clean-up) "
        "and its verdict is interrupted. Every report is written whatever the verdict, each whole or not at all.");
    cmd->callback([a] {
        // First, before any thread starts (the bundled stub's, the checks'): SIGTERM, SIGINT, SIGHUP end the run with
        // its reports and clean-up (cli/signal_watch.hpp).
        run::Interruption interruption;
        const SignalWatch watch(interruption, std::cerr);
        run::RunOptions options = a->run;
        options.seed = parse_seed(a->seed);
        options.interruption = &interruption;
        const auto reports = parse_report_specs(a->reports, true);
        const std::string har_href = plan_har(reports, options);
        const auto checks = selected_checks(*a);
        const auto baseline = load_baseline(a->baseline);
        const auto baseline_run = baseline_run_for_diffs(reports, a->baseline);
        prepare_history_file(a->history);

        const Catalogue catalogue = builtin_catalogue();
        std::optional<bundled::EmbeddedStub> embedded;
        // After --seed is read: it seeds the bundled stub's draws of --stub-defect-rate.
        const client::TargetConfig target = target_of(*a, catalogue, options.seed, embedded, options.replay_prefix);
        // The journal of what the run writes (docs/reliability.md, "Cleaning up after a run"): by default beside the
        // reports, when the target outlives the run (the bundled stub in this process does not).
        if (!embedded && options.journal_file.empty()) {
            const auto dir = reports.empty() ? std::filesystem::path() : std::filesystem::path(reports.front().second);
            options.journal_dir = dir.has_parent_path() ? dir.parent_path().string() : ".";
        }
        options.key_pool = key_pool_of(*a, target, embedded.has_value());
        if (options.jobs == 0)
            options.jobs = embedded ? static_cast<int>(std::max(2u, std::thread::hardware_concurrency())) : kRemoteJobs;
        Progress progress(std::cerr, checks, isatty(fileno(stderr)) != 0, a->run.cases);
        progress.attach(options);
        auto [result, exit_with] = run_or_explain(catalogue, target, checks, options);
        if (!exit_with && a->rerun_failures > 0)
            run::rerun_failures(catalogue, target, checks, options, a->rerun_failures, result,
                                [](const std::string& line) { std::cerr << "conformance: " << line << std::endl; });
        if (baseline) result.baseline = run::compare_with(result, *baseline);
        result.har_href = har_href;
        const bool recorded = record_in_history(a->history, result);
        finish_recorded(result, reports, exit_with, baseline_run, recorded);
    });
}

}  // namespace bds::cli
