#include "history/history_schema.hpp"

#include <array>
#include <string>

#include "history/history_store.hpp"

namespace bds::history {
namespace {

/// Step i brings a file of schema i to schema i + 1; the first creates the tables. A new schema is one more step
/// (an ALTER TABLE, a new table), never an edit of an old one: files written by every release stay readable.
constexpr std::array<const char*, kSchemaVersion> kSteps = {
    // 0 → 1. Texts that repeat across runs (check titles, observations, finding signatures) are stored once.
    R"sql(
CREATE TABLE runs(id INTEGER PRIMARY KEY, started_at TEXT NOT NULL, target TEXT NOT NULL, release TEXT NOT NULL,
  harness_version TEXT NOT NULL, catalogue_sha256 TEXT NOT NULL, seed TEXT NOT NULL, cases INTEGER NOT NULL,
  verdict TEXT NOT NULL, requests INTEGER NOT NULL, duration_ms REAL NOT NULL, shard TEXT NOT NULL,
  stopped TEXT NOT NULL, reruns INTEGER NOT NULL);
CREATE TABLE texts(id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE);
CREATE TABLE check_names(check_id TEXT PRIMARY KEY, suite TEXT NOT NULL, title TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE check_outcomes(run_id INTEGER NOT NULL REFERENCES runs(id), check_id TEXT NOT NULL,
  level TEXT NOT NULL, outcome TEXT NOT NULL, flaky INTEGER NOT NULL, cases INTEGER NOT NULL,
  requests INTEGER NOT NULL, duration_ms REAL NOT NULL, PRIMARY KEY(run_id, check_id)) WITHOUT ROWID;
CREATE TABLE reruns(run_id INTEGER NOT NULL REFERENCES runs(id), check_id TEXT NOT NULL, attempt INTEGER NOT NULL,
  seed TEXT NOT NULL, outcome TEXT NOT NULL, PRIMARY KEY(run_id, check_id, attempt)) WITHOUT ROWID;
CREATE TABLE findings(run_id INTEGER NOT NULL REFERENCES runs(id), check_id TEXT NOT NULL,
  text_id INTEGER NOT NULL REFERENCES texts(id), PRIMARY KEY(run_id, check_id, text_id)) WITHOUT ROWID;
CREATE TABLE observations(run_id INTEGER NOT NULL REFERENCES runs(id), check_id TEXT NOT NULL,
  text_id INTEGER NOT NULL REFERENCES texts(id), PRIMARY KEY(run_id, check_id, text_id)) WITHOUT ROWID;
CREATE TABLE statement_outcomes(run_id INTEGER NOT NULL REFERENCES runs(id), statement_id TEXT NOT NULL,
  level TEXT NOT NULL, outcome TEXT NOT NULL, flaky INTEGER NOT NULL, PRIMARY KEY(run_id, statement_id))
  WITHOUT ROWID;
)sql",
};

bool has_tables(SqliteFile& file) {
    auto stmt = file.prepare("SELECT count(*) FROM sqlite_master");
    return stmt.step() && stmt.integer(0) > 0;
}

/// The schema of `file`, or throws HistoryError when it is not a history this program knows.
std::int64_t known_version(SqliteFile& file) {
    std::int64_t id = 0, version = 0;
    try {
        id = file.pragma("application_id");
        version = file.pragma("user_version");
    } catch (const std::runtime_error& e) {  // "file is not a database"
        throw HistoryError(file.path() + " is not a conformance history (it is not a SQLite file: " + e.what() + ")");
    }
    if (id == 0 && version == 0 && !has_tables(file)) return 0;  // empty: a new history
    if (id != kApplicationId)
        throw HistoryError(file.path() +
                           " is not a conformance history: it is another program's SQLite database "
                           "(application_id " +
                           std::to_string(id) + "); name a new file or a history");
    if (version > kSchemaVersion)
        throw HistoryError(file.path() + " is a history of schema " + std::to_string(version) +
                           ", written by a newer conformance; this one (" + std::string(run::harness_version()) +
                           ") reads schema " + std::to_string(kSchemaVersion) + " and older: use the newer one");
    return version;
}

}  // namespace

void refuse_unknown(SqliteFile& file) { known_version(file); }

void prepare_for_writing(SqliteFile& file) {
    // Inside the caller's write transaction: a second process creating the same new file waits, then sees it made.
    for (std::int64_t version = known_version(file); version < kSchemaVersion; ++version) {
        file.exec(kSteps[static_cast<std::size_t>(version)]);
        file.exec("PRAGMA user_version = " + std::to_string(version + 1));
    }
    file.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
}

void prepare_for_reading(SqliteFile& file) {
    const auto version = known_version(file);
    if (version == 0)
        throw HistoryError(file.path() + " holds no run yet: append one with `conformance run --history`");
    if (version < kSchemaVersion) {  // an older file: migrated as an append would
        WriteTransaction transaction(file);
        prepare_for_writing(file);
        transaction.commit();
    }
}

}  // namespace bds::history
