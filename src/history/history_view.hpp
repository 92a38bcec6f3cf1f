#pragma once
/// A run history read back as one picture (`conformance history FILE`): the runs in order, per statement of the
/// seeds and per check its outcome in each run with its pass rate and whether it is flaky, the behaviour map over
/// time, and the time per request by suite. The reports (Markdown, HTML, JSON) read this; history/history_store.hpp
/// makes it from the file.
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "run/result.hpp"

namespace bds::history {

/// One run of the history, as `conformance run --history` appended it.
struct RunRow {
    std::int64_t id = 0;     ///< its number in the file (1, 2, …), stable
    std::string started_at;  ///< UTC, ISO 8601
    std::string target;      ///< base URL
    std::string release;     ///< the target's release label (target file `release`, or --release), or ""
    std::string harness_version;
    std::uint64_t seed = 0;
    int cases = 0;
    std::string verdict;  ///< pass, fail, incomplete, interrupted
    long requests = 0;
    double duration_ms = 0;
    int reruns = 0;  ///< checks rerun (--rerun-failures)
};

/// What one statement or check came to in one run.
struct Cell {
    run::Outcome outcome = run::Outcome::Pass;
    /// It failed in the run and passed on a rerun (--rerun-failures): a rule kept only sometimes.
    bool flaky = false;
};

/// A statement of the seeds (spec/requirements.json id) or a check across the runs.
struct Track {
    std::string id;
    std::string text;   ///< the statement's quote, or the check's title
    std::string level;  ///< MUST, SHOULD, OBSERVE (a statement: the strongest of its checks)
    /// One per run of HistoryView::runs, in order: nullopt where the run did not judge it.
    std::vector<std::optional<Cell>> cells;
    int passed = 0;   ///< runs where it passed
    int decided = 0;  ///< runs where it passed or failed (a skip or an error decides nothing)
    /// The first run (HistoryView::runs index) where it failed, or nullopt.
    std::optional<std::size_t> first_failed;
    /// Outcomes that changed between runs of one release (or, without one, base URL) and harness version, or a
    /// failure a rerun passed.
    bool flaky = false;
    /// Pass rate in the runs that decided it (passed / decided), nullopt when none did.
    std::optional<double> pass_rate() const {
        return decided ? std::optional<double>(static_cast<double>(passed) / decided) : std::nullopt;
    }
};

/// An observation (OBSERVE text, the run's key prefix removed) over the runs: what the target chose where the
/// seeds are silent, and when that started and stopped.
/// Texts that differ only in values (a count, a status, a quoted text: report/observation_shape.hpp) are one
/// behaviour: a count that follows the seed is no change of behaviour, a status that moves once is.
struct Behaviour {
    std::string check;
    std::string text;  ///< as the last run that made it wrote it
    /// "" when every run that made it wrote the same text; "400 → 422 from run #5" when its values changed once
    /// (at that run); "values vary: 128, 126, 123" when they changed more often (counts that follow the seed).
    std::string change{};
    /// The run (HistoryView::runs index) where its values changed, when they changed once.
    std::optional<std::size_t> changed_at{};
    std::size_t first = 0;  ///< the first run (HistoryView::runs index) that made it
    std::size_t last = 0;   ///< the last run that made it
    int seen = 0;           ///< in how many runs
    /// Made by every one of the `runs` that ran its check, alike or with values that follow the seed: what held.
    bool steady(int runs) const { return seen >= runs && !changed_at; }
};

/// Milliseconds per request of one suite in each run (its checks' time over their requests, property checks left
/// out: their time is mostly the harness's), nullopt where the run sent it no request.
struct SuiteTiming {
    std::string suite;
    std::vector<std::optional<double>> ms_per_request;  ///< one per run
};

/// The whole picture, of the runs a filter kept (--target, --since, --last), oldest first.
struct HistoryView {
    std::string file;  ///< the history file, as named on the command line
    std::vector<RunRow> runs;
    std::vector<Track> statements;  ///< in the order of spec/requirements.json
    std::vector<Track> checks;      ///< by id
    /// Every observation text, by first run then check; those every run made are kept too (they say what held).
    std::vector<Behaviour> behaviour;
    std::vector<SuiteTiming> timing;  ///< by suite name
};

/// In how many runs of `view` its check `check` was judged (its track's cells), so that an observation is compared
/// only with the runs that could make it; all runs when the check has no track.
int runs_judging(const HistoryView& view, const std::string& check);

/// Markdown: the runs, the flaky and failing statements and checks with their pass rates, the behaviour that
/// changed, the time per request by suite.
void write_history_markdown(const HistoryView& view, std::ostream& out);

/// JSON (reports/history.schema.json describes it).
void write_history_json(const HistoryView& view, std::ostream& out);

/// One self-contained HTML page (inline CSS and SVG, no script, no external URL): a timeline of verdicts per run, a
/// grid of statements × runs coloured by outcome with the flaky ones marked, and a chart of time per request.
void write_history_html(const HistoryView& view, std::ostream& out);

}  // namespace bds::history
