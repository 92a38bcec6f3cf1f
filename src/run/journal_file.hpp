#pragma once
/// The run's journal on disk (docs/reliability.md, "Cleaning up after a run"): JSON lines, one per record the target
/// accepted, appended and flushed as it is accepted, so that a run killed outright (SIGKILL) still leaves the list of
/// what it wrote; the clean-up's outcome is appended last, and `conformance clean --journal FILE` sends the rest.
///
///   {"journal": "conformance", "version": 1, "run_prefix": "isv", "target": "https://…", "started_at": "…"}
///   {"role": "writer", "resource": "CliFor", "record": {…its key and required fields…}, "uncertain": false}
///   {"clean_up": "done", "sent": 812, "refused": 0, "left": 0, "at": "…"}
///
/// No secret: a role by its name ("writer"), never its credentials; a record as the run sent it (what deleting it
/// needs: Journal keeps the same).
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bds::run {

/// One record of a journal: as whom it was written, where, and what deleting it needs.
struct JournalEntry {
    std::string role;
    std::string resource;
    nlohmann::json record;
    bool uncertain = false;  ///< sent, but no answer came (Journal::accepted)
};

/// A journal being written. Not thread-safe: Journal calls it under its own lock.
class JournalFile {
public:
    /// Creates (or empties) `path`, its folder too, and writes `header`. std::runtime_error when it cannot.
    JournalFile(std::filesystem::path path, const nlohmann::json& header);
    /// Closes the file (what was appended is already flushed).
    ~JournalFile();
    JournalFile(const JournalFile&) = delete;
    JournalFile& operator=(const JournalFile&) = delete;

    /// Appends `records` (each what deleting it needs) and flushes. A write that fails is said once by failed().
    void append(const std::string& role, const std::string& resource, const std::vector<nlohmann::json>& records,
                bool uncertain);
    /// Appends the clean-up's outcome (cleanup_status) and flushes.
    void status(const nlohmann::json& status);
    /// Where the journal is written.
    const std::filesystem::path& path() const { return path_; }
    /// Why a write failed (a full disk), when one did.
    const std::optional<std::string>& failed() const { return failed_; }

private:
    void line(const nlohmann::json& doc);

    std::filesystem::path path_;
    std::FILE* file_ = nullptr;
    std::optional<std::string> failed_;
};

/// The line that closes a clean-up: "done" when nothing is left and nothing was refused, else "incomplete".
nlohmann::json cleanup_status(std::size_t sent, std::size_t refused, std::size_t left, const std::string& at);

/// A journal read back.
struct JournalContents {
    /// The journal's first line: its run's prefix, target, start and harness version.
    nlohmann::json header;
    std::vector<JournalEntry> entries;     ///< in the order written (a later line of a key is its last version)
    std::optional<nlohmann::json> status;  ///< the last clean-up outcome appended, if any
    /// Whether that outcome says every record went back deleted.
    bool finished() const { return status && status->value("clean_up", "") == "done"; }
};

/// Reads a journal. std::runtime_error for a file that cannot be read or is no journal; a last line cut short (the
/// run killed while writing it) is left out, as its record was not yet accepted.
JournalContents read_journal_file(const std::filesystem::path& path);

/// Appends a clean-up's outcome to the journal at `path` (`conformance clean`). std::runtime_error when it cannot.
void append_journal_status(const std::filesystem::path& path, const nlohmann::json& status);

/// The journal's file name for a run with `run_prefix` ("conformance-journal-isv.jsonl").
std::string journal_file_name(const std::string& run_prefix);

/// A run's journal, begun (RunOptions::journal_file): at `file`, else in `dir` named journal_file_name; neither: none.
std::unique_ptr<JournalFile> open_run_journal(const std::string& file, const std::string& dir,
                                              const std::string& run_prefix, const std::string& target,
                                              const std::string& started_at, const std::string& harness_version);

}  // namespace bds::run
