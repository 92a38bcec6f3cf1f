#pragma once
/// A SQLite database file as the history uses it: opened with a busy time-out (two pipelines appending at once wait
/// for each other's transaction instead of failing), statements prepared, bound and stepped, every error thrown as
/// std::runtime_error naming the file and SQLite's message.
#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace bds::history {

/// A prepared statement: bind(1, …) from 1, step() until false, then column_*() of the current row.
class Statement {
public:
    Statement(sqlite3* db, std::string_view sql, const std::string& file);
    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, std::int64_t number);
    Statement& bind(int index, double number);
    /// The next row: true while there is one; throws on an error.
    bool step();
    /// step() once, then reset() so that the statement runs again with new bindings.
    void run();
    void reset();
    std::string text(int column) const;
    std::int64_t integer(int column) const;
    double real(int column) const;

private:
    struct Finalize {
        void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
    };
    std::unique_ptr<sqlite3_stmt, Finalize> stmt_;
    sqlite3* db_;
    std::string file_;
};

/// An open database file.
class SqliteFile {
public:
    /// Opens (creating when `create`) `path`; a busy time-out of `busy_ms` for locks other processes hold.
    SqliteFile(const std::string& path, bool create, int busy_ms = 60000);
    SqliteFile(const SqliteFile&) = delete;
    SqliteFile& operator=(const SqliteFile&) = delete;
    /// Runs statements that return nothing.
    void exec(std::string_view sql);
    Statement prepare(std::string_view sql) { return Statement(db_.get(), sql, path_); }
    /// An integer PRAGMA's value (user_version, application_id).
    std::int64_t pragma(std::string_view name);
    std::int64_t last_insert_id() const { return sqlite3_last_insert_rowid(db_.get()); }
    const std::string& path() const { return path_; }

private:
    struct Close {
        void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
    };
    std::string path_;
    std::unique_ptr<sqlite3, Close> db_;
};

/// A write transaction taken at once (BEGIN IMMEDIATE: the file's write lock, waited for up to the busy time-out),
/// rolled back unless commit() is called: an append is whole or absent.
class WriteTransaction {
public:
    explicit WriteTransaction(SqliteFile& file);
    ~WriteTransaction();
    WriteTransaction(const WriteTransaction&) = delete;
    WriteTransaction& operator=(const WriteTransaction&) = delete;
    void commit();

private:
    SqliteFile& file_;
    bool done_ = false;
};

}  // namespace bds::history
