// Appending a run to the history file (history_store.hpp); reading it back is history_read.cpp.
#include "history/history_store.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <set>

#include "catalogue/requirements.hpp"
#include "history/history_schema.hpp"
#include "history/sqlite_file.hpp"
#include "run/baseline.hpp"
#include "run/statement_outcome.hpp"

namespace bds::history {
namespace {

/// Stores texts once: the id of `text`, added when new.
class Texts {
public:
    explicit Texts(SqliteFile& file)
        : insert_(file.prepare("INSERT OR IGNORE INTO texts(text) VALUES (?1)")),
          find_(file.prepare("SELECT id FROM texts WHERE text = ?1")) {}
    std::int64_t id(const std::string& text) {
        insert_.bind(1, text).run();
        find_.bind(1, text);
        const auto id = find_.step() ? find_.integer(0) : 0;
        find_.reset();
        return id;
    }

private:
    Statement insert_, find_;
};

std::int64_t insert_run(SqliteFile& file, const run::RunResult& run) {
    int reruns = 0;
    for (const auto& r : run.results) reruns += r.reruns.empty() ? 0 : 1;
    file.prepare(
            "INSERT INTO runs(started_at, target, release, harness_version, catalogue_sha256, seed, cases, verdict, "
            "requests, duration_ms, shard, stopped, reruns) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, "
            "?13)")
        .bind(1, run.started_at)
        .bind(2, run.target)
        .bind(3, run.release)
        .bind(4, run.harness_version)
        .bind(5, run.catalogue_sha256)
        .bind(6, std::to_string(run.seed))
        .bind(7, std::int64_t{run.cases})
        .bind(8, run::to_string(run.verdict()))
        .bind(9, std::int64_t{run.requests})
        .bind(10, run.duration_ms)
        .bind(11, run.shard)
        .bind(12, run.stopped)
        .bind(13, std::int64_t{reruns})
        .run();
    return file.last_insert_id();
}

void insert_checks(SqliteFile& file, std::int64_t id, const run::RunResult& run) {
    auto name = file.prepare("INSERT OR REPLACE INTO check_names(check_id, suite, title) VALUES (?1, ?2, ?3)");
    auto outcome = file.prepare(
        "INSERT OR REPLACE INTO check_outcomes(run_id, check_id, level, outcome, flaky, cases, requests, duration_ms) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    auto rerun =
        file.prepare("INSERT INTO reruns(run_id, check_id, attempt, seed, outcome) VALUES (?1, ?2, ?3, ?4, ?5)");
    auto finding = file.prepare("INSERT OR IGNORE INTO findings(run_id, check_id, text_id) VALUES (?1, ?2, ?3)");
    auto observation =
        file.prepare("INSERT OR IGNORE INTO observations(run_id, check_id, text_id) VALUES (?1, ?2, ?3)");
    Texts texts(file);
    for (const auto& r : run.results) {
        name.bind(1, r.id).bind(2, r.suite).bind(3, r.title).run();
        outcome.bind(1, id)
            .bind(2, r.id)
            .bind(3, to_string(r.level))
            .bind(4, run::to_string(r.outcome))
            .bind(5, std::int64_t{r.flaky()})
            .bind(6, std::int64_t{r.cases})
            .bind(7, std::int64_t{r.requests})
            .bind(8, r.duration_ms)
            .run();
        for (std::size_t i = 0; i < r.reruns.size(); ++i)
            rerun.bind(1, id)
                .bind(2, r.id)
                .bind(3, static_cast<std::int64_t>(i + 1))
                .bind(4, std::to_string(r.reruns[i].seed))
                .bind(5, run::to_string(r.reruns[i].outcome))
                .run();
        for (const auto& f : r.findings)
            finding.bind(1, id).bind(2, r.id).bind(3, texts.id(run::signature(r.id, f, run.run_prefix))).run();
        for (const auto& o : r.observations)
            observation.bind(1, id)
                .bind(2, r.id)
                .bind(3, texts.id(run::without_run_prefix(o.text, run.run_prefix)))
                .run();
    }
}

void insert_statements(SqliteFile& file, std::int64_t id, const run::RunResult& run) {
    auto insert = file.prepare(
        "INSERT INTO statement_outcomes(run_id, statement_id, level, outcome, flaky) VALUES (?1, ?2, ?3, ?4, ?5)");
    for (const auto& [statement, cell] : run::statement_outcomes(run))
        insert.bind(1, id)
            .bind(2, statement)
            .bind(3, to_string(cell.level))
            .bind(4, run::to_string(cell.outcome))
            .bind(5, std::int64_t{cell.flaky})
            .run();
}

/// A new history appears whole: made under another name, then linked to `path` (which fails when another process
/// made it first: then theirs is used). A process never opens a file another is still creating, whose empty state
/// it would cache.
/// One write transaction on `file`: the file made a history of the current schema (created or migrated), then `add`.
void in_transaction(SqliteFile& file, const std::function<void(SqliteFile&)>& add) {
    WriteTransaction transaction(file);
    prepare_for_writing(file);
    if (add) add(file);
    transaction.commit();
}

void create_whole(const std::string& path) {
    if (std::filesystem::exists(path)) return;
    const std::string made = path + ".new-" + std::to_string(::getpid());
    std::filesystem::remove(made);
    {
        SqliteFile file(made, true);
        in_transaction(file, {});
    }
    const int linked = ::link(made.c_str(), path.c_str());
    const int why = errno;
    std::filesystem::remove(made);
    if (linked != 0 && why != EEXIST) throw HistoryError(path + ": cannot be made: " + std::string(std::strerror(why)));
}

/// `add` in one write transaction on the history at `path`: made whole when missing, refused when it is no history.
void write_history(const std::string& path, const std::function<void(SqliteFile&)>& add) {
    create_whole(path);
    SqliteFile file(path, true);
    refuse_unknown(file);
    in_transaction(file, add);
}

}  // namespace

void prepare_history(const std::string& path) { write_history(path, {}); }

std::int64_t append_run(const std::string& path, const run::RunResult& run) {
    std::int64_t id = 0;
    write_history(path, [&](SqliteFile& file) {
        id = insert_run(file, run);
        insert_checks(file, id, run);
        insert_statements(file, id, run);
    });
    return id;
}

}  // namespace bds::history
