// A throwaway MariaDB server: its data directory installed, the server started, stopped and removed by the test itself.
#include "selection/mariadb_server.hpp"

#include <mysql.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "selection/server_process.hpp"

namespace bds::testing {
namespace {

namespace fs = std::filesystem;

const char* const kMariadbMissing =
    "MariaDB is not installed (no mariadbd or mysqld in /usr/sbin, no mariadb-install-db in /usr/bin): run ci/setup.sh, "
    "which installs mariadb-server";

/// The first of `names` that is an executable program.
std::string program(const std::vector<std::string>& names) {
    for (const auto& n : names)
        if (::access(n.c_str(), X_OK) == 0) return n;
    throw std::runtime_error(kMariadbMissing);
}

/// The server's settings, given both to the install (which runs the server to make the system tables) and to the
/// server: a small InnoDB, utf8mb4_general_ci, no name resolution, no network.
std::vector<std::string> server_settings(const fs::path& root) {
    return {"--innodb-buffer-pool-size=16M",
            "--innodb-log-file-size=4M",
            "--innodb-flush-log-at-trx-commit=0",
            "--innodb-doublewrite=0",
            "--character-set-server=utf8mb4",
            "--collation-server=utf8mb4_general_ci",
            "--skip-name-resolve",
            "--skip-networking",
            "--performance-schema=OFF",
            "--tmpdir=" + root.string()};
}

/// mysql_library_init is not thread-safe: once, before any connection.
void library_init() {
    static std::once_flag once;
    std::call_once(once, [] {
        if (mysql_library_init(0, nullptr, nullptr) != 0) throw std::runtime_error("cannot initialise libmariadb");
    });
}

/// Tries to connect as root over `socket`: whether the server answers yet.
bool answers(const std::string& socket) {
    try {
        MariadbConnection probe(socket, "");
        return true;
    } catch (const std::runtime_error&) {
        return false;
    }
}

}  // namespace

MariadbServer::MariadbServer() : dir_("bds-mariadb") {
    try {
        start();
    } catch (...) {
        stop();
        throw;
    }
}

MariadbServer::~MariadbServer() { stop(); }

void MariadbServer::start() {
    const std::string mariadbd = program({"/usr/sbin/mariadbd", "/usr/sbin/mysqld"});
    const std::string install = program({"/usr/bin/mariadb-install-db", "/usr/bin/mysql_install_db"});
    const RunAs who = run_as("mysql", "MariaDB");
    const fs::path root = dir_.path(), data = root / "data", log = root / "mariadb.log";
    give_directory(root, who);
    socket_ = (root / "mariadbd.sock").string();
    const std::vector<std::string> settings = server_settings(root);
    // --no-defaults first: no /etc/mysql configuration (a system server's) reaches the test's server.
    std::vector<std::string> args = {install, "--no-defaults", "--datadir=" + data.string(), "--skip-test-db",
                                     "--auth-root-authentication-method=normal"};
    args.insert(args.end(), settings.begin(), settings.end());
    run(args, who, log);
    args = {mariadbd, "--no-defaults", "--datadir=" + data.string(), "--socket=" + socket_,
            "--pid-file=" + (root / "mariadbd.pid").string()};
    args.insert(args.end(), settings.begin(), settings.end());
    mariadbd_ = spawn(args, who, log, SIGKILL);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!answers(socket_)) {
        if (exited(mariadbd_)) throw std::runtime_error("mariadbd exited at start:\n" + tail_of(log));
        if (std::chrono::steady_clock::now() > deadline)
            throw std::runtime_error("mariadbd did not accept connections in 60 s:\n" + tail_of(log));
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    MariadbConnection(socket_, "")
        .exec(std::string("CREATE DATABASE ") + kDatabase + " CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci");
}

void MariadbServer::stop() noexcept {
    // SIGTERM: a normal shutdown; the directory goes next, so nothing is kept.
    stop_process(mariadbd_, SIGTERM);
}

MariadbConnection::MariadbConnection(const std::string& socket, const std::string& database) {
    library_init();
    conn_ = mysql_init(nullptr);
    if (!conn_) throw std::runtime_error("cannot connect to MariaDB: out of memory");
    mysql_optionsv(conn_, MYSQL_SET_CHARSET_NAME, "utf8mb4");
    if (!mysql_real_connect(conn_, nullptr, "root", "", database.empty() ? nullptr : database.c_str(), 0,
                            socket.c_str(), 0)) {
        const std::string message = mysql_error(conn_);
        mysql_close(conn_);
        throw std::runtime_error("cannot connect to MariaDB: " + message);
    }
}

MariadbConnection::~MariadbConnection() { mysql_close(conn_); }

MariadbConnection::Rows MariadbConnection::exec(const std::string& sql) const {
    if (mysql_real_query(conn_, sql.data(), sql.size()) != 0)
        throw std::runtime_error("MariaDB refused: " + sql + ": " + mysql_error(conn_));
    MYSQL_RES* result = mysql_store_result(conn_);
    Rows rows;
    if (!result) {
        if (mysql_field_count(conn_) != 0)
            throw std::runtime_error("MariaDB returned no result: " + sql + ": " + mysql_error(conn_));
        return rows;
    }
    const unsigned columns = mysql_num_fields(result);
    while (MYSQL_ROW row = mysql_fetch_row(result)) {
        const unsigned long* lengths = mysql_fetch_lengths(result);
        auto& out = rows.emplace_back();
        for (unsigned k = 0; k < columns; ++k)
            out.push_back(row[k] ? std::optional<std::string>(std::string(row[k], lengths[k])) : std::nullopt);
    }
    mysql_free_result(result);
    return rows;
}

std::string MariadbConnection::literal(const std::string& text) const {
    std::string out(text.size() * 2 + 1, '\0');
    out.resize(mysql_real_escape_string(conn_, out.data(), text.data(), text.size()));
    return "'" + out + "'";
}

std::string MariadbConnection::warnings() const {
    std::string out;
    if (mysql_warning_count(conn_) == 0) return out;
    for (const auto& row : exec("SHOW WARNINGS"))
        out += row.at(0).value_or("") + " " + row.at(1).value_or("") + ": " + row.at(2).value_or("") + "\n";
    return out;
}

}  // namespace bds::testing
