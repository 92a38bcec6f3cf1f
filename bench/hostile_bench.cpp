// Prints what a run at the default settings costs against each hostile target (tests/cli/hostile_servers.cpp: the
// targets of tests/cli/hostile_targets_test.cpp, by name): its time, requests, peak memory, exit code and verdict, and
// the checks it spent longest in. Two runs go at once, as on a shared CI machine of two cores: the targets are taken
// two by two, and each of a pair runs beside the other.
// Usage: hostile_bench [--conformance PATH] [--runs N] [NAME …]   (default: every target, once; PATH: another build's
// program, e.g. a copy of main's, to compare)
//        hostile_bench --serve NAME   (starts that target alone, prints its base URL and what a run adds to the command
// line, and serves until its input ends: for a run by hand, under /usr/bin/time -v say)
#include <cstdio>
#include <cstring>
#include <future>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "cli/hostile_servers.hpp"
#include "test_paths.hpp"

namespace {

using bds::test::Finished;
using bds::test::HostileTarget;

/// A run against `target` started here, at the default settings.
Finished run_once(const std::string& exe, const HostileTarget& target) {
    const auto running = target.start();
    return bds::test::run_against(exe, running->base_url(), running->args(), 600);
}

void print(const HostileTarget& target, const Finished& f) {
    const auto doc = nlohmann::json::parse(f.reports.at("json"), nullptr, false);
    const bool read = doc.is_object();
    std::printf("%-15s %7.1f s %7ld requests %6ld MiB  exit %d  %s%s\n", target.name.c_str(), f.seconds,
                read ? doc.value("requests", 0L) : -1L, f.max_rss_kb / 1024, f.code,
                read ? doc.value("verdict", "?").c_str() : "(no JSON report)", f.killed ? " (killed)" : "");
    if (read) std::cout << bds::test::slowest_checks(f.reports.at("json"));
    std::fflush(stdout);
}

}  // namespace

/// Serves target `name` until standard input ends.
int serve(const std::string& name) {
    const auto running = bds::test::hostile_target(name).start();
    std::cout << running->base_url();
    for (const auto& a : running->args()) std::cout << " " << a;
    std::cout << std::endl;
    for (std::string line; std::getline(std::cin, line);) {
    }
    return 0;
}

int main(int argc, char** argv) {
    if (argc == 3 && std::strcmp(argv[1], "--serve") == 0) return serve(argv[2]);
    std::string exe = bds::test::conformance_exe().string();
    int runs = 1;
    std::vector<const HostileTarget*> targets;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--conformance") == 0 && i + 1 < argc) {
            exe = argv[++i];
        } else if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
            runs = std::max(1, std::atoi(argv[++i]));
        } else {
            try {
                targets.push_back(&bds::test::hostile_target(argv[i]));
            } catch (const std::out_of_range&) {
                std::cerr << "hostile_bench: no target named " << argv[i] << "; the targets:";
                for (const auto& t : bds::test::hostile_targets()) std::cerr << " " << t.name;
                std::cerr << "\n";
                return 2;
            }
        }
    }
    if (targets.empty())
        for (const auto& t : bds::test::hostile_targets()) targets.push_back(&t);
    std::cout << "conformance: " << exe << "\n";
    // Two at once: a target and the next; an odd one out runs beside another run against itself.
    for (int run = 0; run < runs; ++run)
        for (std::size_t i = 0; i < targets.size(); i += 2) {
            const HostileTarget& a = *targets[i];
            const HostileTarget& b = *targets[i + 1 < targets.size() ? i + 1 : i];
            auto second = std::async(std::launch::async, [&] { return run_once(exe, b); });
            const Finished first = run_once(exe, a);
            const Finished beside = second.get();
            print(a, first);
            if (&a != &b) print(b, beside);
        }
    return 0;
}
