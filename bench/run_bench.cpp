// Prints the figures of a whole run as users start it: `conformance run` against the bundled stub with 100 cases per
// property (the goal's default), empty and with fixtures/demo loaded, each in a process of its own so that its peak
// resident memory is its own. Each figure is the median of three runs: on this 2-core machine one run's time moves
// by ±10 % from run to run. Usage: run_bench [--quick]  (--quick: one run of one case, one suite; the figures mean
// nothing then)
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
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

}  // namespace

int main(int argc, char** argv) {
    const bool quick = bds::bench::quick_mode(argc, argv);
    const std::vector<std::string> common = quick ? std::vector<std::string>{"run", "--cases", "1", "--seed", "7", "--suite", "pagination"}
                                                  : std::vector<std::string>{"run", "--cases", "100", "--seed", "7"};
    int failed = 0;
    for (const bool demo : {false, true}) {
        auto args = common;
        if (demo) args.insert(args.end(), {"--stub-data", BDS_DEMO_DATA});
        const Figures f = median_of(quick ? 1 : 3, args);
        const double goal_s = demo ? 15 : 10;
        std::printf("conformance run, bundled stub%s, %s, median of %d: %.1f s (goal <= %.0f s, ratio %.2f), peak %.0f MiB (goal <= 200, ratio %.2f)%s\n",
                    demo ? " with fixtures/demo" : "", quick ? "1 case, pagination" : "100 cases per property, every suite", quick ? 1 : 3, f.seconds, goal_s,
                    f.seconds / goal_s, f.peak_mib, f.peak_mib / 200, f.exit_code == 0 ? "" : "  (the run did not pass)");
        failed += f.exit_code != 0;
    }
    return failed ? 1 : 0;
}
