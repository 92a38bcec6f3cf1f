#pragma once
// SQLite, a real SQL engine we did not write, as an oracle for RecordSelection: an in-memory table holding
// JSON rows of a record, and generated condition trees (generate/selection_condition.hpp) written in SQLite's
// dialect, so that a test can compare the rows SQLite selects with the rows Selection::matches selects.
//
// The SQLite text states SQL Server's semantics with SQLite's own operators, where the two differ:
//  - text compares padded in SQL Server ('ab' = 'ab '): column values are compared as rtrim(col, ' ') and
//    literals lose their trailing spaces. This equals padded comparison for text without characters below
//    U+0020; text columns must not hold such characters.
//  - char(n)/nchar(n) values are stored padded to n, as SQL Server stores them (LIKE sees the padding).
//  - Collation::CaseInsensitive is NOCASE (COLLATE NOCASE on text columns, case_sensitive_like OFF), which folds
//    ASCII letters only; CaseSensitive is BINARY (code point order) with case_sensitive_like ON.
//  - LIKE patterns with [sets] become GLOB (SQLite's LIKE has no sets), on lower() of both sides under NOCASE.
//  - date-times are stored as ticks (sql::parse_datetime, which the evaluator tests cover) and literals are
//    converted the same way; bit literals 'true'/'false' become 1/0. Quoted numbers stay quoted: SQLite's
//    numeric affinity converts them.
// Types it holds: int, decimal (REAL: exact for decimals of at most 15 significant digits), bit, nvarchar,
// nchar, datetime, datetime2. Not held: float (SQL Server compares float(n<=24) as 4-byte reals), varchar and
// char (their LIKE ignores trailing spaces of the value), lists and timestamps.
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <cstddef>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "generate/selection_condition.hpp"
#include "selection/selection.hpp"
#include "selection/sqlite_db.hpp"

namespace bds::testing {

/// Whether the oracle holds columns of this type (see above).
bool sqlite_holds(const SqlType& type);

/// `record` with only the fields sqlite_holds: pass it to generators whose conditions go to SQLite.
Record sqlite_record(const Record& record);

/// An in-memory SQLite table `t` holding `rows` (JSON objects; a missing field is NULL) of `record`.
class SqliteTable {
public:
    /// Throws std::runtime_error when a value does not fit its column's type.
    SqliteTable(const Record& record, const std::vector<nlohmann::json>& rows, Collation collation);
    /// The indexes of the rows `where` (SQLite syntax) selects; std::runtime_error with SQLite's message when
    /// it refuses the query.
    std::set<std::size_t> select(const std::string& where) const;

private:
    SqliteDb db_;
};

/// The SQLite text of a condition about `record` under `collation`. Throws std::invalid_argument for a column
/// the oracle does not hold.
std::string to_sqlite(const gen::Expr& expr, const Record& record, Collation collation);

/// The indexes of the rows `selection` selects under `collation`.
std::set<std::size_t> selected(const Selection& selection, const std::vector<nlohmann::json>& rows,
                               Collation collation);

/// "{0, 3}", and the rows one per line, for failure messages.
std::string ids(const std::set<std::size_t>& rows);
std::string describe(const std::vector<nlohmann::json>& rows);

}  // namespace bds::testing
