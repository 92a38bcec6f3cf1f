// `conformance diff` on two live runs of the bundled stub (one seed): the default stub, then three choices changed
// (A-01 owin, A-12 hidden, A-84 422) and one defect (feed-local-time, which CHG-01 catches). The diff must list
// exactly those and nothing else; a report against itself lists nothing; a file that is not a report is a usage
// error naming it; and `run --baseline F --report diff-json=F` writes the same comparison. The two runs are made once
// for every process of the suite (shared_runs).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <system_error>

#include "test_paths.hpp"

namespace bds {
namespace {

const std::string kRun = "run --suite auth,filters,deletion,changes --seed 7 --cases 10 ";

/// The two runs, into `dir`: the default stub, then three choices changed and one defect.
void make_runs(const std::filesystem::path& dir) {
    const auto base = test::run_conformance(kRun + "--report json=" + (dir / "base.json").string(), true);
    ASSERT_EQ(base.code, 0) << base.out;
    const auto next = test::run_conformance(kRun +
                                                "--stub-choose A-01=owin,A-12=hidden,A-84=422 "
                                                "--stub-defect feed-local-time --report json=" +
                                                (dir / "next.part.json").string(),
                                            true);
    ASSERT_EQ(next.code, 1) << next.out;
    std::filesystem::rename(dir / "next.part.json", dir / "next.json");
}

/// Copies the two runs' reports into `into`. ctest starts each test in a process of its own, and the runs take most
/// of a minute under the sanitizers: the first process to take the lock makes them, beside the program under test and
/// keyed by its modification time, and the others copy them.
void shared_runs(const std::filesystem::path& into) {
    namespace fs = std::filesystem;
    const auto exe = test::conformance_exe();
    const std::string name = "diff-command-" + std::to_string(fs::last_write_time(exe).time_since_epoch().count());
    const auto cache = exe.parent_path() / "test-cache";
    const auto dir = cache / name;
    fs::create_directories(dir);
    const int lock = ::open((dir / "lock").c_str(), O_CREAT | O_RDWR, 0644);
    ASSERT_GE(lock, 0) << dir;
    ::flock(lock, LOCK_EX);
    if (!fs::exists(dir / "next.json")) {
        std::error_code ignored;  // the runs of an older program
        for (const auto& old : fs::directory_iterator(cache, ignored))
            if (old.path().filename() != name) fs::remove_all(old.path(), ignored);
        make_runs(dir);
    }
    ::flock(lock, LOCK_UN);
    ::close(lock);
    if (::testing::Test::HasFatalFailure()) return;
    for (const char* report : {"base.json", "next.json"}) fs::copy_file(dir / report, into / report);
}

class DiffCommand : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new test::TempFolder("diff-command");
        shared_runs(dir_->path);
    }
    static void TearDownTestSuite() {
        delete dir_;
        dir_ = nullptr;
    }
    static std::string file(const std::string& name) { return (dir_->path / name).string(); }

private:
    static inline test::TempFolder* dir_ = nullptr;
};

TEST_F(DiffCommand, ListsExactlyTheThreeChoicesAndTheDefect) {
    const auto r = test::run_conformance(
        "diff " + file("base.json") + " " + file("next.json") + " --timing-threshold 0 --report json=-", false);
    EXPECT_EQ(r.code, 1) << "CHG-01, a MUST check, newly fails";
    const auto d = nlohmann::json::parse(r.out);
    EXPECT_EQ(d["must_newly_failing"], nlohmann::json::array({"CHG-01"}));
    ASSERT_EQ(d["outcomes"].size(), 1u) << d["outcomes"].dump();
    EXPECT_EQ(d["outcomes"][0]["id"], "CHG-01");
    EXPECT_EQ(d["outcomes"][0]["before"], "pass");
    EXPECT_EQ(d["outcomes"][0]["after"], "fail");
    ASSERT_FALSE(d["new_failures"].empty());
    for (const auto& f : d["new_failures"]) EXPECT_EQ(f["id"], "CHG-01") << f.dump();
    EXPECT_TRUE(d["fixed_failures"].empty()) << d["fixed_failures"].dump();
    EXPECT_TRUE(d["only_in_base"].empty());
    EXPECT_TRUE(d["only_in_new"].empty());
    EXPECT_TRUE(d["timing"].is_null()) << "--timing-threshold 0 compares no timing";

    // One observation change per choice, each paired (before and after) and citing its rows: A-01 (the token
    // response), A-12 (deleted rows), and A-84's status of a malformed RecordSelection, which FIL-05 writes under
    // its row A-19 (spec/assumptions.md: "the status: A-84").
    std::map<std::string, nlohmann::json> by_check;
    for (const auto& o : d["observations"]) by_check[o["id"]] = o;
    ASSERT_EQ(d["observations"].size(), 3u) << d["observations"].dump(1);
    ASSERT_EQ(by_check.size(), 3u) << d["observations"].dump(1);
    EXPECT_EQ(by_check["AUTH-01"]["assumptions"], nlohmann::json::array({"A-01", "A-03"}));
    EXPECT_NE(by_check["AUTH-01"]["after"].get<std::string>().find("userName"), std::string::npos);
    EXPECT_EQ(by_check["DEL-04"]["assumptions"], nlohmann::json::array({"A-12"}));
    EXPECT_EQ(by_check["DEL-04"]["before"], "GET resources shows logically deleted records (A-12)");
    EXPECT_EQ(by_check["DEL-04"]["after"], "GET resources leaves logically deleted records out (A-12)");
    EXPECT_EQ(by_check["FIL-05"]["assumptions"], nlohmann::json::array({"A-19", "A-43"}));
    EXPECT_TRUE(by_check["FIL-05"]["before"].get<std::string>().starts_with("malformed RecordSelection answered 400"));
    EXPECT_TRUE(by_check["FIL-05"]["after"].get<std::string>().starts_with("malformed RecordSelection answered 422"));
}

