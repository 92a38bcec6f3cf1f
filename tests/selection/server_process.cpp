// A database server's programs, spawned as the engine's system user and stopped with the test.
#include "selection/server_process.hpp"

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace bds::testing {

namespace fs = std::filesystem;

RunAs run_as(const char* user, const std::string& engine) {
    if (::geteuid() != 0) return {};
    const passwd* pw = ::getpwnam(user);
    if (!pw)
        throw std::runtime_error("running as root, and there is no `" + std::string(user) + "` user to run " + engine +
                                 " as: run ci/setup.sh");
    return {true, pw->pw_uid, pw->pw_gid};
}

void give_directory(const fs::path& dir, const RunAs& who) {
    if (who.switch_user && ::chown(dir.c_str(), who.uid, who.gid) != 0)
        throw std::runtime_error("cannot give " + dir.string() + " to the server's user");
}

std::string tail_of(const fs::path& log) {
    std::ifstream in(log);
    std::stringstream s;
    s << in.rdbuf();
    std::string text = s.str();
    return text.size() > 3000 ? "..." + text.substr(text.size() - 3000) : text;
}

pid_t spawn(const std::vector<std::string>& args, const RunAs& who, const fs::path& log, int death_signal) {
    // In the child only async-signal-safe calls: everything is prepared before fork.
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const std::string log_path = log.string();
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid > 0) return pid;
    const int fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
        ::dup2(fd, STDOUT_FILENO);
        ::dup2(fd, STDERR_FILENO);
        ::close(fd);
    }
    const int null_in = ::open("/dev/null", O_RDONLY);
    if (null_in >= 0) ::dup2(null_in, STDIN_FILENO);
    if (who.switch_user && (::setgroups(0, nullptr) != 0 || ::setgid(who.gid) != 0 || ::setuid(who.uid) != 0))
        ::_exit(126);
    // After the user switch, which clears it.
    if (death_signal != 0 && (::prctl(PR_SET_PDEATHSIG, death_signal) != 0 || ::getppid() != parent)) ::_exit(125);
    ::execv(argv[0], argv.data());
    ::_exit(127);
}

void run(const std::vector<std::string>& args, const RunAs& who, const fs::path& log) {
    const pid_t pid = spawn(args, who, log, 0);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw std::runtime_error(args[0] + " failed (status " + std::to_string(status) + "):\n" + tail_of(log));
}

bool exited(pid_t& pid) {
    int status = 0;
    if (pid <= 0 || ::waitpid(pid, &status, WNOHANG) != pid) return pid <= 0;
    pid = -1;
    return true;
}

void stop_process(pid_t& pid, int signal) noexcept {
    if (pid <= 0) return;
    ::kill(pid, signal);
    for (int i = 0; i < 1000; ++i) {
        if (exited(pid)) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    pid = -1;
}

}  // namespace bds::testing
