#pragma once
// A throwaway PostgreSQL cluster for a test, and a libpq connection to it: a real engine we did not write, to judge
// the RecordSelection oracle (engines_test.cpp). The cluster lives in a fresh temporary directory: initdb with trust
// authentication, the C locale (code point order and case-sensitive LIKE) and UTF-8; postgres listening only on a Unix
// socket in that directory (listen_addresses=''), fsync off. As root (CI), PostgreSQL refuses to run, so initdb and
// postgres run as the `postgres` system user that Debian's package creates.
#include <libpq-fe.h>

#include <memory>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

#include "certify/temp_dir.hpp"

namespace bds::testing {

/// A running cluster, stopped and removed with its directory when the object goes.
class PostgresServer {
public:
    /// initdb and start. Throws std::runtime_error saying what failed (with postgres's log), or, when PostgreSQL is not
    /// installed, that ci/setup.sh installs it.
    PostgresServer();
    ~PostgresServer();
    PostgresServer(const PostgresServer&) = delete;
    PostgresServer& operator=(const PostgresServer&) = delete;

    /// libpq's connection string for the cluster's `postgres` database.
    const std::string& conninfo() const { return conninfo_; }
    /// The `postgres` program's directory, e.g. /usr/lib/postgresql/15/bin.
    const std::string& bindir() const { return bindir_; }

private:
    void start();
    void stop() noexcept;

    certify::TempDir dir_;
    std::string bindir_;
    std::string conninfo_;
    pid_t postgres_ = -1;
};

struct PgResultDeleter {
    void operator()(PGresult* r) const { PQclear(r); }
};
/// A query's result (read it with libpq's PQntuples, PQgetvalue, PQgetisnull).
using PgResult = std::unique_ptr<PGresult, PgResultDeleter>;

/// One libpq connection.
class PgConnection {
public:
    /// Throws std::runtime_error with libpq's message when it cannot connect.
    explicit PgConnection(const std::string& conninfo);
    /// Runs `sql` (one or more statements); throws std::runtime_error with the server's message when it fails.
    PgResult exec(const std::string& sql) const;
    /// Runs one statement with parameters $1.. given as text (nullopt is NULL), typed by the server from their use.
    PgResult exec(const std::string& sql, const std::vector<std::optional<std::string>>& params) const;
    /// `text` as a quoted SQL literal (libpq's PQescapeLiteral).
    std::string literal(const std::string& text) const;

private:
    struct Closer {
        void operator()(PGconn* c) const { PQfinish(c); }
    };
    std::unique_ptr<PGconn, Closer> conn_;
};

}  // namespace bds::testing
