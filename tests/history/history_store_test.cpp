// The run history file: what an append keeps, what a read makes of many runs (pass rates, flaky, first failure,
// behaviour over time), the files it refuses, and two processes appending at once.
#include "history/history_store.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "certify/temp_dir.hpp"
#include "history/sqlite_file.hpp"

namespace bds::history {
namespace {

namespace fs = std::filesystem;

/// A fresh file name in a folder of its own, removed after the test.
class HistoryFile : public ::testing::Test {
protected:
    certify::TempDir dir_{"bds-history"};
    std::string path_ = (dir_.path() / "history.db").string();
};

run::CheckResult check(const std::string& id, run::Outcome outcome, std::vector<std::string> verifies = {}) {
    run::CheckResult r;
    r.id = id;
    r.suite = "sync";
    r.title = "title of " + id;
    r.verifies = std::move(verifies);
    r.outcome = outcome;
    r.requests = 10;
    r.duration_ms = 50;
    return r;
}

run::RunResult a_run(const std::string& release, std::uint64_t seed, std::vector<run::CheckResult> results) {
    run::RunResult run;
    run.target = "http://staging.example";
    run.release = release;
    run.harness_version = "0.1.0";
    run.seed = seed;
    run.cases = 5;
    run.started_at = "2026-11-27T10:00:0" + std::to_string(seed % 10) + "Z";
    run.run_prefix = "k7q";
    run.results = std::move(results);
    return run;
}

const Track& track(const std::vector<Track>& tracks, const std::string& id) {
    for (const auto& t : tracks)
        if (t.id == id) return t;
    throw std::runtime_error("no track " + id);
}

TEST_F(HistoryFile, AChecksOutcomesAcrossRunsGiveItsPassRateFirstFailureAndFlakiness) {
    using run::Outcome;
    // SYN-15 passes and fails within release 2.4.0: flaky. PAG-01 fails from 2.4.0 on, every time: broken, not flaky.
    append_run(path_,
               a_run("2.3.0", 1, {check("SYN-15", Outcome::Pass, {"000-4.4-check"}), check("PAG-01", Outcome::Pass)}));
    append_run(path_,
               a_run("2.3.0", 2, {check("SYN-15", Outcome::Pass, {"000-4.4-check"}), check("PAG-01", Outcome::Pass)}));
    append_run(path_,
               a_run("2.4.0", 3, {check("SYN-15", Outcome::Fail, {"000-4.4-check"}), check("PAG-01", Outcome::Fail)}));
    append_run(path_,
               a_run("2.4.0", 4, {check("SYN-15", Outcome::Pass, {"000-4.4-check"}), check("PAG-01", Outcome::Fail)}));
    const auto view = read_history(path_, {});
    ASSERT_EQ(view.runs.size(), 4u);
    EXPECT_EQ(view.runs[2].release, "2.4.0");
    EXPECT_EQ(view.runs[3].seed, 4u);
    const auto& syn = track(view.checks, "SYN-15");
    EXPECT_TRUE(syn.flaky);
    EXPECT_EQ(syn.passed, 3);
    EXPECT_EQ(syn.decided, 4);
    EXPECT_EQ(syn.first_failed, 2u);
    EXPECT_EQ(syn.text, "title of SYN-15");
    const auto& pag = track(view.checks, "PAG-01");
    EXPECT_FALSE(pag.flaky);
    EXPECT_EQ(*pag.pass_rate(), 0.5);
    EXPECT_EQ(pag.first_failed, 2u);
    const auto& statement = track(view.statements, "000-4.4-check");
    EXPECT_TRUE(statement.flaky);
    EXPECT_EQ(statement.level, "MUST");
    EXPECT_FALSE(statement.text.empty());  // the quote, from spec/requirements.json
}

TEST_F(HistoryFile, RunsOfOneReleaseAgreeWhateverTheirUrlAndRunsWithoutOneByUrl) {
    // A release served at two addresses (a fresh port a run, two staging hosts) is one build; without a release
    // label, a base URL is all that tells builds apart.
    auto at = [](std::string target, std::string release, std::uint64_t seed, run::Outcome outcome) {
        auto r = a_run(std::move(release), seed, {check("SYN-15", outcome)});
        r.target = std::move(target);
        return r;
    };
    append_run(path_, at("http://127.0.0.1:4001", "2.4.0", 1, run::Outcome::Pass));
    append_run(path_, at("http://127.0.0.1:4002", "2.4.0", 2, run::Outcome::Fail));
    EXPECT_TRUE(track(read_history(path_, {}).checks, "SYN-15").flaky);
    fs::remove(path_);
    append_run(path_, at("http://a.example", "", 1, run::Outcome::Pass));
    append_run(path_, at("http://b.example", "", 2, run::Outcome::Fail));
    EXPECT_FALSE(track(read_history(path_, {}).checks, "SYN-15").flaky);
}

TEST_F(HistoryFile, AFailureThatPassedOnARerunIsFlakyInOneRun) {
    auto failed = check("SYN-15", run::Outcome::Fail, {"000-4.4-check"});
    failed.reruns = {{7, run::Outcome::Fail}, {41, run::Outcome::Pass}};
    append_run(path_, a_run("2.4.0", 7, {failed, check("PAG-01", run::Outcome::Fail)}));
    const auto view = read_history(path_, {});
    ASSERT_EQ(view.runs.size(), 1u);
    EXPECT_EQ(view.runs[0].reruns, 1);
    const auto& syn = track(view.checks, "SYN-15");
    ASSERT_TRUE(syn.cells[0]);
    EXPECT_EQ(syn.cells[0]->outcome, run::Outcome::Fail);  // the failure still counts
    EXPECT_TRUE(syn.cells[0]->flaky);
    EXPECT_TRUE(syn.flaky);
    EXPECT_TRUE(track(view.statements, "000-4.4-check").flaky);
    EXPECT_FALSE(track(view.checks, "PAG-01").flaky);
}

TEST_F(HistoryFile, BehaviourIsKeptWithoutTheRunPrefixAndAChangedChoiceShowsWhereItChanged) {
    const auto observing = [](const std::string& text) {
        auto r = check("SYN-04", run::Outcome::Pass);
        r.level = Level::Observe;
        r.observations.push_back({text, std::nullopt});
        return r;
    };
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const std::string count = std::to_string(120 + seed);  // follows the seed: no change of behaviour
        append_run(path_, a_run(seed <= 2 ? "2.3.0" : "2.4.0", seed,
                                {observing("upserts (A-60): " + count + " became null (" +
                                           (seed <= 2 ? "replace" : "merge") + "), key k7q01x"),
                                 observing("malformed input answered " + std::string(seed <= 2 ? "400" : "422")),
                                 observing("rows counted: " + count)}));
    }
    const auto view = read_history(path_, {});
    std::map<std::string, const Behaviour*> by_start;
    for (const auto& b : view.behaviour) by_start[b.text.substr(0, 12)] = &b;
    const auto* merge = by_start.at("upserts (A-6");
    EXPECT_NE(merge->text.find("(merge), key ~01x"), std::string::npos) << merge->text;  // prefix removed
    EXPECT_EQ(merge->first, 2u);
    EXPECT_FALSE(merge->steady(runs_judging(view, "SYN-04")));
    const auto* status = by_start.at("malformed in");
    ASSERT_TRUE(status->changed_at);
    EXPECT_EQ(*status->changed_at, 2u);
    EXPECT_EQ(status->change, "400 → 422 from run #3");
    const auto* counted = by_start.at("rows counted");
    EXPECT_TRUE(counted->steady(runs_judging(view, "SYN-04"))) << counted->change;
    EXPECT_EQ(counted->change.rfind("values vary: ", 0), 0u);
}

TEST_F(HistoryFile, FiltersKeepTheRunsOfATargetOrReleaseSinceADateAndTheLastN) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed)
        append_run(path_, a_run(seed <= 2 ? "2.3.0" : "2.4.0", seed, {check("SYN-15", run::Outcome::Pass)}));
    EXPECT_EQ(read_history(path_, {.target = "2.4.0"}).runs.size(), 3u);
    EXPECT_EQ(read_history(path_, {.target = "http://staging.example"}).runs.size(), 5u);
    EXPECT_EQ(read_history(path_, {.since = "2026-11-27T10:00:04Z"}).runs.size(), 2u);
    const auto last = read_history(path_, {.last = 2});
    ASSERT_EQ(last.runs.size(), 2u);
    EXPECT_EQ(last.runs.front().id, 4);
    EXPECT_EQ(track(last.checks, "SYN-15").cells.size(), 2u);
}

