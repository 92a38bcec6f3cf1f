#pragma once
/// The history file's tables and how an older file becomes the current schema (history_store.hpp).
#include <cstdint>

#include "history/sqlite_file.hpp"

namespace bds::history {

/// PRAGMA application_id of a history file ("BDSH"): tells it from another program's SQLite database.
inline constexpr std::int64_t kApplicationId = 0x42445348;

/// Throws HistoryError for a file that is not SQLite, another program's database, or of a newer schema: said
/// before a write transaction is begun (which a file that is not SQLite refuses with less to go on).
void refuse_unknown(SqliteFile& file);

/// Makes `file` a history of the current schema inside a write transaction: creates it when empty, migrates an
/// older schema step by step, and throws HistoryError for a file of another program or of a newer schema.
void prepare_for_writing(SqliteFile& file);

/// Throws HistoryError unless `file` is a history this program can read; an older schema is migrated first.
void prepare_for_reading(SqliteFile& file);

}  // namespace bds::history
