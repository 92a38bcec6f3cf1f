#pragma once
// A database server's programs run by a test (postgres_server.hpp, mariadb_server.hpp): as the engine's system user
// when the test runs as root (CI), output to a log in the server's directory, and the server stopped with the test.
#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace bds::testing {

/// Whom a server's programs run as: ourselves, or a system user when we are root (the engines refuse root).
struct RunAs {
    bool switch_user = false;
    uid_t uid = 0;
    gid_t gid = 0;
};

/// Ourselves, or `user` when we are root; std::runtime_error when root and there is no such user (its package makes
/// it: ci/setup.sh).
RunAs run_as(const char* user, const std::string& engine);

/// Gives `dir` to `who` (when switching user), so that the server can write in it.
void give_directory(const std::filesystem::path& dir, const RunAs& who);

/// The last 3000 characters of `log`, for an error message.
std::string tail_of(const std::filesystem::path& log);

/// fork and exec `args` as `who`, its output appended to `log`; `death_signal` (0: none) is sent to the child when
/// the test process dies without stopping it (a crash, an abort under a sanitizer), so no server outlives its test.
pid_t spawn(const std::vector<std::string>& args, const RunAs& who, const std::filesystem::path& log, int death_signal);

/// Runs `args` to the end; std::runtime_error with the log when it fails.
void run(const std::vector<std::string>& args, const RunAs& who, const std::filesystem::path& log);

/// Whether `pid` has exited (then reaped, and `pid` set to -1).
bool exited(pid_t& pid);

/// Sends `signal` to `pid`, waits up to 10 s for it to exit, then kills it; sets `pid` to -1. Nothing when `pid` <= 0.
void stop_process(pid_t& pid, int signal) noexcept;

}  // namespace bds::testing
