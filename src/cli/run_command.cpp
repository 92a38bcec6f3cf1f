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
    std::string stub_envelope = "object", stub_collation = "ci";
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

void print_summary(const run::RunResult& run, std::ostream& out) {
    struct Counts {
        int pass = 0, fail = 0, skip = 0, error = 0;
    };
    std::map<std::string, Counts> by_suite;
    std::vector<std::string> suite_order;
    for (const auto& r : run.results) {
        if (!by_suite.contains(r.suite)) suite_order.push_back(r.suite);
        auto& c = by_suite[r.suite];
        (r.outcome == run::Outcome::Pass ? c.pass : r.outcome == run::Outcome::Fail ? c.fail : r.outcome == run::Outcome::Skip ? c.skip : c.error)++;
    }
    out << std::left << std::setw(14) << "suite" << std::right << std::setw(6) << "pass" << std::setw(6) << "fail" << std::setw(6) << "skip"
        << std::setw(7) << "error" << "\n";
    for (const auto& s : suite_order) {
        const auto& c = by_suite[s];
        out << std::left << std::setw(14) << s << std::right << std::setw(6) << c.pass << std::setw(6) << c.fail << std::setw(6) << c.skip
            << std::setw(7) << c.error << "\n";
    }
    for (const auto& r : run.results) {
        if (r.outcome == run::Outcome::Fail)
            out << "FAIL  " << std::left << std::setw(9) << r.id << std::setw(8) << to_string(r.level) << r.title << "\n"
                << "      expected " << r.findings.front().expected << "\n      got      " << r.findings.front().actual << "\n";
        if (r.outcome == run::Outcome::Error) out << "ERROR " << std::left << std::setw(9) << r.id << r.title << ": " << r.reason << "\n";
    }
    if (run.baseline) {
        out << "baseline " << run.baseline->source << ": new MUST failures: " << run::id_list(run.baseline->new_failures)
            << "; known: " << run::id_list(run.baseline->known_failures) << "; fixed: " << run::id_list(run.baseline->fixed) << "\n";
    }
    for (const auto& n : run.notes) out << "note: " << n << "\n";
    out << run.results.size() << " checks, " << run.must_failures() << " MUST failures, " << run.requests << " requests in "
        << std::fixed << std::setprecision(1) << run.duration_ms / 1000 << " s against " << run.target << " (seed " << run.seed
        << ", envelope " << run.envelope << ")\n";
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
    cmd->add_option("--stub-envelope", a->stub_envelope, "Bundled stub only: object, header or row")->capture_default_str()->check(CLI::IsMember({"object", "header", "row"}));
    cmd->add_option("--stub-collation", a->stub_collation, "Bundled stub only: ci or cs")->capture_default_str()->check(CLI::IsMember({"ci", "cs"}));
    cmd->callback([a, cmd] {
        a->seed_given = cmd->count("--seed") > 0;
        if (!a->seed_given) a->seed = std::random_device{}() % 1000000;
        std::vector<std::pair<std::string, std::string>> reports;
        for (const auto& spec : a->reports) {
            const auto eq = spec.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
                throw ExitError{kUsage, "--report: expected FORMAT=FILE, found \"" + spec + "\""};
            const std::string format = spec.substr(0, eq);
            if (!report::reporters().contains(format)) {
                std::string known;
                for (const auto& [name, w] : report::reporters()) known += (known.empty() ? "" : ", ") + name;
                throw ExitError{kUsage, "--report: unknown format \"" + format + "\" (known: " + known + ")"};
            }
            reports.emplace_back(format, spec.substr(eq + 1));
        }

        const Catalogue catalogue = builtin_catalogue();
        auto checks = select_checks(all_checks(), a->suites, a->checks);
        if (checks.empty()) throw ExitError{kUsage, "no check matches the --suite/--check selection (see `conformance list`)"};
        if (!a->shard.empty()) {
            const auto [k, n] = parse_shard(a->shard);
            checks = select_shard(checks, k, n);
        }
        std::optional<run::Baseline> baseline;
        if (!a->baseline.empty()) {
            std::ifstream in(a->baseline);
            if (!in) throw ExitError{kUsage, "--baseline: cannot read " + a->baseline};
            const auto doc = nlohmann::json::parse(in, nullptr, false);
            if (doc.is_discarded()) throw ExitError{kUsage, "--baseline: " + a->baseline + " is not JSON"};
            try {
                baseline = run::read_baseline(doc, a->baseline);
            } catch (const std::runtime_error& e) {
                throw ExitError{kUsage, std::string("--baseline: ") + e.what()};
            }
        }

        std::optional<run::EmbeddedStub> embedded;
        client::TargetConfig target;
        try {
            if (!a->target_file.empty()) {
                target = client::load_target(a->target_file);
                if (!a->base_url.empty()) target.base_url = a->base_url;
            } else {
                stub::StubOptions options;
                options.envelope = a->stub_envelope == "header" ? stub::Envelope::Header
                                   : a->stub_envelope == "row"  ? stub::Envelope::RowField
                                                                : stub::Envelope::Object;
                options.collation = a->stub_collation == "cs" ? Collation::CaseSensitive : Collation::CaseInsensitive;
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
        for (const auto& [format, file] : reports) {
            std::ofstream out(file);
            if (!out) throw ExitError{kUsage, "--report: cannot write " + file};
            report::reporters().at(format)(result, out);
        }
        print_summary(result, std::cout);
        if (result.gate_failures() > 0)
            throw ExitError{kFailure, std::to_string(result.gate_failures()) + (result.baseline ? " new" : "") + " MUST check(s) failed"};
    });
}

}  // namespace bds::cli
