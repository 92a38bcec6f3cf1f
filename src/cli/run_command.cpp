// `conformance run`: every selected check against a target (or the bundled stub), reports, exit code.
#include <unistd.h>

#include <openssl/sha.h>

#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <sstream>

#include "catalogue/catalogue.hpp"
#include "cli/commands.hpp"
#include "client/target.hpp"
#include "report/reporters.hpp"
#include "run/embedded_stub.hpp"
#include "run/baseline.hpp"
#include "run/runner.hpp"
#include "cli/run_output.hpp"
#include "cli/stub_options.hpp"
#include "stub/data_set.hpp"

namespace bds::cli {
namespace {

struct RunArgs {
    std::string target_file, base_url, stub_data;
    std::vector<std::string> suites, checks, reports;
    std::uint64_t seed = 0;
    bool seed_given = false;
    int cases = 10, jobs = 1;
    bool read_only = false;
    double rate = -1;
    std::string stub_envelope, stub_collation, stub_choices;
    std::vector<std::string> stub_choose;
    std::string stub_defect;  // --stub-defect: one defect of the bundled stub (stub/variation/defects.hpp)
    int stub_token_ttl = 3600;
    std::string baseline, shard;
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

std::string sha256_hex(std::string_view text) {
    unsigned char digest[SHA256_DIGEST_LENGTH];
    SHA256(reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest);
    std::ostringstream out;
    for (unsigned char b : digest) out << std::hex << std::setw(2) << std::setfill('0') << static_cast<int>(b);
    return out.str();
}


}  // namespace

void add_run_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("run", "Run the conformance checks against a target (default: the bundled stub, in-process)");
    auto a = std::make_shared<RunArgs>();
    cmd->add_option("--target", a->target_file, "Target file (JSON; ${VAR} expands from the environment)");
    cmd->add_option("--base-url", a->base_url, "Base URL of the target; with no --target, the demo users of the bundled stub are assumed");
    cmd->add_option("--suite", a->suites, "Suites to run (comma-separated)")->delimiter(',');
    cmd->add_option("--check", a->checks, "Check ids or id prefixes to run (comma-separated)")->delimiter(',');
    cmd->add_option("--seed", a->seed, "Seed of the generators (default: random, printed)");
    cmd->add_option("--cases", a->cases, "Cases per property check")->capture_default_str()->check(CLI::Range(1, 100000));
    cmd->add_option("--jobs", a->jobs, "Checks run at once (those on different resources)")->capture_default_str()->check(CLI::Range(1, 64));
    cmd->add_option("--report", a->reports, "FORMAT=FILE, repeatable (formats: html, json, junit, md)");
    cmd->add_option("--baseline", a->baseline, "A previous JSON report: exit 1 only for MUST failures it does not have");
    cmd->add_option("--shard", a->shard, "k/n: run only the k-th of n deterministic shards of the selected checks");
    cmd->add_flag("--read-only", a->read_only, "Run only the checks that write nothing");
    cmd->add_option("--rate", a->rate, "At most this many requests per second")->check(CLI::NonNegativeNumber);
    cmd->add_option("--stub-data", a->stub_data, "Bundled stub only: load this data set (e.g. fixtures/demo)");
    cmd->add_option("--stub-choices", a->stub_choices, "Bundled stub only: random:SEED, every choice drawn from SEED (before --stub-choose)");
    cmd->add_option("--stub-choose", a->stub_choose, "Bundled stub only: ID=VALUE,… (see `conformance stub --list-choices`)")->delimiter(',');
    cmd->add_option("--stub-envelope", a->stub_envelope, "Bundled stub only: shorthand for --stub-choose A-07=…")->check(CLI::IsMember({"object", "header", "row"}));
    cmd->add_option("--stub-collation", a->stub_collation, "Bundled stub only: shorthand for --stub-choose A-17=…")->check(CLI::IsMember({"ci", "cs"}));
    cmd->add_option("--stub-token-ttl", a->stub_token_ttl, "Bundled stub only: token lifetime in seconds (short ones let the expiry check run)")
        ->capture_default_str()
        ->check(CLI::Range(1, 86400));
    cmd->add_option("--stub-defect", a->stub_defect, "Bundled stub only: turn on one defect (see `conformance stub --list-defects`)");
    cmd->callback([a, cmd] {
        a->seed_given = cmd->count("--seed") > 0;
        if (!a->seed_given) a->seed = std::random_device{}() % 1000000;
        const auto reports = parse_report_specs(a->reports);

        const Catalogue catalogue = builtin_catalogue();
        auto checks = select_checks(all_checks(), a->suites, a->checks);
        if (checks.empty()) throw ExitError{kUsage, "no check matches the --suite/--check selection (see `conformance list`)"};
        if (!a->shard.empty()) {
            const auto [k, n] = parse_shard(a->shard);
            checks = select_shard(checks, k, n);
        }
        const auto baseline = load_baseline(a->baseline);

        std::optional<run::EmbeddedStub> embedded;
        client::TargetConfig target;
        try {
            if (!a->target_file.empty()) {
                target = client::load_target(a->target_file);
                if (!a->base_url.empty()) target.base_url = a->base_url;
            } else {
                stub::StubOptions options;
                options.choices = parse_choices(a->stub_choices, a->stub_choose, a->stub_envelope, a->stub_collation);
                options.token_ttl = std::chrono::seconds(a->stub_token_ttl);
                options.defect = parse_defect("--stub-defect", a->stub_defect);
                if (!a->base_url.empty()) {
                    target = run::stub_target(options, a->base_url);
                } else {
                    embedded = run::start_embedded_stub(catalogue, options);
                    if (!a->stub_data.empty()) stub::load_data_set(*embedded->server, a->stub_data);
                    target = embedded->target;
                    std::cerr << "bundled stub at " << target.base_url << "\n";
                }
            }
        } catch (const client::TargetError& e) {
            throw ExitError{kUsage, e.what()};
        } catch (const std::runtime_error& e) {
            throw ExitError{kUsage, e.what()};
        }
        if (a->read_only) target.read_only = true;
        if (a->rate >= 0) target.rate_per_s = a->rate;

        const bool tty = isatty(fileno(stderr)) != 0;
        run::RunOptions options;
        options.seed = a->seed;
        options.cases = a->cases;
        options.jobs = a->jobs;
        options.harness_version = "0.1.0";
        // A live line on a terminal ("[done/total] suite id title  case n/N"); nothing but the summary
        // otherwise (CI logs).
        std::size_t done = 0;
        const std::size_t total = checks.size();
        const auto line = [&done, total](const Check& c, const std::string& tail) {
            std::cerr << "\r\033[K[" << done << "/" << total << "] " << c.suite << "  " << c.id << "  " << c.title << tail << std::flush;
        };
        if (tty) {
            options.on_start = [line](const Check& c) { line(c, ""); };
            options.on_case = [line, cases = a->cases](const Check& c, int number) {
                line(c, "  case " + std::to_string(std::min(number, cases)) + "/" + std::to_string(cases));
            };
            options.on_result = [&done](const run::CheckResult&) {
                ++done;
                std::cerr << "\r\033[K" << std::flush;
            };
        }
        run::RunResult result;
        try {
            result = run::run_checks(catalogue, target, checks, options);
        } catch (const run::Unreachable& e) {
            throw ExitError{kUnreachable, e.what()};
        }
        result.catalogue_sha256 = sha256_hex(builtin_catalogue_text());
        result.shard = a->shard;
        if (baseline) result.baseline = run::compare_with(result, *baseline);
        finish(result, reports);
    });
}

}  // namespace bds::cli
