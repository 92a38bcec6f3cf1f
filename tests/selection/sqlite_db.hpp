#pragma once
// An in-memory SQLite database, as the tests' SQL oracles use it: what both sqlite_oracle and engine_sql need,
// written once.
#include <sqlite3.h>

#include <cstddef>
#include <memory>
#include <set>
#include <string>

namespace bds::testing {

struct StatementFinalizer {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
/// A prepared statement, finalized when it goes.
using Statement = std::unique_ptr<sqlite3_stmt, StatementFinalizer>;

class SqliteDb {
public:
    /// Opens an empty in-memory database; std::runtime_error when SQLite cannot.
    SqliteDb();
    /// Runs `sql` (one or more statements); std::runtime_error with SQLite's message when it refuses.
    void exec(const std::string& sql) const;
    /// `sql` prepared; std::runtime_error with SQLite's message when it refuses.
    Statement prepare(const std::string& sql) const;
    /// The integers in the first column of `sql`'s rows (a SELECT of row indexes).
    std::set<std::size_t> indexes(const std::string& sql) const;
    /// Binds `text`, or NULL when it is null, at parameter `slot` of `stmt`.
    static void bind_text(sqlite3_stmt* stmt, int slot, const std::string* text);
    /// Steps an INSERT once; std::runtime_error with SQLite's message when it fails.
    void insert_step(sqlite3_stmt* stmt) const;
    sqlite3* get() const { return db_.get(); }

private:
    struct Closer {
        void operator()(sqlite3* db) const { sqlite3_close(db); }
    };
    std::unique_ptr<sqlite3, Closer> db_;
};

}  // namespace bds::testing
