// `--report FORMAT=FILE` files as CI reads them: written whole or not at all (docs/verdict-and-reports.md, "The
// verdict"), never an empty or half-written file in place of the last good one, and a report that cannot be written
// said, with an exit that does not pass the gate.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "test_paths.hpp"

namespace bds {
namespace {

namespace fs = std::filesystem;

using Folder = test::TempFolder;

/// `conformance ARGS…` with files limited to `max_file_bytes` (a full disk, as root too); its exit code and output.
test::ProcessResult conformance_limited(std::vector<std::string> args, rlim_t max_file_bytes, const fs::path& log) {
    args.insert(args.begin(), test::conformance_exe().string());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
        // Only async-signal-safe calls here; the output goes to a file opened before the limit is set, written
        // through a descriptor whose writes past the limit would fail too, so the limit is for the reports only when
        // the output stays small (it does: one check).
        const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        struct sigaction ignore {};
        ignore.sa_handler = SIG_IGN;
        ::sigaction(SIGXFSZ, &ignore, nullptr);  // EFBIG from write() instead of the signal's end
        const rlimit limit{max_file_bytes, max_file_bytes};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, test::read_text(log)};
}

TEST(ReportFiles, AReportIsReplacedWholeAndNothingIsLeftBesideIt) {
    const Folder folder{"report-files"};
    std::ofstream(folder.path / "report.json") << "the last good report";
    const auto r =
        test::run_conformance("run --check AUTH-01 --seed 1 --report json=" + (folder.path / "report.json").string() +
                                  " --report junit=" + (folder.path / "junit.xml").string(),
                              true);
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(nlohmann::json::parse(test::read_text(folder.path / "report.json")).value("verdict", ""), "pass");
    EXPECT_EQ(folder.names(), (std::vector<std::string>{"junit.xml", "report.json"}));
}

TEST(ReportFiles, NoEmptyFileIsMadeBeforeTheRun) {
    // The check that a report can be written, before the run, once left an empty file in its place: what a run
    // killed before its end (or, here, a usage error) left for CI to read.
    const Folder folder{"report-files"};
    const auto r =
        test::run_conformance("run --suite nosuch --report json=" + (folder.path / "report.json").string(), true);
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_EQ(folder.names(), std::vector<std::string>{});
}

TEST(ReportFiles, AReportThatCannotBeWrittenLeavesTheLastGoodOneSaysSoAndDoesNotPass) {
    // The JSON report of one check is larger than 2 KiB, its Markdown summary smaller: the one fails, the other is
    // written, the run still says its verdict, and the exit is not 0 (CI would read the old report as this run's).
    const Folder folder{"report-files"};
    std::ofstream(folder.path / "report.json") << "the last good report";
    const auto r = conformance_limited(
        {"run", "--check", "AUTH-01", "--seed", "1", "--report", "json=" + (folder.path / "report.json").string(),
         "--report", "md=" + (folder.path / "summary.md").string()},
        2048, folder.path / "output.txt");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("cannot write " + (folder.path / "report.json").string() + ": File too large"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("verdict: pass"), std::string::npos) << r.out;
    EXPECT_EQ(test::read_text(folder.path / "report.json"), "the last good report");
    EXPECT_NE(test::read_text(folder.path / "summary.md").find("Conformance"), std::string::npos);
    EXPECT_EQ(folder.names(), (std::vector<std::string>{"output.txt", "report.json", "summary.md"}))
        << "a temporary file was left";
}

}  // namespace
}  // namespace bds
