// Prints what the run history costs a run: one whole `conformance run` against the bundled stub (the default
// cases, every suite), its JSON report read back, then appended to a fresh history file 30 times (each a run of
// its own there): the time of an append against the run's, the file's growth a run against the JSON report's
// size, and the time to read the history back and write its three reports. Usage: history_bench [--quick]
// (--quick: one suite, 2 cases, 3 appends; the figures mean nothing then).
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench_clock.hpp"
#include "history/history_store.hpp"
#include "report/read_report.hpp"

namespace {

namespace fs = std::filesystem;

/// Runs `conformance` with `args` (its output discarded); its exit code, -1 when it did not end normally.
int run_conformance(const std::vector<std::string>& args) {
    std::vector<char*> argv{const_cast<char*>(BDS_CONFORMANCE)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::fflush(stdout);
    const pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)) _exit(126);
        execv(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

double ms_since(bds::bench::Clock::time_point t) { return bds::bench::seconds_since(t) * 1000; }

}  // namespace

int main(int argc, char** argv) {
    const bool quick = bds::bench::quick_mode(argc, argv);
    const int appends = quick ? 3 : 30;
    const fs::path dir = fs::temp_directory_path() / ("history-bench-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const std::string report = (dir / "report.json").string(), file = (dir / "history.db").string();
    std::vector<std::string> args{"run", "--seed", "7", "--report", "json=" + report};
    if (quick) args.insert(args.end(), {"--suite", "auth", "--cases", "2"});
    const int code = run_conformance(args);
    if (code != 0 && code != 1) {
        std::fprintf(stderr, "history_bench: conformance run exited %d\n", code);
        return 1;
    }
    std::ifstream in(report);
    const auto run = bds::report::from_json(nlohmann::json::parse(in));
    const auto report_bytes = fs::file_size(report);

    auto start = bds::bench::Clock::now();
    for (int i = 0; i < appends; ++i) bds::history::append_run(file, run);
    const double append_ms = ms_since(start) / appends;
    const double bytes_per_run = static_cast<double>(fs::file_size(file)) / appends;

    start = bds::bench::Clock::now();
    const auto view = bds::history::read_history(file, {});
    const double read_ms = ms_since(start);
    start = bds::bench::Clock::now();
    std::ostringstream md, html, json;
    bds::history::write_history_markdown(view, md);
    bds::history::write_history_html(view, html);
    bds::history::write_history_json(view, json);
    const double write_ms = ms_since(start);

    std::printf("run history (%d checks, %ld requests, a run of %.1f s)\n", static_cast<int>(run.results.size()),
                run.requests, run.duration_ms / 1000);
    std::printf("  append a run:           %8.1f ms   %.5f of the run's time (goal: below 0.01)\n", append_ms,
                append_ms / run.duration_ms);
    std::printf("  file growth a run:      %8.1f KB   %.3f of its JSON report's %.1f KB (goal: below 0.25)\n",
                bytes_per_run / 1024, bytes_per_run / static_cast<double>(report_bytes),
                static_cast<double>(report_bytes) / 1024);
    std::printf("  read %d runs back:      %8.1f ms   %.2f ms a run\n", appends, read_ms, read_ms / appends);
    std::printf("  write md, html, json:   %8.1f ms   (%.1f KB of HTML)\n", write_ms,
                static_cast<double>(html.str().size()) / 1024);
    fs::remove_all(dir);
    return 0;
}
