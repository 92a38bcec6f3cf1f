// Block and staged properties (run/block_property.hpp): every case judged in one block, without RapidCheck's lock; a
// failing case shrunk alone to its minimal counterexample; cases that fail only together cut down to the fewest.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>

#include "bundled/embedded_stub.hpp"
#include "generate/rapidcheck_adapter.hpp"
#include "run/block_property.hpp"
#include "run/runner.hpp"
#include "run/shrink_budget.hpp"
#include "run/suite_fixture.hpp"

namespace bds {
namespace {

constexpr int kCases = 40;

/// `run` as the one check of a run against the bundled stub, seed 1, kCases cases (`options` else).
run::CheckResult run_one(const std::function<void(Context&)>& run, run::RunOptions options = {}) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    const Check check{.id = "ZZZ-01", .title = "a block property", .run = run, .suite = "zzz"};
    options.seed = 1;
    options.cases = kCases;
    return test::result_of(run::run_checks(cat, stub.target, {check}, options), "ZZZ-01");
}

/// Findings for the cases `fails` picks, each marked as its case's.
void judge_each(Context& ctx, const std::vector<const int*>& cases, CaseMarks& marks,
                const std::function<bool(int)>& fails) {
    for (std::size_t p = 0; p < cases.size(); ++p) {
        marks.at(p);
        if (fails(*cases[p])) ctx.finding({.expected = "a value under 500", .actual = std::to_string(*cases[p])});
    }
}

TEST(BlockProperty, EveryCaseIsJudgedInOneBlockWithoutRapidChecksLock) {
    int blocks = 0;
    std::size_t judged = 0;
    bool lock_free = false;
    const auto r = run_one([&](Context& ctx) {
        for_all_blocks<int>(ctx, {"passes", [] { return *rc::gen::inRange(0, 1000); },
                                  [&](const std::vector<const int*>& cases, CaseMarks& marks) {
                                      ++blocks;
                                      judged += cases.size();
                                      // Another thread draws meanwhile: the judge does not hold gen::GenerationLock.
                                      auto other =
                                          std::async(std::launch::async, [] { const gen::GenerationLock drawing; });
                                      lock_free = other.wait_for(std::chrono::seconds(5)) == std::future_status::ready;
                                      judge_each(ctx, cases, marks, [](int) { return false; });
                                  }});
    });
    EXPECT_EQ(r.outcome, run::Outcome::Pass) << r.reason;
    EXPECT_EQ(blocks, 1);
    EXPECT_EQ(judged, static_cast<std::size_t>(kCases));
    EXPECT_EQ(r.cases, kCases);
    EXPECT_TRUE(lock_free) << "property checks on other threads must be able to draw while a block is judged";
}

TEST(BlockProperty, AFailingCaseIsShrunkAloneToTheMinimalCounterexample) {
    const auto r = run_one([&](Context& ctx) {
        for_all_blocks<int>(ctx, {"values under 500", [] { return *rc::gen::inRange(0, 1000); },
                                  [&](const std::vector<const int*>& cases, CaseMarks& marks) {
                                      judge_each(ctx, cases, marks, [](int v) { return v >= 500; });
                                  }});
    });
    ASSERT_EQ(r.outcome, run::Outcome::Fail) << r.reason;
    ASSERT_EQ(r.findings.size(), 1u) << "the findings of the minimal case only";
    EXPECT_EQ(r.findings[0].actual, "500");
    EXPECT_EQ(r.findings[0].counterexample, "500\n");
}

TEST(BlockProperty, CasesABlockJudgesConsecutiveCasesInBlocksOfThatManyAndShrinksALaterBlocksFailure) {
    // A property whose cases take key slots in turn (suites/common/written.hpp): blocks of at most 7 consecutive
    // draws, each judged before the next; every case fails from the second block on, and the first failing case of
    // the second block is shrunk alone (blocks of one) to the minimal counterexample.
    std::vector<std::size_t> blocks;
    const auto r = run_one([&](Context& ctx) {
        for_all_blocks<int>(ctx, {"no case after the first block", [] { return *rc::gen::inRange(0, 1000); },
                                  [&](const std::vector<const int*>& cases, CaseMarks& marks) {
                                      blocks.push_back(cases.size());
                                      judge_each(ctx, cases, marks, [&](int) { return blocks.size() > 1; });
                                  },
                                  7});
    });
    ASSERT_EQ(r.outcome, run::Outcome::Fail) << r.reason;
    ASSERT_GE(blocks.size(), 3u);
    EXPECT_EQ(blocks[0], 7u);
    EXPECT_EQ(blocks[1], 7u) << "the second block: the next 7 cases";
    for (std::size_t i = 2; i < blocks.size(); ++i) EXPECT_EQ(blocks[i], 1u) << "then cases alone";
    ASSERT_EQ(r.findings.size(), 1u);
    EXPECT_EQ(r.findings[0].actual, "0");
}

TEST(BlockProperty, AFailingCaseIsShrunkWithoutRapidChecksLockWhileItIsJudged) {
    int alone = 0;
    bool lock_free = true;
    const auto r = run_one([&](Context& ctx) {
        for_all_blocks<int>(
            ctx, {"values under 500", [] { return *rc::gen::inRange(0, 1000); },
                  [&](const std::vector<const int*>& cases, CaseMarks& marks) {
                      if (cases.size() == 1) {  // a case alone: a suspect, or a shrinking try
                          ++alone;
                          auto other = std::async(std::launch::async, [] { const gen::GenerationLock drawing; });
                          lock_free = lock_free && other.wait_for(std::chrono::seconds(5)) == std::future_status::ready;
                      }
                      judge_each(ctx, cases, marks, [](int v) { return v >= 500; });
                  }});
    });
    ASSERT_EQ(r.outcome, run::Outcome::Fail) << r.reason;
    ASSERT_EQ(r.findings.size(), 1u);
    EXPECT_EQ(r.findings[0].counterexample, "500\n");
    EXPECT_GT(alone, 2) << "shrunk case by case";
    EXPECT_TRUE(lock_free) << "a check that shrinks must let property checks on other threads draw";
}

TEST(BlockProperty, ThePropertiesOfARunShareOneShrinkingBudget) {
    // Three failing properties, a run's budget of 5 tries: the first shrinks 5 tries, the others not at all; each
    // still fails with its counterexample, saying why it was cut short.
    run::RunOptions options;
    options.run_shrink_tries = 5;
    const auto r = run_one(
        [&](Context& ctx) {
            for (int p = 0; p < 3; ++p)
                for_all_blocks<int>(ctx, {"values under 500", [] { return *rc::gen::inRange(0, 1000); },
                                          [&](const std::vector<const int*>& cases, CaseMarks& marks) {
                                              judge_each(ctx, cases, marks, [](int v) { return v >= 500; });
                                          }});
        },
        options);
    ASSERT_EQ(r.outcome, run::Outcome::Fail) << r.reason;
    ASSERT_EQ(r.findings.size(), 3u);
    const std::string budget = "the run's budget for shrinking, 5 tries and 8 s shared by the run's checks, was spent";
    EXPECT_NE(r.findings[0].counterexample.find("(shrinking stopped after 5 tries: " + budget), std::string::npos)
        << r.findings[0].counterexample;
    for (std::size_t i : {1u, 2u}) {
        EXPECT_NE(r.findings[i].counterexample.find("(shrinking did not begin: " + budget), std::string::npos)
            << r.findings[i].counterexample;
        EXPECT_GE(std::stoi(r.findings[i].actual), 500) << "a failing case, not shrunk";
    }
    EXPECT_EQ(r.replay.rfind("conformance run --check ZZZ-01 --seed 1", 0), 0u) << r.replay;
}

TEST(ShrinkBudget, EndsWithItsTriesOrItsTime) {
    run::ShrinkBudget tries(2, std::chrono::seconds(8));
    EXPECT_TRUE(tries.take());
    EXPECT_TRUE(tries.take());
    EXPECT_FALSE(tries.take());
    EXPECT_TRUE(tries.spent());
    run::ShrinkBudget time(600, std::chrono::seconds(8));
    EXPECT_TRUE(time.take());
    time.spend(std::chrono::seconds(5));
    EXPECT_FALSE(time.spent());
    time.spend(std::chrono::seconds(3));
    EXPECT_TRUE(time.spent());
    EXPECT_FALSE(time.take());
    EXPECT_EQ(time.text(), "600 tries and 8 s shared by the run's checks");
}

TEST(BlockProperty, CasesFailingOnlyTogetherAreCutDownToThePair) {
    int next = 0;
    const auto r = run_one([&](Context& ctx) {
        for_all_blocks<int>(ctx, {"3 and 8 never together", [&] { return next++; },
                                  [&](const std::vector<const int*>& cases, CaseMarks&) {
                                      const auto has = [&](int v) {
                                          return std::any_of(cases.begin(), cases.end(),
                                                             [&](const int* c) { return *c == v; });
                                      };
                                      if (has(3) && has(8))
                                          ctx.finding({.expected = "3 and 8 never sent together", .actual = "both"});
                                  }});
    });
    ASSERT_EQ(r.outcome, run::Outcome::Fail) << r.reason;
    ASSERT_EQ(r.findings.size(), 1u);
    EXPECT_EQ(r.findings[0].counterexample,
              "these 2 cases fail sent together in one block; each passes alone:\n3\n8\n");
}

TEST(BlockProperty, AStagedCaseRunsOnceWhenItPasses) {
    int drawn = 0;
    std::atomic<int> run = 0;  // the cases run on lanes at once
    const auto r = run_one([&](Context& ctx) {
        for_all_staged(ctx, "staged", [&] {
            ++drawn;
            const int v = *rc::gen::inRange(0, 10);
            return StagedCase{[&run, v](Context&) { run += v >= 0 ? 1 : 0; }};
        });
    });
    EXPECT_EQ(r.outcome, run::Outcome::Pass) << r.reason;
    EXPECT_EQ(drawn, kCases);
    EXPECT_EQ(run, kCases);
}

TEST(BlockProperty, AFailingStagedCaseIsShrunk) {
    const auto r = run_one([&](Context& ctx) {
        for_all_staged(ctx, "staged values under 500", [&] {
            const int v = *rc::gen::inRange(0, 1000);
            return StagedCase{[v](Context& lane) {
                if (v >= 500) lane.finding({.expected = "a value under 500", .actual = std::to_string(v)});
            }};
        });
    });
    ASSERT_EQ(r.outcome, run::Outcome::Fail) << r.reason;
    ASSERT_EQ(r.findings.size(), 1u);
    EXPECT_EQ(r.findings[0].counterexample, "500\n");
}

TEST(BlockProperty, AStopEndsTheDrawsAtOnceAndTheCheckIsInError) {
    // A thousand draws under RapidCheck's lock would outlast a stop and hold up every check waiting for the lock.
    int drawn = 0;
    const auto r = run_one([&](Context& ctx) {
        for_all_staged(ctx, "staged", [&] {
            if (++drawn == 5) ctx.api.http().limits()->stop("stopped by the test");
            return StagedCase{[v = *rc::gen::inRange(0, 10)](Context&) { (void)v; }};
        });
    });
    EXPECT_EQ(drawn, 5);
    EXPECT_EQ(r.outcome, run::Outcome::Error);
    EXPECT_NE(r.reason.find("stopped by the test"), std::string::npos) << r.reason;
}

TEST(ForAll, AStopEndsTheCasesAtOnceAndTheCheckIsInError) {
    int runs = 0;
    const auto r = run_one([&](Context& ctx) {
        for_all(ctx, "cases", [&] {
            (void)*rc::gen::inRange(0, 10);
            if (++runs == 5) ctx.api.http().limits()->stop("stopped by the test");
        });
    });
    EXPECT_EQ(runs, 5);
    EXPECT_EQ(r.outcome, run::Outcome::Error);
    EXPECT_NE(r.reason.find("stopped by the test"), std::string::npos) << r.reason;
}

/// `n` findings, each its own.
void findings(Context& ctx, int n) {
    for (int i = 0; i < n; ++i) ctx.finding({.expected = "nothing", .actual = "finding " + std::to_string(i)});
}

TEST(FindingsKept, AreBoundedPerCheckAndTheRestCounted) {
    const auto many = run_one([](Context& ctx) { findings(ctx, static_cast<int>(run::kMaxFindingsKept) + 10); });
    EXPECT_EQ(many.outcome, run::Outcome::Fail);
    EXPECT_EQ(many.findings.size(), run::kMaxFindingsKept);
    EXPECT_EQ(many.findings.front().actual, "finding 0") << "the first ones are kept";
    EXPECT_EQ(many.findings_not_kept, 10u);
    EXPECT_EQ(run::not_kept_text(many), "10 more findings not kept (a check keeps 50)");

    const auto few = run_one([](Context& ctx) { findings(ctx, 3); });
    EXPECT_EQ(few.findings.size(), 3u) << "findings under the bound are all kept";
    EXPECT_EQ(few.findings_not_kept, 0u);
    EXPECT_EQ(run::not_kept_text(few), "");
}

TEST(FindingsKept, PastTheBoundAFailingPropertyStillFails) {
    // The check's findings are at the bound before its property: the property's failing cases keep nothing, yet they
    // are found failing, shrunk, and their finding counted.
    const auto after = static_cast<int>(run::kMaxFindingsKept) + 10;
    const auto property = run_one([&](Context& ctx) {
        findings(ctx, after);
        for_all(ctx, "values under 500", [&] {
            const int v = *rc::gen::inRange(0, 1000);
            if (v >= 500) ctx.finding({.expected = "a value under 500", .actual = std::to_string(v)});
        });
    });
    EXPECT_EQ(property.outcome, run::Outcome::Fail) << property.reason;
    EXPECT_EQ(property.findings.size(), run::kMaxFindingsKept);
    EXPECT_EQ(property.findings_not_kept, 11u) << "the minimal case's one finding, counted";
    const auto block = run_one([&](Context& ctx) {
        findings(ctx, after);
        for_all_blocks<int>(ctx, {"values under 500", [] { return *rc::gen::inRange(0, 1000); },
                                  [&](const std::vector<const int*>& cases, CaseMarks& marks) {
                                      judge_each(ctx, cases, marks, [](int v) { return v >= 500; });
                                  }});
    });
    EXPECT_EQ(block.outcome, run::Outcome::Fail) << block.reason;
    EXPECT_EQ(block.findings_not_kept, 11u) << "the minimal case's one finding, counted";
}

TEST(ObservationsKept, AreBoundedPerCheckAndTheRestCounted) {
    const auto r = run_one([](Context& ctx) {
        for (std::size_t i = 0; i < run::kMaxObservationsKept + 5; ++i) ctx.observe("seen " + std::to_string(i));
        ctx.observe("seen 0");  // the same text again is dropped, not counted
    });
    EXPECT_EQ(r.observations.size(), run::kMaxObservationsKept);
    EXPECT_EQ(r.observations_not_kept, 5u);
    EXPECT_EQ(run::not_kept_text(r), "5 more observations not kept (a check keeps 100)");
}

}  // namespace
}  // namespace bds
