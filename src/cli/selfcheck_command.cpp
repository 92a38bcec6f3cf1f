// `conformance selfcheck`: runs every suite against the faithful bundled stub and against the stub with each
// defect turned on, each run in a process of its own (RapidCheck's state is per process), N at a time, and
// writes the kill matrix. Exit 0 when every defect is caught by a MUST check and the faithful stub has no MUST
// failure and no error.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <mutex>
#include <thread>

#include "cli/commands.hpp"
#include "report/kill_matrix.hpp"
#include "report/read_report.hpp"
#include "stub/variation/defects.hpp"

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

}  // namespace

void add_selfcheck_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("selfcheck", "Run every suite against the bundled stub and each of its defects; write the kill matrix");
    struct Args {
        int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        int cases = 5;
        std::uint64_t seed = 1;
        std::string out = "reports/kill-matrix.md";
        std::vector<std::string> only;
    };
    auto a = std::make_shared<Args>();
    cmd->add_option("--jobs", a->jobs, "Runs at once (each a process with its own stub)")->capture_default_str()->check(CLI::Range(1, 64));
    cmd->add_option("--cases", a->cases, "Cases per property check")->capture_default_str()->check(CLI::Range(1, 1000));
    cmd->add_option("--seed", a->seed, "Seed of every run (the matrix is reproducible)")->capture_default_str();
    cmd->add_option("--out", a->out, "Where the kill matrix goes (Markdown)")->capture_default_str();
    cmd->add_option("--defect", a->only, "Only these defects (comma-separated names)")->delimiter(',');
    cmd->callback([a] {
        std::vector<const stub::DefectInfo*> chosen;
        for (const auto& d : stub::defects())
            if (a->only.empty() || std::find(a->only.begin(), a->only.end(), d.name) != a->only.end()) chosen.push_back(&d);
        for (const auto& name : a->only)
            if (!stub::defect_from_name(name)) throw ExitError{kUsage, "selfcheck: no defect named \"" + name + "\" (see `conformance stub --list-defects`)"};
        char self[4096];
        const auto n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n <= 0) throw ExitError{kUsage, "selfcheck: cannot find the conformance executable (/proc/self/exe)"};
        const std::string exe(self, static_cast<std::size_t>(n));
        char pattern[] = "/tmp/bds-selfcheck-XXXXXX";
        if (!mkdtemp(pattern)) throw ExitError{kUsage, "selfcheck: cannot make a temporary directory"};
        const fs::path dir = pattern;

        // Job 0 is the faithful stub; job i the (i-1)-th chosen defect.
        const std::size_t total = chosen.size() + 1;
        const auto name_of = [&](std::size_t job) { return job == 0 ? std::string("faithful") : std::string(chosen[job - 1]->name); };
        std::vector<int> codes(total, -1);
        std::atomic<std::size_t> next{0};
        std::mutex print;
        const auto t0 = std::chrono::steady_clock::now();
        auto worker = [&] {
            for (std::size_t job; (job = next++) < total;) {
                // Tokens of 3 s, so that the expiry check (AUTH-06) runs too.
                std::vector<std::string> argv{exe, "run", "--seed", std::to_string(a->seed), "--cases", std::to_string(a->cases), "--stub-token-ttl", "3",
                                              "--report", "json=" + (dir / (name_of(job) + ".json")).string()};
                if (job > 0) argv.insert(argv.end(), {"--stub-defect", name_of(job)});
                codes[job] = run_process(argv, dir / (name_of(job) + ".log"));
                std::lock_guard lock(print);
                if (isatty(fileno(stderr))) std::cerr << "\r\033[K" << name_of(job) << ": exit " << codes[job] << std::flush;
            }
        };
        std::vector<std::thread> threads;
        for (int i = 0; i < a->jobs; ++i) threads.emplace_back(worker);
        for (auto& t : threads) t.join();
        if (isatty(fileno(stderr))) std::cerr << "\r\033[K";

        const auto read = [&](std::size_t job) {
            if (codes[job] != 0 && codes[job] != 1)
                throw ExitError{kFailure, "selfcheck: the run against " + name_of(job) + " ended with exit code " + std::to_string(codes[job]) +
                                              "; its output is in " + (dir / (name_of(job) + ".log")).string()};
            std::ifstream in(dir / (name_of(job) + ".json"));
            try {
                return report::from_json(nlohmann::json::parse(in));
            } catch (const std::exception& e) {
                throw ExitError{kFailure, "selfcheck: the report of " + name_of(job) + " cannot be read: " + e.what()};
            }
        };
        const auto faithful = read(0);
        std::vector<report::DefectRun> runs;
        for (std::size_t job = 1; job < total; ++job) {
            const auto& d = *chosen[job - 1];
            runs.push_back({std::string(d.name), std::string(d.area), std::string(d.rule), std::string(d.description), read(job),
                            d.level == "SHOULD" ? Level::Should : Level::Must});
        }
        const auto matrix = report::kill_matrix(faithful, runs);
        if (const auto parent = fs::path(a->out).parent_path(); !parent.empty()) fs::create_directories(parent);
        std::ofstream out(a->out);
        if (!out) throw ExitError{kUsage, "selfcheck: cannot write " + a->out};
        report::write_kill_matrix(matrix, out);
        fs::remove_all(dir);

        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::cout << matrix.caught() << " of " << matrix.rows.size() << " defects caught by a MUST check; faithful stub: "
                  << matrix.faithful_must.size() << " MUST failures, " << matrix.faithful_errors.size() << " errors; "
                  << total << " runs in " << std::fixed << std::setprecision(1) << seconds << " s; kill matrix in " << a->out << "\n";
        for (const auto& r : matrix.rows)
            if (!r.caught()) std::cout << "NOT CAUGHT  " << r.name << ": " << r.description << "\n";
        for (const auto& id : matrix.faithful_must) std::cout << "FALSE ALARM " << id << " fails on the faithful stub\n";
        for (const auto& id : matrix.faithful_errors) std::cout << "ERROR       " << id << " errs on the faithful stub\n";
        if (!matrix.complete()) throw ExitError{kFailure, "selfcheck: the harness misses defects or fails a faithful stub"};
    });
}

}  // namespace bds::cli
