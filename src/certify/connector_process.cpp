#include "certify/connector_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <sstream>
#include <thread>

extern char** environ;

namespace bds::certify {
namespace {

using Clock = std::chrono::steady_clock;

struct Pipe {
    int read = -1, write = -1;
    Pipe() {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) == 0) read = fds[0], write = fds[1];
    }
    ~Pipe() { close_both(); }
    void close_write() {
        if (write >= 0) ::close(write);
        write = -1;
    }
    void close_both() {
        close_write();
        if (read >= 0) ::close(read);
        read = -1;
    }
};

/// Output read so far: the first `max` bytes kept, the count of all.
struct Sink {
    std::string& kept;
    std::size_t& total;
    std::size_t max;
    void add(const char* data, std::size_t n) {
        total += n;
        if (kept.size() < max) kept.append(data, std::min(n, max - kept.size()));
    }
};

/// Reads what is ready on the open pipes for up to `wait_ms`; closes a pipe at its end. Returns whether any stays open.
bool drain(Pipe& out, Pipe& err, Sink& out_sink, Sink& err_sink, int wait_ms) {
    pollfd fds[2];
    int n = 0;
    Pipe* pipes[2];
    Sink* sinks[2];
    if (out.read >= 0) fds[n] = {out.read, POLLIN, 0}, pipes[n] = &out, sinks[n++] = &out_sink;
    if (err.read >= 0) fds[n] = {err.read, POLLIN, 0}, pipes[n] = &err, sinks[n++] = &err_sink;
    if (n == 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms));
        return false;
    }
    if (::poll(fds, static_cast<nfds_t>(n), wait_ms) <= 0) return true;
    char buffer[65536];
    for (int i = 0; i < n; ++i) {
        if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        const ssize_t got = ::read(fds[i].fd, buffer, sizeof buffer);
        if (got > 0)
            sinks[i]->add(buffer, static_cast<std::size_t>(got));
        else if (got == 0 || (errno != EINTR && errno != EAGAIN))
            pipes[i]->close_both();
    }
    return out.read >= 0 || err.read >= 0;
}

}  // namespace

std::vector<std::string> expand_placeholders(const std::vector<std::string>& command,
                                             const std::map<std::string, std::string>& values) {
    std::vector<std::string> out;
    for (const auto& arg : command) {
        std::string expanded;
        for (std::size_t i = 0; i < arg.size();) {
            const auto close = arg[i] == '{' ? arg.find('}', i) : std::string::npos;
            const auto it = close == std::string::npos ? values.end() : values.find(arg.substr(i + 1, close - i - 1));
            if (it == values.end()) {
                expanded += arg[i++];
            } else {
                expanded += it->second;
                i = close + 1;
            }
        }
        out.push_back(std::move(expanded));
    }
    return out;
}

std::string resolve_program(const std::string& name) {
    namespace fs = std::filesystem;
    const auto executable = [](const fs::path& p) { return ::access(p.c_str(), X_OK) == 0 && !fs::is_directory(p); };
    if (name.find('/') != std::string::npos) {
        const fs::path path = fs::absolute(name);
        if (!executable(path))
            throw std::invalid_argument("cannot run the connector " + name + ": no executable file " + path.string());
        return path.string();
    }
    const char* env = std::getenv("PATH");
    std::string dirs = env ? env : "/usr/local/bin:/usr/bin:/bin";
    for (std::size_t start = 0; start <= dirs.size();) {
        const auto end = std::min(dirs.find(':', start), dirs.size());
        const fs::path candidate = fs::path(end > start ? dirs.substr(start, end - start) : ".") / name;
        if (executable(candidate)) return fs::absolute(candidate).string();
        start = end + 1;
    }
    throw std::invalid_argument("cannot run the connector " + name + ": no such program in PATH");
}

bool uses_placeholder(const std::vector<std::string>& command, const std::string& name) {
    for (const auto& arg : command)
        if (arg.find("{" + name + "}") != std::string::npos) return true;
    return false;
}

std::string ProcessResult::summary() const {
    std::ostringstream s;
    s.precision(1);
    s << std::fixed;
    if (!started) return "could not start: " + start_error;
    if (!ended_by_harness.empty())
        s << "ended by the harness after " << seconds << " s: " << ended_by_harness;
    else if (exit_code)
        s << "exit " << *exit_code << " after " << seconds << " s";
    else if (signal)
        s << "killed by signal " << *signal << " (" << ::strsignal(*signal) << ") after " << seconds << " s";
    return s.str();
}

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& cwd, const ProcessLimits& limits,
                          const std::function<std::optional<std::string>()>& stop) {
    ProcessResult result;
    if (argv.empty()) {
        result.start_error = "no command given";
        return result;
    }
    Pipe out, err;
    if (out.read < 0 || err.read < 0) {
        result.start_error = std::string("cannot create a pipe: ") + std::strerror(errno);
        return result;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out.write, 1);
    posix_spawn_file_actions_adddup2(&actions, err.write, 2);
    if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    posix_spawnattr_setpgroup(&attr, 0);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &all);  // the harness ignores SIGPIPE; the connector gets the defaults

    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const auto start = Clock::now();
    const int spawned = ::posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    out.close_write();
    err.close_write();
    if (spawned != 0) {
        result.start_error = argv[0] + ": " + std::strerror(spawned);
        return result;
    }
    result.started = true;

    Sink out_sink{result.out, result.out_bytes, limits.max_output};
    Sink err_sink{result.err, result.err_bytes, limits.max_output};
    int status = 0;
    bool ended = false;
    std::optional<Clock::time_point> term_sent;
    while (!ended) {
        drain(out, err, out_sink, err_sink, 50);
        const pid_t waited = ::waitpid(pid, &status, WNOHANG);
        if (waited == pid || (waited < 0 && errno == ECHILD)) {
            ended = true;
            break;
        }
        if (term_sent) {
            if (Clock::now() - *term_sent > std::chrono::seconds(1)) ::kill(-pid, SIGKILL);
            continue;
        }
        std::string reason;
        if (Clock::now() - start > limits.time)
            reason = "did not end within " + std::to_string(limits.time.count() / 1000) + " s";
        else if (stop)
            if (auto why = stop()) reason = *why;
        if (!reason.empty()) {
            result.ended_by_harness = reason;
            ::kill(-pid, SIGTERM);
            term_sent = Clock::now();
        }
    }
    ::kill(-pid, SIGKILL);  // whatever it left behind in its group
    // Its output up to the end; a descendant that escaped the group may hold the pipes open: stop after 200 ms.
    const auto drained_by = Clock::now() + std::chrono::milliseconds(200);
    while (Clock::now() < drained_by && drain(out, err, out_sink, err_sink, 20)) {
    }
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    return result;
}

}  // namespace bds::certify
