#pragma once
/// A conformance check: a small value with a stable id, one row of a table, the same type for the server's checks
/// (suites/server/*.cpp) and a connector's (suites/connector/, certify/connector_check.hpp).
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace bds {

/// RapidCheck cases per property check when a run does not say (`--cases`).
inline constexpr int kDefaultCases = 100;  // RapidCheck's own default

/// MUST: the seeds state it (a failure fails the gate). SHOULD: the seeds recommend it.
/// OBSERVE: the seeds are silent; the harness records what the target chose.
enum class Level { Must, Should, Observe };
std::string_view to_string(Level level);

/// One row of a check table, server or connector, written with designated initialisers:
///     {.id = "PAG-03", .title = …, .spec = "000 §8", .verifies = {"000-8-pages-start-at-1"}, .level = Level::Must,
///      .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .run = pages_start_at_one}
/// `Judged` is what `run` judges: a server check's Context (the target, its client and users), a connector check's
/// certify::Judge (one scenario run of the connector). The runner reads everything but `run`: it skips a check whose
/// `needs` the target file lacks, locks its `resources` (shared by readers, and by checks with `own_rows`). Connector
/// rows leave the members the runner reads (`needs` … `waits`) and `capability` empty: a scenario run is theirs alone
/// (tests/suites/registry_test.cpp holds them to that; docs/architecture.md, "Certifying a connector").
/// (Every member has a default so that GCC's -Wmissing-field-initializers accepts rows that leave some out.)
template <class Judged>
struct BasicCheck {
    std::string id{};  ///< stable, e.g. "PAG-03"; never a position; starts with its suite's prefix
    std::string title{};
    std::string spec{};  ///< e.g. "000 §4.1 rule 1"
    /// The statements of the seeds it verifies, by id (spec/requirements.json, catalogue/requirements.hpp): the one
    /// it rests on first (its quote is the one shown), then the others it judges; an OBSERVE check names the
    /// "not shown" statements it observes.
    std::vector<std::string> verifies{};
    Level level = Level::Must;
    /// The target-file users it cannot run without (client::kWriter, …): without one it is skipped, saying which.
    std::vector<std::string> needs{};
    /// The catalogue resources it reads or writes ("*": every one); the runner locks them, views widened to the
    /// records they derive from. Empty: none (tokens only, or unknown resources).
    std::vector<std::string> resources{};
    /// It sends records (POST sync): skipped by --read-only, and never run beside a check on the same resources
    /// unless it has `own_rows`.
    bool writes = false;
    /// What it writes, reads and judges are only rows under its own key prefix, answers that depend on no row (a
    /// 401, a 403, "never a 5xx"), or each row alone whoever wrote it (its shape, not which rows there are); a page of
    /// a whole feed, or a count that other writers change, it reads with the resource held still (client::Api::still:
    /// the run's other writers of it wait meanwhile). It runs beside other such checks on the same resources
    /// (run/resource_locks.hpp).
    bool own_rows = false;
    /// It spends most of its time waiting (for a token to expire): the runner gives it a thread of its own beside
    /// --jobs, and it holds its resources only while it asks (Context::wait_for lets them go).
    bool waits = false;
    /// It runs alone, before every other check, because they use what it finds (ENG-03: the literal forms the target's
    /// RecordSelection accepts).
    bool first = false;
    /// Its requests one after another at the default cases, about (its `chain` in a run's JSON report, measured
    /// against the bundled stub with a key pool, as a real target is run; 0: fewer than 10). Against a far target the
    /// runner starts the checks with the longest first, since the run ends when its longest chain does
    /// (docs/far-target.md, "The longest chains first"); tests/suites/chain_hints_test.cpp keeps it in step with what
    /// the check sends.
    int chain = 0;
    /// The check itself: a server check exchanges with the target through its Context; a connector check judges one
    /// scenario run through its Judge (called once per run).
    std::function<void(Judged&)> run{};
    /// What it exercises, for the reports' coverage map; empty: its suite.
    std::string capability{};
    /// The suite's name ("pagination": its file under suites/server/; "connector"): set by the suite table
    /// (suites/registry.cpp, suites/connector/replies.cpp), not by the row.
    std::string suite{};
    /// The seed sentence shown for it, word for word: the quote of the first of `verifies`, set by the suite table,
    /// not by the row.
    std::string seed_text{};

    /// The report's tags: the capability (or suite), then the resources.
    std::vector<std::string> tags() const {
        std::vector<std::string> out{capability.empty() ? suite : capability};
        out.insert(out.end(), resources.begin(), resources.end());
        return out;
    }
};

/// What a running server check reaches: target, client, users, oracles. Defined by the runner.
struct Context;

/// A server check: one row of a suite's table under suites/server/ (suites/registry.cpp lists the tables).
using Check = BasicCheck<Context>;

/// The checks whose suite is in `suites` or whose id starts with one of `id_prefixes` (both empty: all), less those
/// whose id starts with one of `excluded`. std::invalid_argument naming an unknown suite, or a prefix no id has.
std::vector<Check> select_checks(const std::vector<Check>& checks, const std::vector<std::string>& suites,
                                 const std::vector<std::string>& id_prefixes,
                                 const std::vector<std::string>& excluded = {});

/// Shard `k` of `n` (1 <= k <= n): every n-th check of the table ordered by id, starting at the k-th, so the
/// shards of one harness version split the checks deterministically and evenly across CI jobs.
std::vector<Check> select_shard(const std::vector<Check>& checks, int k, int n);

}  // namespace bds
