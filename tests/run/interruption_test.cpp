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
    const auto t0 = run::Interruption::Clock::now();
    interruption.interrupt("SIGINT", t0);
    std::vector<std::pair<std::string, int>> heard;
    {
        const auto listening =
            interruption.listen([&](const std::string& signal, int count) { heard.emplace_back(signal, count); });
        EXPECT_THROW(static_cast<void>(interruption.listen([](const std::string&, int) {})), std::logic_error)
            << "one run at a time";
        interruption.interrupt("SIGTERM", t0 + run::kInsistAfter);  // a second that is meant
    }
    interruption.interrupt("SIGHUP", t0 + 2 * run::kInsistAfter);
    EXPECT_EQ(heard, (std::vector<std::pair<std::string, int>>{{"SIGINT", 1}, {"SIGTERM", 2}}));
    EXPECT_EQ(interruption.count(), 3);
    EXPECT_EQ(interruption.first(), "SIGINT");
}

TEST(Interruption, ASignalSentTwiceIsOneRequestAndOnlyASecondThatIsMeantSkipsTheCleanUp) {
    using namespace std::chrono_literals;
    using run::Intent;
    struct Case {
        const char* what;
        std::vector<std::pair<std::string, std::chrono::milliseconds>> signals;  // each signal and when, from the first
        std::vector<Intent> intents;
    };
    const std::vector<Case> cases{
        {"GNU timeout: the program, then its process group",
         {{"SIGTERM", 0ms}, {"SIGTERM", 0ms}},
         {Intent::First, Intent::Again}},
        {"a SIGTERM again within 2 s", {{"SIGTERM", 0ms}, {"SIGTERM", 1500ms}}, {Intent::First, Intent::Again}},
        {"any signal 2 s after the first", {{"SIGTERM", 0ms}, {"SIGHUP", 2000ms}}, {Intent::First, Intent::Second}},
        {"Ctrl-C passed on by a wrapper, then pressed again a second later",
         {{"SIGINT", 0ms}, {"SIGINT", 1ms}, {"SIGINT", 1000ms}, {"SIGTERM", 1001ms}},
         {Intent::First, Intent::Again, Intent::Second, Intent::Later}},
        {"a SIGINT after a SIGTERM", {{"SIGTERM", 0ms}, {"SIGINT", 600ms}}, {Intent::First, Intent::Second}},
        {"GitHub's cancel: SIGINT, then SIGTERM 7.5 s later",
         {{"SIGINT", 0ms}, {"SIGTERM", 7500ms}},
         {Intent::First, Intent::Second}},
    };
    for (const auto& c : cases) {
        run::Interruption interruption;
        std::vector<std::pair<std::string, int>> heard;
        const auto listening =
            interruption.listen([&](const std::string& signal, int count) { heard.emplace_back(signal, count); });
        const auto t0 = run::Interruption::Clock::now();
        std::vector<Intent> intents;
        std::vector<std::pair<std::string, int>> told;
        for (const auto& [signal, after] : c.signals) {
            const Intent predicted = interruption.intent_of(signal, t0 + after);
            const Intent intent = interruption.interrupt(signal, t0 + after);
            EXPECT_EQ(predicted, intent) << c.what << ": what a signal would mean is what it means";
            intents.push_back(intent);
            if (intent == Intent::First || intent == Intent::Second)
                told.emplace_back(signal, intent == Intent::First ? 1 : 2);
        }
        EXPECT_EQ(intents, c.intents) << c.what;
        EXPECT_EQ(heard, told) << c.what << ": the listener hears the first and a meant second only";
        EXPECT_EQ(interruption.count(), static_cast<int>(c.signals.size())) << c.what;
        EXPECT_EQ(interruption.first(), c.signals.front().first) << c.what;
    }
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
    using namespace std::chrono_literals;
    // One SIGTERM; one sent twice at once (GNU timeout signals the program and its process group): the clean-up runs
    // whole. A SIGINT a second after it (a person pressing Ctrl-C again): the clean-up is skipped.
    enum class Signals { Once, TwiceAtOnce, ASecondLater };
    for (const Signals signals : {Signals::Once, Signals::TwiceAtOnce, Signals::ASecondLater}) {
        auto stub = bundled::start_embedded_stub(cat, {});
        // SYN-01 writes; then a check interrupts and waits, so that the interrupts come while checks run.
        run::Interruption interruption;
        auto checks = select_checks(all_checks(), {}, {"SYN-01"});
        const Check waiting{.id = "ZZZ-02",
                            .title = "waits",
                            .resources = {"CliFor"},
                            .run =
                                [&](Context& ctx) {
                                    const auto t0 = run::Interruption::Clock::now();
                                    interruption.interrupt("SIGTERM", t0);
                                    if (signals == Signals::TwiceAtOnce) interruption.interrupt("SIGTERM", t0);
                                    if (signals == Signals::ASecondLater) interruption.interrupt("SIGINT", t0 + 1s);
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
        if (signals != Signals::ASecondLater) {
            EXPECT_EQ(note, "") << "one request to stop: the clean-up runs whole";
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
