#include "selection/sqlite_db.hpp"

#include <stdexcept>

namespace bds::testing {

SqliteDb::SqliteDb() {
    sqlite3* raw = nullptr;
    if (sqlite3_open(":memory:", &raw) != SQLITE_OK) {
        sqlite3_close(raw);
        throw std::runtime_error("sqlite3_open failed");
    }
    db_.reset(raw);
}

void SqliteDb::exec(const std::string& sql) const {
    if (sqlite3_exec(db_.get(), sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK)
        throw std::runtime_error("SQLite refused: " + sql + ": " + sqlite3_errmsg(db_.get()));
}

Statement SqliteDb::prepare(const std::string& sql) const {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_.get(), sql.c_str(), -1, &raw, nullptr) != SQLITE_OK)
        throw std::runtime_error("SQLite refused: " + sql + ": " + sqlite3_errmsg(db_.get()));
    return Statement(raw);
}

std::set<std::size_t> SqliteDb::indexes(const std::string& sql) const {
    const Statement stmt = prepare(sql);
    std::set<std::size_t> ids;
    int rc = 0;
    while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW)
        ids.insert(static_cast<std::size_t>(sqlite3_column_int64(stmt.get(), 0)));
    if (rc != SQLITE_DONE) throw std::runtime_error("SQLite failed: " + sql + ": " + sqlite3_errmsg(db_.get()));
    return ids;
}

void SqliteDb::bind_text(sqlite3_stmt* stmt, int slot, const std::string* text) {
    if (!text)
        sqlite3_bind_null(stmt, slot);
    else
        sqlite3_bind_text(stmt, slot, text->c_str(), static_cast<int>(text->size()), SQLITE_TRANSIENT);
}

void SqliteDb::insert_step(sqlite3_stmt* stmt) const {
    if (sqlite3_step(stmt) != SQLITE_DONE)
        throw std::runtime_error(std::string("SQLite insert: ") + sqlite3_errmsg(db_.get()));
}

}  // namespace bds::testing