TEST_F(HistoryFile, RefusesAFileThatIsNoHistoryOrOfANewerSchema) {
    EXPECT_THROW(read_history(path_, {}), HistoryError);  // none yet
    std::ofstream(path_) << "not a database at all, but long enough to be read as a header by SQLite ......\n";
    try {
        append_run(path_, a_run("", 1, {}));
        FAIL() << "appended to a text file";
    } catch (const HistoryError& e) {
        EXPECT_NE(std::string(e.what()).find("not a conformance history"), std::string::npos) << e.what();
    }
    fs::remove(path_);
    {
        SqliteFile other(path_, true);
        other.exec("CREATE TABLE invoices(id INTEGER)");
    }
    EXPECT_THROW(prepare_history(path_), HistoryError);
    fs::remove(path_);
    append_run(path_, a_run("", 1, {}));
    {
        SqliteFile newer(path_, false);
        newer.exec("PRAGMA user_version = 99");
    }
    try {
        read_history(path_, {});
        FAIL() << "read a newer schema";
    } catch (const HistoryError& e) {
        EXPECT_NE(std::string(e.what()).find("newer conformance"), std::string::npos) << e.what();
    }
}

TEST_F(HistoryFile, TwoProcessesAppendingAtOnceRecordEveryRun) {
    constexpr int kEach = 15;
    const auto append_many = [this](const std::string& release) {
        for (int i = 0; i < kEach; ++i) append_run(path_, a_run(release, i, {check("SYN-15", run::Outcome::Pass)}));
    };
    std::vector<pid_t> children;
    for (const std::string release : {"a", "b"}) {
        const pid_t pid = ::fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) {
            int code = 0;
            try {
                append_many(release);
            } catch (const std::exception& e) {
                std::fprintf(stderr, "writer %s: %s\n", release.c_str(), e.what());
                code = 1;
            }
            ::_exit(code);
        }
        children.push_back(pid);
    }
    for (const pid_t pid : children) {
        int status = 0;
        ASSERT_EQ(::waitpid(pid, &status, 0), pid);
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a writer failed";
    }
    EXPECT_EQ(read_history(path_, {.target = "a"}).runs.size(), static_cast<std::size_t>(kEach));
    EXPECT_EQ(read_history(path_, {.target = "b"}).runs.size(), static_cast<std::size_t>(kEach));
    EXPECT_EQ(track(read_history(path_, {}).checks, "SYN-15").decided, 2 * kEach);
}

}  // namespace
}  // namespace bds::history
