// A throwaway PostgreSQL cluster: found, initialised, started, stopped and removed by the test itself.
#include "selection/postgres_server.hpp"

#include <fcntl.h>
#include <glob.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace bds::testing {
namespace {

namespace fs = std::filesystem;

const char* const kMissing =
    "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/postgres, no pg_config): run ci/setup.sh";

/// The version number of a /usr/lib/postgresql/<version>/bin directory, for choosing the newest.
int version_of(const std::string& bindir) {
    const std::string v = fs::path(bindir).parent_path().filename().string();
    return std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; }) && !v.empty() ? std::stoi(v)
                                                                                                      : 0;
}

std::string pg_config_bindir() {
    FILE* p = ::popen("pg_config --bindir 2>/dev/null", "r");
    if (!p) return "";
    char buf[512] = {};
    std::string out = std::fgets(buf, sizeof buf, p) ? buf : "";
    ::pclose(p);
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
    return out;
}

/// Debian installs each major version's server programs under /usr/lib/postgresql/<version>/bin; elsewhere pg_config
/// tells (it names the server's directory when the server is installed).
std::string find_bindir() {
    std::vector<std::string> found;
    glob_t g{};
    if (::glob("/usr/lib/postgresql/*/bin/postgres", 0, nullptr, &g) == 0)
        for (std::size_t i = 0; i < g.gl_pathc; ++i) found.push_back(fs::path(g.gl_pathv[i]).parent_path().string());
    ::globfree(&g);
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return version_of(a) > version_of(b); });
    if (!found.empty()) return found.front();
    const std::string dir = pg_config_bindir();
    std::error_code ec;
    if (!dir.empty() && fs::exists(fs::path(dir) / "postgres", ec) && fs::exists(fs::path(dir) / "initdb", ec))
        return dir;
    throw std::runtime_error(kMissing);
}

/// Whom initdb and postgres run as: the `postgres` user when we are root (PostgreSQL refuses root), else ourselves.
struct RunAs {
    bool switch_user = false;
    uid_t uid = 0;
    gid_t gid = 0;
};

RunAs run_as() {
    if (::geteuid() != 0) return {};
    const passwd* pw = ::getpwnam("postgres");
    if (!pw)
        throw std::runtime_error(
            "running as root, and there is no `postgres` user to run PostgreSQL as: run ci/setup.sh");
    return {true, pw->pw_uid, pw->pw_gid};
}

std::string tail_of(const fs::path& log) {
    std::ifstream in(log);
    std::stringstream s;
    s << in.rdbuf();
    std::string text = s.str();
    return text.size() > 3000 ? "..." + text.substr(text.size() - 3000) : text;
}

/// fork and exec `argv` as `who`, its output appended to `log`. In the child only async-signal-safe calls: everything
/// is prepared before fork. `die_with_parent`: postgres shuts down at once if the test process dies without stopping it
/// (a crash, an abort under a sanitizer), so no server outlives its test.
pid_t spawn(const std::vector<std::string>& args, const RunAs& who, const fs::path& log, bool die_with_parent) {
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
    if (die_with_parent && (::prctl(PR_SET_PDEATHSIG, SIGQUIT) != 0 || ::getppid() != parent)) ::_exit(125);
    ::execv(argv[0], argv.data());
    ::_exit(127);
}

/// Runs `args` to the end; throws with the log when it fails.
void run(const std::vector<std::string>& args, const RunAs& who, const fs::path& log) {
    const pid_t pid = spawn(args, who, log, false);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw std::runtime_error(args[0] + " failed (status " + std::to_string(status) + "):\n" + tail_of(log));
}

}  // namespace

PostgresServer::PostgresServer() : dir_("bds-postgres"), bindir_(find_bindir()) {
    try {
        start();
    } catch (...) {
        stop();
        throw;
    }
}

PostgresServer::~PostgresServer() { stop(); }

void PostgresServer::start() {
    const RunAs who = run_as();
    const fs::path root = dir_.path(), data = root / "data", log = root / "postgres.log";
    if (who.switch_user && ::chown(root.c_str(), who.uid, who.gid) != 0)
        throw std::runtime_error("cannot give " + root.string() + " to postgres");
    run({bindir_ + "/initdb", "-D", data.string(), "-A", "trust", "-U", "bds", "-E", "UTF8", "--locale=C", "--no-sync",
         "--no-instructions"},
        who, log);
    postgres_ =
        spawn({bindir_ + "/postgres", "-D", data.string(), "-k", root.string(), "-c", "listen_addresses=", "-c",
               "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "shared_buffers=16MB"},
              who, log, true);
    conninfo_ = "host=" + root.string() + " port=5432 user=bds dbname=postgres";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (PQping(conninfo_.c_str()) != PQPING_OK) {
        int status = 0;
        if (::waitpid(postgres_, &status, WNOHANG) == postgres_) {
            postgres_ = -1;
            throw std::runtime_error("postgres exited at start:\n" + tail_of(log));
        }
        if (std::chrono::steady_clock::now() > deadline)
            throw std::runtime_error("postgres did not accept connections in 60 s:\n" + tail_of(log));
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

void PostgresServer::stop() noexcept {
    if (postgres_ <= 0) return;
    // SIGINT: PostgreSQL's fast shutdown (clients disconnected, no waiting for them).
    ::kill(postgres_, SIGINT);
    int status = 0;
    for (int i = 0; i < 1000; ++i) {
        if (::waitpid(postgres_, &status, WNOHANG) == postgres_) {
            postgres_ = -1;
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(postgres_, SIGKILL);
    ::waitpid(postgres_, &status, 0);
    postgres_ = -1;
}

PgConnection::PgConnection(const std::string& conninfo) : conn_(PQconnectdb(conninfo.c_str())) {
    if (!conn_ || PQstatus(conn_.get()) != CONNECTION_OK)
        throw std::runtime_error(std::string("cannot connect to PostgreSQL: ") +
                                 (conn_ ? PQerrorMessage(conn_.get()) : "out of memory"));
}

namespace {

PgResult checked(PGconn* conn, PGresult* raw, const std::string& sql) {
    PgResult r(raw);
    const auto status = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        throw std::runtime_error("PostgreSQL refused: " + sql + ": " +
                                 (r ? PQresultErrorMessage(r.get()) : PQerrorMessage(conn)));
    return r;
}

}  // namespace

PgResult PgConnection::exec(const std::string& sql) const {
    return checked(conn_.get(), PQexec(conn_.get(), sql.c_str()), sql);
}

PgResult PgConnection::exec(const std::string& sql, const std::vector<std::optional<std::string>>& params) const {
    std::vector<const char*> values;
    for (const auto& p : params) values.push_back(p ? p->c_str() : nullptr);
    return checked(conn_.get(),
                   PQexecParams(conn_.get(), sql.c_str(), static_cast<int>(values.size()), nullptr, values.data(),
                                nullptr, nullptr, 0),
                   sql);
}

}  // namespace bds::testing
