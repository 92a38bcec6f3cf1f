#include "history/sqlite_file.hpp"

#include <stdexcept>

namespace bds::history {
namespace {

[[noreturn]] void fail(sqlite3* db, const std::string& file, std::string_view doing) {
    throw std::runtime_error(file + ": " + std::string(doing) + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
}

}  // namespace

Statement::Statement(sqlite3* db, std::string_view sql, const std::string& file) : db_(db), file_(file) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) != SQLITE_OK)
        fail(db, file, "preparing a statement");
    stmt_.reset(stmt);
}

Statement& Statement::bind(int index, std::string_view text) {
    if (sqlite3_bind_text(stmt_.get(), index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT) !=
        SQLITE_OK)
        fail(db_, file_, "binding a value");
    return *this;
}

Statement& Statement::bind(int index, std::int64_t number) {
    if (sqlite3_bind_int64(stmt_.get(), index, number) != SQLITE_OK) fail(db_, file_, "binding a value");
    return *this;
}

Statement& Statement::bind(int index, double number) {
    if (sqlite3_bind_double(stmt_.get(), index, number) != SQLITE_OK) fail(db_, file_, "binding a value");
    return *this;
}

bool Statement::step() {
    const int rc = sqlite3_step(stmt_.get());
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail(db_, file_, "reading or writing");
}

void Statement::run() {
    step();
    reset();
}

void Statement::reset() {
    sqlite3_reset(stmt_.get());
    sqlite3_clear_bindings(stmt_.get());
}

std::string Statement::text(int column) const {
    const auto* p = sqlite3_column_text(stmt_.get(), column);
    return p ? std::string(reinterpret_cast<const char*>(p), sqlite3_column_bytes(stmt_.get(), column)) : "";
}

std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(stmt_.get(), column); }

double Statement::real(int column) const { return sqlite3_column_double(stmt_.get(), column); }

SqliteFile::SqliteFile(const std::string& path, bool create, int busy_ms) : path_(path) {
    sqlite3* db = nullptr;
    const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_FULLMUTEX;
    const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
    db_.reset(db);
    if (rc != SQLITE_OK) fail(db, path_, create ? "cannot open or create it" : "cannot open it");
    sqlite3_busy_timeout(db, busy_ms);
    sqlite3_extended_result_codes(db, 1);
}

void SqliteFile::exec(std::string_view sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_.get(), std::string(sql).c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        const std::string why = message ? message : sqlite3_errmsg(db_.get());
        sqlite3_free(message);
        throw std::runtime_error(path_ + ": " + why);
    }
}

std::int64_t SqliteFile::pragma(std::string_view name) {
    auto stmt = prepare("PRAGMA " + std::string(name));
    return stmt.step() ? stmt.integer(0) : 0;
}

WriteTransaction::WriteTransaction(SqliteFile& file) : file_(file) { file_.exec("BEGIN IMMEDIATE"); }

WriteTransaction::~WriteTransaction() {
    if (!done_) {
        try {
            file_.exec("ROLLBACK");
        } catch (...) {  // nothing to roll back: the failure ended the transaction already
        }
    }
}

void WriteTransaction::commit() {
    file_.exec("COMMIT");
    done_ = true;
}

}  // namespace bds::history
