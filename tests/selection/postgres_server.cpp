// A throwaway PostgreSQL cluster: found, initialised, started, stopped and removed by the test itself.
#include "selection/postgres_server.hpp"

#include <glob.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include "selection/server_process.hpp"

namespace bds::testing {
namespace {

namespace fs = std::filesystem;

const char* const kPostgresMissing =
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
    throw std::runtime_error(kPostgresMissing);
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
    // As root (CI), PostgreSQL refuses to run: initdb and postgres run as the `postgres` user.
    const RunAs who = run_as("postgres", "PostgreSQL");
    const fs::path root = dir_.path(), data = root / "data", log = root / "postgres.log";
    give_directory(root, who);
    run({bindir_ + "/initdb", "-D", data.string(), "-A", "trust", "-U", "bds", "-E", "UTF8", "--locale=C", "--no-sync",
         "--no-instructions"},
        who, log);
    postgres_ =
        spawn({bindir_ + "/postgres", "-D", data.string(), "-k", root.string(), "-c", "listen_addresses=", "-c",
               "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "shared_buffers=16MB"},
              who, log, SIGQUIT);
    conninfo_ = "host=" + root.string() + " port=5432 user=bds dbname=postgres";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (PQping(conninfo_.c_str()) != PQPING_OK) {
        if (exited(postgres_)) throw std::runtime_error("postgres exited at start:\n" + tail_of(log));
        if (std::chrono::steady_clock::now() > deadline)
            throw std::runtime_error("postgres did not accept connections in 60 s:\n" + tail_of(log));
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

void PostgresServer::stop() noexcept {
    // SIGINT: PostgreSQL's fast shutdown (clients disconnected, no waiting for them).
    stop_process(postgres_, SIGINT);
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

std::string PgConnection::literal(const std::string& text) const {
    char* quoted = PQescapeLiteral(conn_.get(), text.data(), text.size());
    if (!quoted)
        throw std::runtime_error(std::string("PostgreSQL cannot quote a text: ") + PQerrorMessage(conn_.get()));
    std::string out = quoted;
    PQfreemem(quoted);
    return out;
}

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
