// `conformance selfcheck`: the harness judged by the stub, both ways. The kill matrix: every suite against each
// defect (under the default choices, and under a random combination of choices): each must be caught. The
// tolerance matrix: every suite against each choice changed alone and against random combinations: none may give
// a false alarm. Each run is a process of its own (RapidCheck's state is per process), N at a time.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <optional>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <thread>

#include "certify/temp_dir.hpp"
#include "cli/bounded_option.hpp"
#include "cli/commands.hpp"
#include "cli/connector_selfcheck.hpp"
#include "cli/selfcheck_support.hpp"
#include "coverage/coverage.hpp"
#include "report/kill_matrix.hpp"
#include "report/markdown_cells.hpp"
#include "report/read_report.hpp"
#include "report/tolerance_matrix.hpp"
#include "stub/variation/choices.hpp"
#include "stub/variation/defects.hpp"
#include "suites/registry.hpp"

extern char** environ;

namespace bds::cli {
namespace {

namespace fs = std::filesystem;

/// Runs `argv` with stdout and stderr into `log`; its exit code, or -1 when it could not start or was killed.
int run_process(const std::vector<std::string>& argv, const fs::path& log) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) return -1;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// The last lines of a file, for a message.
std::string tail(const fs::path& path, std::size_t lines = 12) {
    std::ifstream in(path);
    std::vector<std::string> all;
    for (std::string line; std::getline(in, line);) all.push_back(line);
    std::string out;
    for (std::size_t i = all.size() > lines ? all.size() - lines : 0; i < all.size(); ++i) out += "  " + all[i] + "\n";
    return out;
}

/// One run of `conformance run` against the bundled stub.
struct Job {
    std::string name;               ///< unique; names its report and log
    std::vector<std::string> stub;  ///< --stub-… arguments
    const stub::DefectInfo* defect = nullptr;
    std::string choices;  ///< describe() of the stub's choices
    int code = -1;
    bool must_be_seen = false;  ///< a single choice a check must report
};

struct Args {
    int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    int cases = 5;
    std::uint64_t seed = 1;
    std::string out = "reports/kill-matrix.md";
    std::string tolerance_out = "reports/tolerance-matrix.md";
    std::vector<std::string> only;
    int random = 20;
    bool quick = false;
};

/// The checks that verify a statement `defect` breaks, comma-separated: the only ones whose failure catches it (the
/// kill matrix's rule), so that a quick run of the defect runs no other.
std::string catching_checks(const stub::DefectInfo& defect) {
    const auto breaks = coverage::split_ids(defect.breaks);
    std::string ids;
    for (const Check& c : all_checks())
        if (std::any_of(c.verifies.begin(), c.verifies.end(), [&](const std::string& s) {
                return std::find(breaks.begin(), breaks.end(), s) != breaks.end();
            }))
            ids += (ids.empty() ? "" : ",") + c.id;
    return ids;
}

/// Every run the matrices need, named.
std::vector<Job> plan(const Args& a, const std::vector<const stub::DefectInfo*>& defects) {
    // Kill runs use 3 s tokens, so that the expiry check (AUTH-06) runs too.
    const std::vector<std::string> short_tokens{"--stub-token-ttl", "3"};
    // Tolerance runs keep tokens for an hour, so that A-03 (the token lifetime) is a choice of its own.
    const std::vector<std::string> long_tokens{"--stub-token-ttl", "3600"};
    std::vector<Job> jobs{{"faithful", short_tokens, nullptr, ""}};
    if (a.only.empty())
        jobs.insert(jobs.end(), {{"defaults", long_tokens, nullptr, ""}, {"defaults-again", long_tokens, nullptr, ""}});
    for (const stub::DefectInfo* defect : defects) {
        const auto& d = *defect;
        const auto i = static_cast<std::uint64_t>(
            defect - stub::defects().data());  // its place in the table: the same choices when filtered
        auto args = short_tokens;
        args.insert(args.end(), {"--stub-defect", std::string(d.name)});
        if (!a.quick) jobs.push_back({std::string(d.name), args, &d, ""});
        const std::string random = "random:" + std::to_string(a.seed * 1000 + 500 + i);
        args.insert(args.end(), {"--stub-choices", random});
        if (!d.requires_choices.empty()) args.insert(args.end(), {"--stub-choose", std::string(d.requires_choices)});
        if (const std::string ids = catching_checks(d); a.quick && !ids.empty())
            args.insert(args.end(), {"--check", ids});
        stub::Choices choices;
        stub::apply_choices(choices, random + "," + std::string(d.requires_choices));
        jobs.push_back({std::string(d.name) + "@random", args, &d, stub::describe(choices)});
    }
    if (a.only.empty()) {
        for (const auto& c : stub::choice_table())
            for (std::size_t v = 1; v < c.values.size(); ++v) {
                const std::string spec = std::string(c.id) + "=" + std::string(c.values[v]);
                jobs.push_back(
                    {spec, {"--stub-token-ttl", "3600", "--stub-choose", spec}, nullptr, spec, -1, !c.declared});
            }
        for (int i = 1; i <= a.random; ++i) {
            const std::uint64_t seed = a.seed * 1000 + static_cast<std::uint64_t>(i);
            jobs.push_back({"random:" + std::to_string(seed),
                            {"--stub-token-ttl", "3600", "--stub-choices", "random:" + std::to_string(seed)},
                            nullptr,
                            stub::describe(stub::random_choices(seed))});
        }
    }
    return jobs;
}

/// Runs every job, `a.jobs` at a time, each writing its JSON report and log into `dir`.
void run_jobs(std::vector<Job>& jobs, const Args& a, const fs::path& dir) {
    const std::string exe = self_executable();
    run_pool(jobs.size(), a.jobs, [&](std::size_t i) {
        Job& job = jobs[i];
        std::vector<std::string> argv{exe,        "run",
                                      "--seed",   std::to_string(a.seed),
                                      "--cases",  std::to_string(a.cases),
                                      "--report", "json=" + (dir / (job.name + ".json")).string()};
        argv.insert(argv.end(), job.stub.begin(), job.stub.end());
        job.code = run_process(argv, dir / (job.name + ".log"));
        return job.name + ": exit " + std::to_string(job.code);
    });
}

/// The report of a finished job; ExitError with the end of its output when the run did not finish.
run::RunResult read_job(const Job& job, const fs::path& dir) {
    const fs::path log = dir / (job.name + ".log");
    // 0, 1 and 4 (incomplete: AUTH-06 cannot decide with hour-long tokens) are finished runs; the matrices judge
    // their reports.
    if (job.code != 0 && job.code != 1 && job.code != 4)
        throw ExitError{kFailure, "selfcheck: the run against " + job.name + " ended with exit code " +
                                      std::to_string(job.code) + "; the end of its output:\n" + tail(log)};
    std::ifstream in(dir / (job.name + ".json"));
    try {
        return report::from_json(nlohmann::json::parse(in));
    } catch (const std::exception& e) {
        throw ExitError{kFailure,
                        "selfcheck: the report of " + job.name + " cannot be read: " + e.what() + "\n" + tail(log)};
    }
}

/// The two matrices from the finished jobs (the tolerance matrix only when every defect ran).
std::pair<report::KillMatrix, std::optional<report::ToleranceMatrix>> matrices(const std::vector<Job>& jobs,
                                                                               const Args& a, const fs::path& dir) {
    const auto named = [&](const std::string& name) {
        return read_job(*std::find_if(jobs.begin(), jobs.end(), [&](const Job& j) { return j.name == name; }), dir);
    };
    std::vector<report::DefectRun> defect_runs;
    std::vector<report::ChoiceRun> choice_runs;
    for (const auto& job : jobs) {
        if (job.defect)
            defect_runs.push_back({std::string(job.defect->name), std::string(job.defect->area),
                                   std::string(job.defect->rule), std::string(job.defect->description),
                                   read_job(job, dir), job.defect->level == "SHOULD" ? Level::Should : Level::Must,
                                   job.choices, coverage::split_ids(job.defect->breaks)});
        else if (!job.choices.empty() || job.name.rfind("random:", 0) == 0)
            choice_runs.push_back({job.name, job.choices, read_job(job, dir), job.must_be_seen});
    }
    auto kill = report::kill_matrix(named("faithful"), defect_runs);
    std::optional<report::ToleranceMatrix> tolerance;
    if (a.only.empty()) tolerance = report::tolerance_matrix(named("defaults"), named("defaults-again"), choice_runs);
    return {std::move(kill), std::move(tolerance)};
}

/// What the matrices say, a line each for what is not as it must be.
void print_outcome(const report::KillMatrix& kill, const std::optional<report::ToleranceMatrix>& tolerance,
                   const Args& a, std::size_t runs, double seconds) {
    std::cout << kill.caught() << " of " << kill.rows.size() << " defects caught by a MUST check"
              << (a.quick ? " (under random choices)" : " (under the defaults and under random choices)")
              << "; faithful stub: " << kill.faithful_must.size() << " MUST failures, " << kill.faithful_errors.size()
              << " errors; kill matrix in " << a.out << "\n";
    if (tolerance)
        std::cout << tolerance->clean() << " of " << tolerance->rows.size()
                  << " runs under other choices clean; tolerance matrix in " << a.tolerance_out << "\n";
    std::cout << runs << " runs in " << std::fixed << std::setprecision(1) << seconds << " s\n";
    for (const auto& r : kill.rows)
        for (const auto& t : r.trials)
            if (!r.caught(t))
                std::cout << "NOT CAUGHT  " << r.name << (t.choices.empty() ? "" : " under " + t.choices) << ": "
                          << r.description << "\n";
    for (const auto& id : kill.faithful_must) std::cout << "FALSE ALARM " << id << " fails on the faithful stub\n";
    for (const auto& id : kill.faithful_errors) std::cout << "ERROR       " << id << " errs on the faithful stub\n";
    if (!tolerance) return;
    for (const auto& r : tolerance->rows)
        if (!r.clean()) {
            std::cout << "FALSE ALARM " << r.label << (r.label != r.choices ? " (" + r.choices + ")" : "") << ": MUST "
                      << report::joined(r.must) << "; errors " << report::joined(r.errors) << "; new SHOULD "
                      << report::joined(r.should) << "\n";
            for (const auto& why : r.why) std::cout << "            " << why << "\n";
        }
    if (!tolerance->complete())
        for (const auto& [id, labels] : tolerance->noisy)
            std::cout << "UNSTEADY    " << id << ": " << report::joined({labels.begin(), labels.end()}) << "\n";
}

/// The server matrices: every planned run, both matrices written, the outcome printed; ExitError unless complete.
void run_selfcheck(const Args& a) {
    std::vector<const stub::DefectInfo*> chosen;
    for (const auto& d : stub::defects())
        if (a.only.empty() || std::find(a.only.begin(), a.only.end(), d.name) != a.only.end()) chosen.push_back(&d);
    for (const auto& name : a.only)
        if (!stub::defect_from_name(name))
            throw ExitError{kUsage,
                            "selfcheck: no defect named \"" + name + "\" (see `conformance stub --list-defects`)"};
    const certify::TempDir dir("bds-selfcheck");
    const auto t0 = std::chrono::steady_clock::now();
    auto jobs = plan(a, chosen);
    run_jobs(jobs, a, dir.path());
    const auto [kill, tolerance] = matrices(jobs, a, dir.path());
    write_file(a.out, [&](std::ostream& out) { report::write_kill_matrix(kill, out); });
    if (tolerance)
        write_file(a.tolerance_out, [&](std::ostream& out) { report::write_tolerance_matrix(*tolerance, out); });
    print_outcome(kill, tolerance, a, jobs.size(),
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    if (!kill.complete() || (tolerance && !tolerance->complete()))
        throw ExitError{kFailure, "selfcheck: the harness misses defects or raises false alarms"};
}

}  // namespace

void add_selfcheck_command(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "selfcheck",
        "Judge the harness: the kill matrix (every defect caught) and the tolerance matrix (no choice a false alarm)");
    auto a = std::make_shared<Args>();
    add_bounded(*cmd, "--jobs", a->jobs, "Runs at once (each a process with its own stub)", 1, 64);
    add_bounded(*cmd, "--cases", a->cases, "Cases per property check", 1, 1000);
    cmd->add_option("--seed", a->seed, "Seed of every run and of the random choices (the matrices are reproducible)")
        ->capture_default_str();
    cmd->add_option("--out", a->out, "Where the kill matrix goes (Markdown)")->capture_default_str();
    cmd->add_option("--tolerance-out", a->tolerance_out, "Where the tolerance matrix goes (Markdown)")
        ->capture_default_str();
    cmd->add_option(
           "--defect", a->only,
           "Only these defects, and no tolerance matrix (comma-separated names; with --connector, the sample's choices still run)")
        ->delimiter(',');
    add_bounded(*cmd, "--random", a->random, "Random combinations of choices in the tolerance matrix", 0, 1000);
    cmd->add_flag(
        "--quick", a->quick,
        "Defects only under random choices, not also under the defaults, each run with only the checks of the statements it breaks (CI)");
    auto connector = std::make_shared<ConnectorSelfcheck>();
    auto connector_on = std::make_shared<bool>(false);
    cmd->add_flag(
        "--connector", *connector_on,
        "The connector matrices instead: the sample connector certified, with each of its defects and under each of its choices");
    cmd->add_option("--sample", connector->sample,
                    "--connector: the sample connector (default: bds-sample-connector beside this program)");
    cmd->add_option("--connector-out", connector->out, "--connector: where the connector kill matrix goes (Markdown)")
        ->capture_default_str();
    cmd->add_option("--connector-tolerance-out", connector->tolerance_out,
                    "--connector: where the connector tolerance matrix goes (Markdown)")
        ->capture_default_str();
    cmd->callback([a, connector, connector_on] {
        if (!*connector_on) return run_selfcheck(*a);
        connector->only = a->only;
        connector->seed = a->seed;
        connector->jobs = a->jobs;
        run_connector_selfcheck(*connector);
    });
}

}  // namespace bds::cli