TEST_F(DiffCommand, PrintsMarkdownByDefault) {
    const auto r = test::run_conformance("diff " + file("base.json") + " " + file("next.json"), false);
    EXPECT_EQ(r.code, 1);
    // Ids as written (Markdown needs no escape of `-`); the changed observation is a row of the folded details.
    EXPECT_TRUE(r.out.starts_with("### Conformance diff: ❌ MUST checks newly failing: CHG-01")) << r.out;
    EXPECT_NE(r.out.find("| DEL-04 | A-12 | GET resources shows"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("\\-"), std::string::npos) << r.out;
}

TEST_F(DiffCommand, AReportWithItselfListsNothing) {
    const auto r = test::run_conformance(
        "diff " + file("next.json") + " " + file("next.json") + " --report md=" + file("same.md") + " --report json=-",
        false);
    EXPECT_EQ(r.code, 0) << "a failure both runs have is no new one";
    const auto d = nlohmann::json::parse(r.out);
    for (const char* key :
         {"outcomes", "new_failures", "fixed_failures", "observations", "timing", "must_newly_failing"})
        EXPECT_TRUE(d[key].empty()) << key << ": " << d[key].dump();
    EXPECT_NE(test::read_text(file("same.md")).find("No outcome, failure, observation or timing changed."),
              std::string::npos);
}

TEST_F(DiffCommand, AFileThatIsNoReportIsAUsageErrorNamingIt) {
    std::ofstream(file("wrong.json")) << R"({"checks": 3})";
    std::ofstream(file("text.json")) << "not JSON";
    const auto wrong = test::run_conformance("diff " + file("base.json") + " " + file("wrong.json"), true);
    EXPECT_EQ(wrong.code, 2);
    EXPECT_NE(wrong.out.find(file("wrong.json") + " is not a JSON report"), std::string::npos) << wrong.out;
    EXPECT_NE(wrong.out.find(": at /target: missing"), std::string::npos) << "where, as a JSON pointer: " << wrong.out;
    const auto text = test::run_conformance("diff " + file("text.json") + " " + file("base.json"), true);
    EXPECT_EQ(text.code, 2);
    EXPECT_NE(text.out.find(file("text.json") + " is not JSON"), std::string::npos) << text.out;
    const auto missing = test::run_conformance("diff " + file("base.json") + " " + file("none.json"), true);
    EXPECT_EQ(missing.code, 2);
    EXPECT_NE(missing.out.find("cannot read " + file("none.json")), std::string::npos) << missing.out;
    const auto format = test::run_conformance(
        "diff " + file("base.json") + " " + file("base.json") + " --report junit=" + file("x.xml"), true);
    EXPECT_EQ(format.code, 2) << format.out;
}

TEST_F(DiffCommand, ARunWritesItsDiffWithTheBaseline) {
    const auto r = test::run_conformance("run --suite auth --seed 7 --baseline " + file("base.json") +
                                             " --report diff-json=" + file("run-diff.json") +
                                             " --report diff-md=" + file("run-diff.md"),
                                         true);
    EXPECT_EQ(r.code, 0) << r.out;
    const auto d = nlohmann::json::parse(test::read_text(file("run-diff.json")));
    EXPECT_EQ(d["base"]["label"], file("base.json"));
    EXPECT_TRUE(d["outcomes"].empty()) << d["outcomes"].dump();
    EXPECT_TRUE(d["observations"].empty()) << d["observations"].dump();
    EXPECT_FALSE(d["only_in_base"].empty()) << "the baseline ran more suites";
    EXPECT_TRUE(d["only_in_new"].empty());
    EXPECT_TRUE(test::read_text(file("run-diff.md")).starts_with("### Conformance diff: ✅"));

    const auto without = test::run_conformance("run --suite auth --report diff-md=" + file("x.md"), true);
    EXPECT_EQ(without.code, 2);
    EXPECT_NE(without.out.find("give --baseline F"), std::string::npos) << without.out;
}

}  // namespace
}  // namespace bds
