#pragma once
/// Two runs compared (`conformance diff BASE.json NEW.json`, and --report diff-md=F with --baseline): what a
/// release changed. Outcomes that moved, failures new and fixed (by the baseline's finding signature,
/// run/baseline.hpp), the behaviour map's changes (OBSERVE texts, with the assumption rows they cite, grouped by
/// cause), time per
/// request that moved beyond noise, and the runs' totals. The writers escape every text for their format: texts
/// come from the servers under test.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "report/run_diff_groups.hpp"
#include "run/result.hpp"

namespace bds::report {

/// What is compared, and how timing is judged.
///
/// Timing: a check's time per request (duration_ms / requests) is listed when both runs made at least
/// `timing_min_requests` requests, the slower is at least `timing_ratio` times the faster, and they differ by at
/// least `timing_min_ms` per request. Why these: against the stub a request takes well under 1 ms and a shared CI
/// machine's scheduling adds about a millisecond now and then; with fewer than 20 requests one slow connect or
/// pause decides the mean; a ratio without the floor lists 0.1 → 0.2 ms, a floor without the ratio lists every
/// check of a slow target. Property checks (cases > 0) are left out: their time is mostly the harness's own, drawing
/// cases and judging them with the oracle, and moves with the machine's load. `timing_ratio` 0 turns timing off.
struct DiffOptions {
    double timing_ratio = 1.5;
    double timing_min_ms = 2;
    long timing_min_requests = 20;
    std::string base_label = "base";  ///< how the writers name each run (e.g. its file)
    std::string next_label = "new";
};

/// A check as one run has it.
struct CheckRef {
    std::string id, title;
    Level level = Level::Must;
    run::Outcome outcome = run::Outcome::Pass;
};

/// A check in both runs whose outcome moved.
struct OutcomeChange {
    std::string id, title;
    Level level = Level::Must;
    run::Outcome before = run::Outcome::Pass, after = run::Outcome::Pass;
};

/// A way of failing (run::signature) one run has and the other lacks, with its first finding's texts.
struct FailureChange {
    std::string id;
    Level level = Level::Must;
    std::string signature, expected, actual;
};

/// An observation of a check that changed: `before` and `after` paired (of one wording but for values,
/// observation_shape.hpp; else citing the same A-ids), or one of them empty (gone, new). Texts without the run's key
/// prefix, otherwise as written, numbers included: a number is often the behaviour (a status). Against one behaviour,
/// one seed gives the same texts run after run; another seed draws other cases, and texts that describe them (FIL-01's
/// row counts, FIL-05's sample of malformed inputs) differ with no behaviour change. No rule tells such numbers from a
/// status, so none is taken out: the writers say when the seeds differ (compare runs of one seed to see behaviour
/// alone).
struct ObservationChange {
    std::string id, title;
    std::vector<std::string> assumptions{};  ///< "A-84", in order of first mention
    std::string before{}, after{};
    /// A pair's change: its values' ("400 → 422", value_change) or else its words' (wording_change); else empty.
    std::string change{};
};

/// A check's time per request that moved beyond the noise (DiffOptions).
struct TimingChange {
    std::string id, title;
    long requests_before = 0, requests_after = 0;
    double ms_per_request_before = 0, ms_per_request_after = 0;
};

/// One run's totals.
struct RunTotals {
    std::string label, target, started_at, harness_version;
    std::uint64_t seed = 0;
    std::size_t checks = 0;
    long requests = 0;
    std::size_t records_written = 0;
    double duration_ms = 0;
    int must_failures = 0;
    run::Verdict verdict = run::Verdict::Pass;
    std::string verdict_text;
};

struct RunDiff {
    RunTotals base, next;
    std::vector<OutcomeChange> outcomes;  ///< in NEW's check order
    std::vector<CheckRef> only_in_base, only_in_next;
    std::vector<FailureChange> new_failures, fixed_failures;
    std::vector<ObservationChange> observations;
    std::vector<ObservationGroup> groups;  ///< `observations` by cause (run_diff_groups.hpp)
    std::vector<TimingChange> timing;
    bool timing_compared = true;  ///< false when DiffOptions::timing_ratio is 0
    bool seeds_differ() const { return base.seed != next.seed; }
    /// MUST checks failing in NEW that did not fail in BASE, or fail in a way it lacks: these fail `diff`'s exit.
    std::vector<std::string> must_newly_failing;
    /// Nothing changed but totals and timing below the noise.
    bool empty() const;
};

/// NEW compared with BASE.
RunDiff diff_runs(const run::RunResult& base, const run::RunResult& next, const DiffOptions& options = {});

/// The assumption rows ("A-NN", spec/assumptions.md) `text` names, in order of first mention, each once.
std::vector<std::string> assumption_ids(const std::string& text);

/// A Markdown page for a CI job summary or a terminal: a summary of a screen (verdicts, newly failing MUST checks,
/// behaviour changes by cause), then the tables folded in <details>; every text made inert.
void write_diff_markdown(const RunDiff& diff, std::ostream& out);
/// One self-contained HTML page (inline CSS, no external URL); every text escaped.
void write_diff_html(const RunDiff& diff, std::ostream& out);
/// The diff as data, keys in a stable order.
nlohmann::ordered_json diff_to_json(const RunDiff& diff);
/// diff_to_json, indented, invalid UTF-8 replaced.
void write_diff_json(const RunDiff& diff, std::ostream& out);

using DiffWriter = std::function<void(const RunDiff&, std::ostream&)>;
/// The writers by format name: "html", "json", "md".
const std::map<std::string, DiffWriter>& diff_writers();

}  // namespace bds::report
