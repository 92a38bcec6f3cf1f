#pragma once
// PostgreSQL and MariaDB as the database under the stub (stub/sql_engine.hpp): what a vendor's server on either engine
// does with a read. A table per record with the catalogue's types as a vendor declares them on that engine, and a
// hidden column holding each row's index; per call the table's rows are replaced by the stub's (unless they are the
// rows of the last call) and `SELECT idx FROM t WHERE (<where>) ORDER BY <order>, idx` runs with the condition text as
// the stub received it. What the engine refuses in the condition or the ordering is an EngineRefusal with the engine's
// message; the connection stays usable.
//
// The seeds give SQL Server types (000 §1); how they map is the vendor's choice, so the choices that change what a
// condition means are the engines' variants: bit as PostgreSQL boolean (which refuses `flg = 1`) or smallint.
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "selection/mariadb_server.hpp"
#include "selection/postgres_server.hpp"
#include "stub/sql_engine.hpp"

namespace bds::testing {

/// What a column of the stub's record is, row values as SQL literals: the parts an engine gives to TableEngine.
class TableEngine : public stub::SqlEngine {
public:
    std::vector<std::size_t> select(const Record& record, const std::vector<nlohmann::json>& rows,
                                    const std::optional<std::string>& where,
                                    const std::vector<stub::OrderBy>& order) override;

protected:
    /// The column type for `field` (not a list).
    virtual std::string column_type(const Field& field) const = 0;
    /// A column or table name as the engine reads it quoted.
    virtual std::string quote_name(const std::string& name) const = 0;
    /// A text as a quoted literal.
    virtual std::string quote_text(const std::string& text) const = 0;
    /// A bit value as a literal of column_type's bit type.
    virtual std::string bit_literal(bool value) const = 0;
    /// Runs one statement; std::runtime_error with the engine's message when it refuses.
    virtual void execute(const std::string& sql) = 0;
    /// Runs a query; its first column's values (not NULL).
    virtual std::vector<std::string> first_column(const std::string& sql) = 0;

private:
    struct Table {
        std::string name;
        std::vector<const Field*> columns;
        /// The rows of the last call: compared, not dumped (a dump of every row each call was most of a run's time).
        std::vector<nlohmann::json> rows_held;
    };
    Table& table_for(const Record& record);
    std::string literal(const Field& field, const nlohmann::json& value) const;
    void replace_rows(Table& table, const std::vector<nlohmann::json>& rows);

    std::mutex mutex_;  // one connection; the stub calls from many threads
    std::vector<std::unique_ptr<Table>> tables_;
};

/// How a server on PostgreSQL declares bit.
enum class PgBit { Boolean, Smallint };

/// PostgreSQL (a PostgresServer's cluster): varchar(n), char(n) or text; integer; numeric; real or double precision;
/// timestamp(3) for datetime and timestamp(6) for datetime2; text for the row version; bit as `bit`. Column names
/// lower-case, as unquoted names in a condition fold to.
class PostgresEngine : public TableEngine {
public:
    PostgresEngine(const std::string& conninfo, PgBit bit);
    std::string name() const override;

protected:
    std::string column_type(const Field& field) const override;
    std::string quote_name(const std::string& name) const override;
    std::string quote_text(const std::string& text) const override;
    std::string bit_literal(bool value) const override;
    void execute(const std::string& sql) override;
    std::vector<std::string> first_column(const std::string& sql) override;

private:
    PgConnection pg_;
    PgBit bit_;
    std::string version_;
};

/// MariaDB (a MariadbServer's database, utf8mb4_general_ci): VARCHAR(n), CHAR(n) or LONGTEXT; INT; DECIMAL(38,
/// `scale`); FLOAT or DOUBLE; DATETIME(3) and DATETIME(6); VARCHAR for the row version; bit as TINYINT(1) (BOOLEAN).
class MariadbEngine : public TableEngine {
public:
    MariadbEngine(const std::string& socket, const std::string& database, int scale = 6);
    std::string name() const override;

protected:
    std::string column_type(const Field& field) const override;
    std::string quote_name(const std::string& name) const override;
    std::string quote_text(const std::string& text) const override;
    std::string bit_literal(bool value) const override;
    void execute(const std::string& sql) override;
    std::vector<std::string> first_column(const std::string& sql) override;

private:
    MariadbConnection db_;
    int scale_;
    std::string version_;
};

}  // namespace bds::testing
