// Files written whole or not at all (common/whole_file.hpp): the reports a CI job reads after a kill at any moment.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

#include "common/whole_file.hpp"
#include "test_paths.hpp"

namespace bds {
namespace {

namespace fs = std::filesystem;

using Folder = test::TempFolder;

void put(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

TEST(WholeFile, ReplacesTheFileAndLeavesNothingElse) {
    const Folder folder{"whole-file"};
    const fs::path report = folder.path / "report.json";
    put(report, "the last good report");
    const std::string text(3 << 20, 'x');  // 3 MiB: more than one write() may take
    write_whole_file(report, text);
    EXPECT_EQ(test::read_text(report), text);
    EXPECT_EQ(folder.names(), std::vector<std::string>{"report.json"}) << "a temporary file was left";
    // A new file gets the mode of an ordinary new file (0666 less the umask), not a temporary file's 0600.
    write_whole_file(folder.path / "new.md", "new");
    EXPECT_NE(fs::status(folder.path / "new.md").permissions() & fs::perms::group_read, fs::perms::none);
    EXPECT_EQ(cannot_write(report), std::nullopt);
    EXPECT_EQ(folder.names(), (std::vector<std::string>{"new.md", "report.json"})) << "cannot_write left its probe";
}

TEST(WholeFile, AMissingFolderFailsAndMakesNothing) {
    const Folder folder{"whole-file"};
    const fs::path report = folder.path / "missing" / "report.json";
    try {
        write_whole_file(report, "text");
        FAIL() << "no error";
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()), "cannot write " + report.string() + ": No such file or directory");
    }
    EXPECT_FALSE(fs::exists(folder.path / "missing"));
    EXPECT_NE(cannot_write(report), std::nullopt);
}

TEST(WholeFile, AFolderInTheWayFailsAndStaysAsItWas) {
    const Folder folder{"whole-file"};
    fs::create_directories(folder.path / "report.json" / "inside");
    EXPECT_THROW(write_whole_file(folder.path / "report.json", "text"), std::runtime_error);
    EXPECT_TRUE(fs::is_directory(folder.path / "report.json" / "inside"));
    EXPECT_EQ(folder.names(), std::vector<std::string>{"report.json"}) << "a temporary file was left";
    EXPECT_EQ(cannot_write(folder.path / "report.json"), "it is a folder");
}

/// Runs `body` in a child process as the user nobody when this one is root (who writes into any folder), else as
/// this user; its exit code (-1 when it did not end within 20 s, or did not exit).
int as_unprivileged(const std::function<int()>& body) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) ::_exit(100);
        ::_exit(body());
    }
    int status = 0;
    for (int i = 0; i < 2000 && ::waitpid(pid, &status, WNOHANG) == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (::waitpid(pid, &status, WNOHANG) == 0) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        return -1;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(WholeFile, AReadOnlyFolderFailsWithoutTouchingTheReportInIt) {
    const Folder folder{"whole-file"};
    const fs::path report = folder.path / "report.json";
    put(report, "the last good report");
    // Readable and searchable by all, writable by none: root's own is so for any other user, this user's for itself.
    fs::permissions(folder.path, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                     fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
    const int code = as_unprivileged([&] {
        if (!cannot_write(report)) return 1;
        try {
            write_whole_file(report, "new");
            return 2;
        } catch (const std::runtime_error& e) {
            return std::string(e.what()) == "cannot write " + report.string() + ": Permission denied" ? 0 : 3;
        }
    });
    fs::permissions(folder.path, fs::perms::owner_all);
    EXPECT_EQ(code, 0)
        << "1: cannot_write saw nothing wrong; 2: written; 3: another error; 100: could not become nobody";
    EXPECT_EQ(test::read_text(report), "the last good report");
    EXPECT_EQ(folder.names(), std::vector<std::string>{"report.json"});
}

TEST(WholeFile, AWriteThatFailsHalfwayLeavesTheLastGoodReport) {
    // A full disk, as root too: a file size limit makes write() fail past 64 KiB (EFBIG; SIGXFSZ ignored meanwhile).
    const Folder folder{"whole-file"};
    const fs::path report = folder.path / "report.json";
    put(report, "the last good report");
    rlimit before{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &before), 0);
    const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit small = before;
    small.rlim_cur = 64 << 10;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
    std::string error;
    try {
        write_whole_file(report, std::string(1 << 20, 'y'));
    } catch (const std::runtime_error& e) {
        error = e.what();
    }
    ::setrlimit(RLIMIT_FSIZE, &before);
    std::signal(SIGXFSZ, old_handler);
    EXPECT_EQ(error, "cannot write " + report.string() + ": File too large");
    EXPECT_EQ(test::read_text(report), "the last good report");
    EXPECT_EQ(folder.names(), std::vector<std::string>{"report.json"}) << "the temporary file was left";
}

}  // namespace
}  // namespace bds
