#pragma once
/// What a run produces: per check an outcome with its findings, and the run as a whole. Reporters read this.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "check/check.hpp"
#include "client/exchange.hpp"
#include "client/exchange_log.hpp"

namespace bds::run {

/// pass, fail (a rule of the server was broken), skip (with its reason), error (the harness could not
/// judge: transport failure, bad fixture, exception inside the check; never blamed on the server).
enum class Outcome { Pass, Fail, Skip, Error };
std::string_view to_string(Outcome outcome);

/// A run's verdict: pass (every MUST check decided, none failed), fail (a MUST check failed: new ones, with a
/// baseline), incomplete (no MUST failure, but a MUST check could not decide: it erred, or was skipped for a reason
/// the run did not choose), interrupted (a signal ended the run before its end, whatever it had found: its MUST
/// failures are still listed). A run that could not decide is never a pass.
enum class Verdict { Pass, Fail, Incomplete, Interrupted };
std::string_view to_string(Verdict verdict);

/// Why a check erred: the target (it did not answer, or not in a way the check could use) or the harness itself
/// (an exception inside the check, a bug). Never a broken rule of the server.
enum class ErrorSource { Target, Harness };
std::string_view to_string(ErrorSource source);

/// A broken rule: what was expected, what came, where in the body, the exchange that shows it. Written with
/// designated initialisers (`{.expected = …, .actual = …, .exchange = …}`); what a finding leaves out is empty.
struct Finding {
    std::string expected{};
    std::string actual{};
    std::string pointer{};  ///< JSON pointer into the response (or request) body, "" for the whole
    std::optional<client::Exchange> exchange{};
    std::string counterexample{};  ///< the minimal generated input, for property checks
};

/// What the target chose where the seeds are silent (OBSERVE checks, and notes of other checks).
struct Observation {
    std::string text;
    std::optional<client::Exchange> exchange;
};

/// The most findings a check keeps: past it its findings are counted, not kept (Context::findings_not_kept). A
/// target that broke a rule on every row of every page (full pages of 10,000 rows, forever) made 10^5 findings a
/// check, each with its exchange: 3.4 GB in the run and a JSON report of 560 MB. The first few show what is broken.
inline constexpr std::size_t kMaxFindingsKept = 50;

/// The most observations a check keeps (each of a different text): past it they are counted, not kept
/// (Context::observations_not_kept). A block of cases observes once a case, and a text may quote what a row held.
inline constexpr std::size_t kMaxObservationsKept = 100;

/// How a check ended on one cell of the service matrix (catalogue/service_matrix.hpp) it judged among others
/// (Context::cell): the rule's and the endpoint's ids, the outcome there, and why, for a skip or an error.
struct CellOutcome {
    std::string rule;
    std::string endpoint;
    Outcome outcome = Outcome::Pass;
    std::string reason{};
    ErrorSource error_source = ErrorSource::Target;  ///< for an error
};

/// A rerun of a failed check (`run --rerun-failures N`): the seed it ran with and what it came to.
struct Rerun {
    std::uint64_t seed = 0;
    Outcome outcome = Outcome::Pass;
};

struct CheckResult {
    // The check's identity, copied so a result outlives the table.
    std::string id, suite, title, spec, seed_text;
    std::vector<std::string> verifies;  ///< the statements of the seeds it verifies (spec/requirements.json ids)
    Level level = Level::Must;
    std::vector<std::string> tags;

