#pragma once
/// The run history file (`conformance run --history FILE`, `conformance history FILE`): SQLite, one file that CI keeps
/// between pipelines. Each run appends, in one transaction, what it was (target, release, harness version, seed,
/// cases, verdict, requests, time), per check its outcome, reruns, finding signatures, requests and time, per
/// statement of the seeds its outcome, and its observations with the run's key prefix removed. The file carries
/// its schema version: an older one is migrated, a newer one or a file that is no history is refused.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "history/history_view.hpp"
#include "run/result.hpp"

namespace bds::history {

/// The history schema this program writes and reads (PRAGMA user_version of the file).
inline constexpr std::int64_t kSchemaVersion = 1;

/// A file that cannot be used as a history, with why: not SQLite, another program's database, a newer schema, or no
/// such file to read.
class HistoryError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Makes `path` ready for append_run before a run spends its time: creates it when missing, migrates an older
/// schema, and throws HistoryError for a file that is no history or of a newer schema.
void prepare_history(const std::string& path);

/// Appends `run` to the history at `path` (created when missing) and returns its number there. Two processes
/// appending at once each wait for the other's transaction (SQLite's lock, a busy time-out of a minute): both
/// runs are recorded, neither half. Throws HistoryError (or std::runtime_error from SQLite) when it cannot.
std::int64_t append_run(const std::string& path, const run::RunResult& run);

/// Which runs `conformance history` reads.
struct Filter {
    std::string target{};  ///< only runs of this base URL or release label ("": all)
    std::string since{};   ///< only runs started at or after this UTC time or date ("2026-11-27"; "": all)
    int last = 0;          ///< only the last N of those (0: all)
};

/// The runs of `path` the filter keeps, as one picture (history_view.hpp). Throws HistoryError when the file is
/// missing or is no history.
HistoryView read_history(const std::string& path, const Filter& filter);

}  // namespace bds::history
