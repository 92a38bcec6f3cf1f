// Prints the figures of a whole run as users start it: `conformance run` against the bundled stub with 100 cases per
// property (the goal's default), empty and with fixtures/demo loaded, each in a process of its own so that its peak
// resident memory is its own. Each figure is the median of three runs: on this 2-core machine one run's time moves
// by ±10 % from run to run. Usage: run_bench [--quick | --large]  (--quick: one run of one case, one suite; the
// figures mean nothing then. --large: instead, against the stub in a process of its own, empty and holding
// make_demo_data --scale 240, ~1,000,000 document lines: docs/architecture.md, "Reads of a target's data")
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bench_clock.hpp"

namespace {

struct Figures {
    double seconds = 0;
    double peak_mib = 0;
    int exit_code = -1;
};

/// Runs `conformance` with `args`, its output discarded, and measures it.
Figures measure(const std::vector<std::string>& args) {
    std::vector<char*> argv{const_cast<char*>(BDS_CONFORMANCE)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::fflush(stdout);  // else the child's copy of the buffer is written again
    const auto start = bds::bench::Clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)) _exit(126);
        execv(argv[0], argv.data());
        _exit(127);
    }
    Figures f;
    int status = 0;
    rusage usage{};
    if (pid > 0 && wait4(pid, &status, 0, &usage) == pid) {
        f.seconds = bds::bench::seconds_since(start);
        f.peak_mib = static_cast<double>(usage.ru_maxrss) / 1024.0;
        f.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    return f;
}

/// The median of `runs` measurements, time and memory each; the exit code of a run that did not pass, if any.
Figures median_of(int runs, const std::vector<std::string>& args) {
    std::vector<Figures> all;
    for (int i = 0; i < runs; ++i) all.push_back(measure(args));
    Figures out;
    const auto middle = [&](auto member) {
        std::vector<double> v;
        for (const auto& f : all) v.push_back(f.*member);
        std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
        return v[v.size() / 2];
    };
    out.seconds = middle(&Figures::seconds);
    out.peak_mib = middle(&Figures::peak_mib);
    out.exit_code = 0;
    for (const auto& f : all)
        if (f.exit_code != 0) out.exit_code = f.exit_code;
    return out;
}

/// `conformance stub` in a process of its own, on a free port, until destroyed.
class StubProcess {
public:
    /// Starts it with `data` loaded (none when empty); `url` is empty when it did not start.
    explicit StubProcess(const std::string& data) {
        int out[2];
        if (pipe(out) != 0) return;
        std::fflush(stdout);
        pid_ = fork();
        if (pid_ == 0) {
            dup2(out[1], 1);
            close(out[0]);
            if (!freopen("/dev/null", "w", stderr)) _exit(126);
            std::vector<std::string> args{BDS_CONFORMANCE, "stub", "--port", "0", "--token-ttl", "3"};
            if (!data.empty()) args.insert(args.end(), {"--data", data});
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(argv[0], argv.data());
            _exit(127);
        }
        close(out[1]);
        std::string seen;
        char buffer[4096];
        for (ssize_t n; url.empty() && (n = read(out[0], buffer, sizeof buffer)) > 0;) {
            seen.append(buffer, static_cast<std::size_t>(n));
            if (const auto at = seen.find("http://");
                at != std::string::npos && seen.find('\n', at) != std::string::npos)
                url = seen.substr(at, seen.find('\n', at) - at);
        }
        close(out[0]);
    }
    ~StubProcess() {
        if (pid_ <= 0) return;
        kill(pid_, SIGTERM);
        waitpid(pid_, nullptr, 0);
    }
    StubProcess(const StubProcess&) = delete;
    StubProcess& operator=(const StubProcess&) = delete;

    std::string url;

private:
    pid_t pid_ = -1;
};

/// A target file for the stub at `url` with its demo users, written to `path`.
void write_target(const std::string& path, const std::string& url) {
    std::ofstream(path) << R"({"base_url": ")" << url
                        << R"(", "users": {"writer": {"username": "writer", "password": "writer-pw"},
 "reader": {"username": "reader", "password": "reader-pw"}, "other_tenant": {"username": "other_tenant", "password": "other-pw"},
 "limited": {"username": "limited", "password": "limited-pw", "resources": ["CliFor", "MCPArticoli", "MCPResources"]}},
 "token_expiry_wait_s": 5,
 "query": {"RecordSelection": "$RecordSelection", "PageSize": "$PageSize", "PageNumber": "$PageNumber",
           "OrderBy": [{"field": "$OrderField", "desc": "$OrderDescending"}]}})";
}

/// The goal of bounded reads: a run against the stub holding ~1,000,000 document lines takes at most 1.3 times a run
/// against an empty one, and the run's process (the stub in its own) peaks at 200 MiB at most. Returns 1 if a run
/// failed.
int large() {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("bds-run-bench-" + std::to_string(getpid()));
    if (std::system((std::string(BDS_MAKE_DEMO_DATA) + " " + dir.string() + " --scale 240").c_str()) != 0) return 1;
    Figures f[2];
    for (const bool held : {false, true}) {
        const StubProcess stub(held ? (dir / "demo").string() : std::string());
        if (stub.url.empty()) return 1;
        write_target((dir / "target.json").string(), stub.url);
        f[held] = median_of(3, {"run", "--cases", "100", "--seed", "7", "--target", (dir / "target.json").string()});
    }
    fs::remove_all(dir);
    std::printf(
        "conformance run against the stub in its own process, 100 cases per property, median of 3: %.1f s empty, %.1f s holding "
        "~1,000,000 document lines (ratio %.2f, goal <= 1.3); the run's peak %.0f MiB (goal <= 200, ratio %.2f)%s\n",
        f[0].seconds, f[1].seconds, f[1].seconds / f[0].seconds, f[1].peak_mib, f[1].peak_mib / 200,
        f[0].exit_code == 0 && f[1].exit_code == 0 ? "" : "  (a run did not pass)");
    return f[0].exit_code == 0 && f[1].exit_code == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "--large") return large();
    const bool quick = bds::bench::quick_mode(argc, argv);
    const std::vector<std::string> common =
        quick ? std::vector<std::string>{"run", "--cases", "1", "--seed", "7", "--suite", "pagination"}
              : std::vector<std::string>{"run", "--cases", "100", "--seed", "7"};
    int failed = 0;
    for (const bool demo : {false, true}) {
        auto args = common;
        if (demo) args.insert(args.end(), {"--stub-data", BDS_DEMO_DATA});
        const Figures f = median_of(quick ? 1 : 3, args);
        const double goal_s = demo ? 15 : 10;
        std::printf(
            "conformance run, bundled stub%s, %s, median of %d: %.1f s (goal <= %.0f s, ratio %.2f), peak %.0f MiB (goal <= 200, ratio %.2f)%s\n",
            demo ? " with fixtures/demo" : "", quick ? "1 case, pagination" : "100 cases per property, every suite",
            quick ? 1 : 3, f.seconds, goal_s, f.seconds / goal_s, f.peak_mib, f.peak_mib / 200,
            f.exit_code == 0 ? "" : "  (the run did not pass)");
        failed += f.exit_code != 0;
    }
    return failed ? 1 : 0;
}
