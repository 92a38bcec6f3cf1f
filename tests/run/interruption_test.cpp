// A run interrupted from outside (run/interruption.hpp; the signals themselves: tests/cli/interrupts_test.cpp): it
// stops at once wherever it is (a check waiting, the wait for a target), says why, cleans up, and its verdict is
// "interrupted" whatever else it found.
#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <thread>

#include "bundled/embedded_stub.hpp"
#include "catalogue/catalogue.hpp"
#include "client/raw_server.hpp"
#include "run/interruption.hpp"
#include "run/runner.hpp"
#include "run/suite_fixture.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

/// Interrupts `interruption` with `signal` after `after`, on a thread of its own, joined when this goes.
struct InterruptLater {
    std::thread thread;
    InterruptLater(run::Interruption& interruption, std::chrono::milliseconds after, std::string signal = "SIGTERM")
        : thread([&interruption, after, signal] {
              std::this_thread::sleep_for(after);
              interruption.interrupt(signal);
          }) {}
    ~InterruptLater() { thread.join(); }
};

/// `checks` run with `options`, interrupted by `signal` after `after`.
run::RunResult run_interrupted(const Catalogue& cat, const client::TargetConfig& target,
                               const std::vector<Check>& checks, run::RunOptions options,
                               std::chrono::milliseconds after, const std::string& signal = "SIGTERM") {
    run::Interruption interruption;
    options.interruption = &interruption;
    const InterruptLater later(interruption, after, signal);
    return run::run_checks(cat, target, checks, options);
}

TEST(Interruption, AListenerHearsTheInterruptsThatCameBeforeItAndNoneAfterItGoes) {
    run::Interruption interruption;
    interruption.interrupt("SIGINT");
    std::vector<std::pair<std::string, int>> heard;
    {
        const auto listening =
            interruption.listen([&](const std::string& signal, int count) { heard.emplace_back(signal, count); });
        EXPECT_THROW(static_cast<void>(interruption.listen([](const std::string&, int) {})), std::logic_error)
            << "one run at a time";
        interruption.interrupt("SIGTERM");
    }
    interruption.interrupt("SIGHUP");
    EXPECT_EQ(heard, (std::vector<std::pair<std::string, int>>{{"SIGINT", 1}, {"SIGTERM", 2}}));
    EXPECT_EQ(interruption.count(), 3);
    EXPECT_EQ(interruption.first(), "SIGINT");
}

TEST(Interruption, TheExitCodeIsTheOneShellsGiveForTheSignal) {
    EXPECT_EQ(run::interrupt_exit_code("SIGHUP"), 129);
    EXPECT_EQ(run::interrupt_exit_code("SIGINT"), 130);
    EXPECT_EQ(run::interrupt_exit_code("SIGTERM"), 143);
    EXPECT_EQ(run::interrupt_exit_code("SIGKILL"), 0);
}

TEST(Interruption, AWaitingCheckIsCutAndTheChecksNotStartedSaySo) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    const Check waiting = test::waiting_an_hour();
    std::vector<Check> checks{waiting};
    const auto more = select_checks(all_checks(), {}, {"PAG-01", "PAG-02", "PAG-03", "SYN-01"});
    checks.insert(checks.end(), more.begin(), more.end());
    run::RunOptions options;
    options.cases = 100;
    const auto t0 = Clock::now();
    const auto result = run_interrupted(cat, stub.target, checks, options, std::chrono::milliseconds(500));
    EXPECT_LT(seconds_since(t0), 5.0) << "the wait was not cut";
    EXPECT_EQ(result.verdict(), run::Verdict::Interrupted);
    EXPECT_EQ(result.interrupted, "SIGTERM");
    EXPECT_EQ(result.stopped, "interrupted by SIGTERM");
    EXPECT_EQ(run::verdict_text(result).rfind("interrupted by SIGTERM", 0), 0u) << run::verdict_text(result);
    bool said = false;
    for (const auto& r : result.results) said = said || r.reason.find("interrupted by SIGTERM") != std::string::npos;
    EXPECT_TRUE(said) << test::describe(result);
}

TEST(Interruption, AnInterruptBeforeTheRunStopsItBeforeAnyCheck) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    run::Interruption interruption;
    interruption.interrupt("SIGINT");  // while the bundled stub started, say
    run::RunOptions options;
    options.interruption = &interruption;
    const auto result = run::run_checks(cat, stub.target, select_checks(all_checks(), {"auth"}, {}), options);
    EXPECT_EQ(result.verdict(), run::Verdict::Interrupted);
    for (const auto& r : result.results) {
        EXPECT_EQ(r.outcome, run::Outcome::Skip) << r.id;
        EXPECT_EQ(r.reason, "not run: interrupted by SIGINT") << r.id;
    }
    EXPECT_EQ(result.records_written, 0u);
}

TEST(Interruption, AnInterruptEndsTheWaitForATarget) {
    int port = 0;
    {
        test::RawServer gone([](test::RawConnection&) {});
        port = gone.port();
    }
    const Catalogue cat = builtin_catalogue();
    auto target = bundled::stub_target({}, "http://127.0.0.1:" + std::to_string(port));
    target.timeout_ms = 300;
    run::RunOptions options;
    options.wait_for_target_s = 600;
    const auto t0 = Clock::now();
    const auto result = run_interrupted(cat, target, select_checks(all_checks(), {}, {"AUTH-01"}), options,
                                        std::chrono::milliseconds(800), "SIGHUP");  // no Unreachable
    EXPECT_LT(seconds_since(t0), 4.0);
    EXPECT_EQ(result.verdict(), run::Verdict::Interrupted);
    EXPECT_EQ(test::result_of(result, "AUTH-01").reason, "not run: interrupted by SIGHUP");
}

TEST(Interruption, TheCleanUpOfAnInterruptedRunLeavesNothingActiveAndASecondInterruptSkipsIt) {
    const Catalogue cat = builtin_catalogue();
    for (const bool twice : {false, true}) {
        auto stub = bundled::start_embedded_stub(cat, {});
        // SYN-01 writes; then a check interrupts (once or twice) and waits, so that the interrupts come while checks
        // run.
        run::Interruption interruption;
        auto checks = select_checks(all_checks(), {}, {"SYN-01"});
        const Check waiting{.id = "ZZZ-02",
                            .title = "waits",
                            .resources = {"CliFor"},
                            .run =
                                [&](Context& ctx) {
                                    interruption.interrupt("SIGTERM");
                                    if (twice) interruption.interrupt("SIGINT");
                                    ctx.wait_for(std::chrono::hours(1));
                                },
                            .suite = "zzz"};
        checks.push_back(waiting);
        run::RunOptions options;
        options.interruption = &interruption;
        options.cases = 20;
        const auto result = run::run_checks(cat, stub.target, checks, options);
        EXPECT_EQ(result.verdict(), run::Verdict::Interrupted);
        ASSERT_GT(result.records_written, 0u) << test::describe(result);
        std::string note;
        for (const auto& n : result.notes)
            if (n.find("clean-up") != std::string::npos) note = n;
        if (!twice) {
            EXPECT_EQ(note, "") << "one signal: the clean-up runs whole";
            continue;
        }
        std::smatch m;
        ASSERT_TRUE(std::regex_search(
            note, m, std::regex(R"(^a second signal \(SIGINT\) skipped the clean-up: (\d+) of (\d+) records)")))
            << note;
        EXPECT_EQ(m[1], m[2]) << "it came before the clean-up began: " << note;
        EXPECT_GT(std::stol(m[1]), 0) << note;
    }
}

}  // namespace
}  // namespace bds
