#pragma once
// A throwaway MariaDB server for a test, and a client connection to it (MariaDB Connector/C): a second real engine we
// did not write, the kind many vendors' servers run on, to judge the RecordSelection oracle (engines_test.cpp) and to
// run under the stub (tests/run/engine_servers.hpp).
//
// The server lives in a fresh temporary directory: mariadb-install-db makes its data directory (root@localhost with
// no password: --auth-root-authentication-method=normal, which serves a test run as root, as CI does, and one run as
// anyone else alike), and mariadbd serves only a Unix socket in that directory (skip-networking). The database `bds`
// has MariaDB 10.11's usual setting for a vendor's server: the character set utf8mb4 and the collation
// utf8mb4_general_ci (case- and accent-insensitive, trailing blanks ignored in =), and the server's default sql_mode.
// InnoDB is kept small (a 16 MB buffer pool, a 4 MB redo log, no flush at commit) so that the server starts in a few
// seconds. As root, mariadbd refuses to run, so both programs run as the `mysql` system user Debian's package makes.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

#include "certify/temp_dir.hpp"

struct st_mysql;

namespace bds::testing {

/// A running server, stopped and removed with its directory when the object goes.
class MariadbServer {
public:
    /// Installs the data directory and starts. Throws std::runtime_error saying what failed (with the server's log),
    /// or, when MariaDB is not installed, that ci/setup.sh installs it.
    MariadbServer();
    ~MariadbServer();
    MariadbServer(const MariadbServer&) = delete;
    MariadbServer& operator=(const MariadbServer&) = delete;

    /// The server's Unix socket.
    const std::string& socket() const { return socket_; }
    /// The database made for tests (utf8mb4, utf8mb4_general_ci).
    static constexpr const char* kDatabase = "bds";

private:
    void start();
    void stop() noexcept;

    certify::TempDir dir_;
    std::string socket_;
    pid_t mariadbd_ = -1;
};

/// One connection (utf8mb4 both ways), as root, to a database of the server.
class MariadbConnection {
public:
    /// A result's rows, each column's text (nullopt is NULL).
    using Rows = std::vector<std::vector<std::optional<std::string>>>;

    /// Throws std::runtime_error with the client's message when it cannot connect. `database` empty: none.
    MariadbConnection(const std::string& socket, const std::string& database);
    ~MariadbConnection();
    MariadbConnection(const MariadbConnection&) = delete;
    MariadbConnection& operator=(const MariadbConnection&) = delete;

    /// Runs one statement; its rows when it returns any. Throws std::runtime_error with the server's message.
    Rows exec(const std::string& sql) const;
    /// `text` as a quoted SQL literal ('...', escaped by mysql_real_escape_string for the connection's sql_mode).
    std::string literal(const std::string& text) const;
    /// The warnings of the last statement ("Warning 1292: Truncated incorrect DOUBLE value ..."), one a line.
    std::string warnings() const;

private:
    st_mysql* conn_ = nullptr;
};

}  // namespace bds::testing
