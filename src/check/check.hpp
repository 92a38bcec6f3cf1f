#pragma once
/// A conformance check: a small value with a stable id, declared in a suite's table under suites/.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace bds {

/// RapidCheck cases per property check when a run does not say (`--cases`).
inline constexpr int kDefaultCases = 10;

/// MUST: the seeds state it (a failure fails the gate). SHOULD: the seeds recommend it.
/// OBSERVE: the seeds are silent; the harness records what the target chose.
enum class Level { Must, Should, Observe };
std::string_view to_string(Level level);

/// What a running check reaches: target, client, users, oracles. Defined by the runner.
struct Context;

struct Check {
    std::string id;            ///< stable, e.g. "PAG-03"; never a position
    std::string suite;         ///< the suite folder under suites/, e.g. "pagination"
    std::string title;
    std::string spec;          ///< e.g. "000 §4.1 rule 1"
    std::string seed_text;     ///< the seed sentence it tests
    Level level = Level::Must;
    std::vector<std::string> tags;  ///< capability and the resources it touches ("*": every resource)
    /// It sends records (POST sync): skipped by --read-only, and never run beside a check on the same resources.
    bool writes = false;
    std::function<void(Context&)> run;
    /// It uses the RapidCheck generators without being a writing check (they must not run on two threads).
    bool generates = false;
};

/// Every check of every suite, in suite order, ids unique.
std::vector<Check> all_checks();

/// The checks whose suite is in `suites` or whose id starts with one of `id_prefixes` (both empty: all), less those
/// whose id starts with one of `excluded`. std::invalid_argument naming an unknown suite, or a prefix no id has.
std::vector<Check> select_checks(const std::vector<Check>& checks, const std::vector<std::string>& suites,
                                 const std::vector<std::string>& id_prefixes, const std::vector<std::string>& excluded = {});

/// Shard `k` of `n` (1 <= k <= n): every n-th check of the table ordered by id, starting at the k-th, so the
/// shards of one harness version split the checks deterministically and evenly across CI jobs.
std::vector<Check> select_shard(const std::vector<Check>& checks, int k, int n);

}  // namespace bds
