#pragma once
// Real SQL engines as a server would use them under RecordSelection (000 §4.1: "a SQL WHERE condition, without the
// word WHERE"): a record's rows stored in SQLite or PostgreSQL the ways a correct server may store them
// (spec/assumptions.md A-98: char(n)/nchar(n) padded or as sent), read back as the engine returns them, and
// filtered by the condition text itself.
//
// Natively, unlike sqlite_oracle.hpp: nothing is rewritten to SQL Server's semantics. A server passes RecordSelection
// on to its database, so each engine gets the very text the target gets, in the subset every database reads alike
// (generate/selection_gen.hpp, standard_sql). In particular no ESCAPE '' is added for PostgreSQL, whose LIKE without
// ESCAPE reads a backslash as its escape character: a server passing the text on would not add one either, so that
// difference is the generator's to avoid (it writes no backslash in a standard LIKE pattern), not the test's to hide.
// The engines are set up as a server that declares its case sensitivity would set them up: SQLite's BINARY
// with case-sensitive LIKE, or NOCASE with its default case-insensitive LIKE; PostgreSQL initialised with the C
// locale (code point order, case-sensitive LIKE); MariaDB as a vendor's server has it (utf8mb4_general_ci: case- and
// accent-insensitive =, LIKE and ordering; the default sql_mode, where a backslash in a literal escapes). And SQLite as
// it comes: BINARY = beside a LIKE that folds ASCII
// letters, a server that declares a case-sensitive collation for its = may have.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "generate/selection_condition.hpp"
#include "selection/mariadb_server.hpp"
#include "selection/postgres_server.hpp"
#include "sql/collation.hpp"

namespace bds::testing {

/// Where a server may keep a record's rows: an engine, and how its text columns are declared and filled.
enum class Storage {
    SqliteAsSent,   ///< SQLite, TEXT columns holding the texts as sent, BINARY collation, case-sensitive LIKE
    SqlitePadded,   ///< the same, char(n)/nchar(n) values blank-padded to n as SQL Server stores them (A-98)
    SqliteNocase,   ///< SQLite, texts as sent, COLLATE NOCASE and LIKE case-insensitive (ASCII letters fold, A-102)
    SqliteDefault,  ///< SQLite as it comes: BINARY =, and a LIKE that folds ASCII letters (A-108)
    PostgresText,   ///< PostgreSQL, every text column `text`, as sent
    PostgresTyped,  ///< PostgreSQL, the catalogue's types: char(n), varchar(n), text (unbounded), integer, numeric
    /// MariaDB, utf8mb4_general_ci columns of the catalogue's types: CHAR(n) (read back without its trailing blanks,
    /// which MariaDB strips from CHAR), VARCHAR(n), LONGTEXT (unbounded), INT, DECIMAL(38, 6)
    Mariadb,
};

/// Every storage, in the order above.
const std::vector<Storage>& all_storages();
/// "SQLite, as sent", "PostgreSQL, typed", ...: names for messages and for the regression file.
std::string storage_name(Storage storage);
bool is_postgres(Storage storage);
/// How the storage compares text in =: SqliteNocase and Mariadb are case-insensitive.
Collation storage_collation(Storage storage);

/// A record's rows stored in one engine.
class EngineTable {
public:
    virtual ~EngineTable() = default;
    /// The rows as the engine returns them, in the order stored, as JSON records (text as strings, numbers as numbers,
    /// NULL as null): what a server passing them on answers. PostgreSQL's char(n) comes back padded.
    virtual std::vector<nlohmann::json> read_back() const = 0;
    /// The indexes of the rows `where` selects; std::runtime_error with the engine's message when it refuses it.
    virtual std::set<std::size_t> select(const std::string& where) const = 0;
};

/// The servers the storages other than SQLite's need; a table is made anew on the connection at each store().
struct EngineConnections {
    const PgConnection* postgres = nullptr;
    const MariadbConnection* mariadb = nullptr;
};

/// `rows` (JSON objects of `record`; a missing field is NULL) stored as `storage` keeps them. The record's fields must
/// be nvarchar/nchar/varchar/char, int or decimal, with names that are plain identifiers (std::invalid_argument
/// otherwise, and when the storage's connection is missing).
std::unique_ptr<EngineTable> store(Storage storage, const Record& record, const std::vector<nlohmann::json>& rows,
                                   const EngineConnections& connections);

/// The condition as every engine gets it: the text the target gets (to_tsql), unchanged. Throws std::invalid_argument
/// for a condition that uses T-SQL's own spellings (!=, !<, !>, N'...', [sets]), which only standard_sql mode avoids.
std::string engine_where(const gen::Condition& condition);

}  // namespace bds::testing