    Outcome outcome = Outcome::Pass;
    std::string reason;  ///< skip or error: why (a skip also says what would make the check run)
    /// Skipped because the run was asked to (--read-only, --max-failures): no undecided rule.
    bool skip_chosen = false;
    ErrorSource error_source = ErrorSource::Target;  ///< for an error
    /// A failure or error that probably follows from these failed checks it relies on (run/root_causes.hpp).
    std::vector<std::string> caused_by;
    std::vector<Finding> findings;
    std::vector<Observation> observations;
    /// Findings and observations the check made past those a check keeps (kMaxFindingsKept, kMaxObservationsKept):
    /// counted, and the reports say so.
    std::size_t findings_not_kept = 0;
    std::size_t observations_not_kept = 0;
    int cases = 0;  ///< property cases run (0 for a single-shot check)
    long requests = 0;
    /// Its requests one after another at most (those of the parts it ran at once counted by their longest lane): what
    /// a target far away makes it cost, in round trips (run/at_once.hpp).
    long chain = 0;
    double duration_ms = 0;
    /// When it started, in ms from the start of the run: with duration_ms, the run's timeline (which checks ran at
    /// once).
    double started_ms = 0;
    std::string replay;  ///< command-line arguments that repeat this check with its seed
    /// The matrix cells it judged one by one, in the order judged; empty when it judges one cell, or none, as a whole.
    std::vector<CellOutcome> cells;
    /// Its reruns after it failed (--rerun-failures), in order; empty when it was not rerun.
    std::vector<Rerun> reruns;
    /// It failed and a rerun passed: a rule the target keeps only sometimes. The failure still counts.
    bool flaky() const;
};

/// A result that names `check` (a server or a connector check), not yet judged.
template <class Judged>
CheckResult result_named(const BasicCheck<Judged>& check) {
    CheckResult r;
    r.id = check.id;
    r.suite = check.suite;
    r.title = check.title;
    r.spec = check.spec;
    r.seed_text = check.seed_text;
    r.verifies = check.verifies;
    r.level = check.level;
    r.tags = check.tags();
    return r;
}

/// How a run compares with a baseline report (--baseline): see run/baseline.hpp.
struct BaselineComparison {
    std::string source;
    std::vector<std::string> new_failures;    ///< MUST failures the baseline did not have: these fail the gate
    std::vector<std::string> known_failures;  ///< MUST failures the baseline had too
    std::vector<std::string> fixed;           ///< MUST failures of the baseline that pass now
};

/// What a check made past what it keeps, for the reports: "1,234 more findings not kept (a check keeps 50)", the
/// same of observations, or "" when it kept everything.
std::string not_kept_text(const CheckResult& r);

/// What the reruns of a failed check came to (--rerun-failures): "flaky: passed on rerun 2 of 2 (seed 94425)",
/// "failed again on 2 reruns", or "" when it was not rerun.
std::string rerun_text(const CheckResult& r);

/// This harness's version, as CMake's project() gives it.
std::string_view harness_version();

struct RunResult {
    std::string target;   ///< base URL
    std::string release;  ///< the target's release label (the target file's `release`, or --release), or ""
    std::string harness_version;
    std::string catalogue_sha256;
    std::uint64_t seed = 0;
    int cases = 0;
    std::string started_at;  ///< UTC, ISO 8601
    double duration_ms = 0;
    long requests = 0;
    std::string envelope;  ///< the list envelope the run settled on
    std::string run_prefix;
    std::size_t records_written = 0;  ///< distinct records the run sent, all logically deleted at its end
    std::vector<std::string> notes;   ///< run-level problems, e.g. a clean-up the target refused
    /// The shell line that sets $TOKEN for the reports' curl lines (the password left as $PASSWORD).
    std::string token_command;
    std::vector<CheckResult> results;

    /// Set when the run was compared with a baseline.
    std::optional<BaselineComparison> baseline;
    /// The shard this run was, "k/n", or "" for all checks.
    std::string shard;
    /// Why the run was stopped before its checks ended ("interrupted by SIGTERM", "the target stopped answering: …"),
    /// or "" (it ran to its end or its time limit).
    std::string stopped;
    /// The signal that interrupted the run before its end ("SIGTERM", run/interruption.hpp), or "": the verdict is then
    /// interrupted. An interrupt that came during the clean-up sets it too, with `stopped` empty (every check ended).
    std::string interrupted;
    /// Every exchange the run sent, in the order sent, when RunOptions::log_exchanges asked for them (the HAR
    /// report), else empty: the other reports show only the exchanges of findings and observations.
    std::vector<client::LoggedExchange> exchanges;
    /// Exchanges past client::kMaxLoggedBytes: counted, not kept (the HAR report says how many).
    std::uint64_t exchanges_not_kept = 0;
    /// Where the HTML report links an exchange's HAR entry (the HAR file, relative to the HTML file), or "" when
    /// the run wrote no HAR file.
    std::string har_href;
    /// MUST checks that failed.
    int must_failures() const;
    /// What fails the gate (exit code 1): the new MUST failures with a baseline, every MUST failure without.
    int gate_failures() const;
    /// MUST checks that could not decide: in error, or skipped for a reason the run did not choose.
    std::vector<std::string> undecided() const;
    Verdict verdict() const;
};

/// The verdict in a line: "pass: …", "fail: 2 MUST failures", "incomplete: … could not decide (AUTH-06, VIEW-10)",
/// "interrupted by SIGTERM before the run ended: 1 MUST failure, 40 MUST checks undecided".
std::string verdict_text(const RunResult& run);

/// `text` with the run's key prefix replaced by "~" where it starts a key (the prefix, then a check's number: two
/// base-36 characters, a digit first), so that texts of two runs compare. A prefix inside an ordinary word ("dow"
/// in "Windows", "sta" in "status") stays: replaced in one run and not another, it made equal texts differ.
std::string without_run_prefix(std::string text, const std::string& run_prefix);

}  // namespace bds::run
