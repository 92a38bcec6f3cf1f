#pragma once
/// SQLite under the stub (spec/assumptions.md A-115 `sqlite`): an in-memory database holding one table per record,
/// into which RecordSelection and a query's ordering are passed as a server on SQLite passes them. SQLite reads them
/// its own way: `=` compares with BINARY (case counts), LIKE folds ASCII letters, N'…' is a syntax error.
#include <mutex>
#include <set>
#include <string>

#include "stub/sql_engine.hpp"

struct sqlite3;

namespace bds::stub {

/// Each record's table is made on first use: a column per field that is not a list, typed as a SQLite application
/// types them (text kinds, date-times as 'YYYY-MM-DD HH:MM:SS.fff' and rowversions TEXT; int and bit INTEGER, bit 0/1;
/// decimal NUMERIC; float REAL), and a hidden row index. Each select replaces the table's rows with the ones given,
/// copying only the columns the condition and the ordering may name (the others are NULL: nothing reads them).
class SqliteEngine final : public SqlEngine {
public:
    /// Opens a new in-memory database; std::runtime_error when SQLite cannot.
    SqliteEngine();
    ~SqliteEngine() override;
    SqliteEngine(const SqliteEngine&) = delete;
    SqliteEngine& operator=(const SqliteEngine&) = delete;

    std::string name() const override;
    std::vector<std::size_t> select(const Record& record, const std::vector<nlohmann::json>& rows,
                                    const std::optional<std::string>& where,
                                    const std::vector<OrderBy>& order) override;

private:
    void exec(const std::string& sql);
    /// Makes the record's table when it has none.
    void table(const Record& record);
    /// Replaces the table's rows with `rows`, copying `columns` (the rest NULL), in one transaction.
    void fill(const Record& record, const std::vector<const Field*>& columns, const std::vector<nlohmann::json>& rows);

    sqlite3* db_ = nullptr;
    std::mutex mutex_;              // one select at a time: the table holds one read's rows
    std::set<std::string> tables_;  // the records whose table exists
};

}  // namespace bds::stub
