#pragma once
/// Histories of sends and reads of a few keys by clients at once (RACE-01, RACE-02, RACE-05): run on connections of
/// their own (race_clients.hpp), judged key by key by oracle::explain_register, and, when one fails, shrunk to the
/// fewest operations and clients that still fail (docs/races.md).
#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "run/context.hpp"

namespace bds::suites {

/// A history of sends and reads of `keys` keys of one resource.
struct KeyHistory {
    /// One operation of a client: a send of versions (one record per key) or a read of keys.
    struct Op {
        int client = 0;
        bool send = false;
        std::vector<std::size_t> items{};  ///< a send: indexes into versions; a read: keys
    };
    const Record* record = nullptr;
    std::size_t keys = 0;
    /// The records sent: each a key's (its position) and the record, its key fields set when the history runs.
    std::vector<std::pair<std::size_t, nlohmann::json>> versions{};
    /// Versions client 1 sends alone before the others start, so that every key holds a row of this run: empty for
    /// keys nobody has written (`fresh`).
    std::vector<std::size_t> setup{};
    std::vector<Op> ops{};    ///< each client's, in its order
    std::vector<Op> after{};  ///< each client's, once every one of `ops` was answered
    int clients = 2;
    bool fresh = false;  ///< its keys are new at each run (races of inserts)
};

/// What one read of a history saw: per key it read, the versions whose fields its row holds whole (empty: no row, or
/// a row of none).
struct ReadSeen {
    std::vector<std::size_t> keys{};
    std::vector<std::vector<int>> seen{};
    bool overlapped_a_send = false;  ///< a send of another client was in flight meanwhile
};

/// How one run of a history went.
struct KeyRun {
    bool sends_met = false;               ///< two sends of one key from different clients were in flight at once
    bool clients_met = false;             ///< two requests of different clients were
    std::vector<std::string> failures{};  ///< per key no sequential order explains: "key …: read #5 found …"
    std::vector<ReadSeen> reads{};
    std::string timeline{};
};

/// Runs `h` with its keys under `key_prefix` (a fresh history: a prefix never used before), and judges each key.
KeyRun run_key_history(Context& ctx, const KeyHistory& h, const std::string& key_prefix);

/// `h` and its failing run made smaller, while it fails: without a client (down to two), then without an operation,
/// each candidate run again (`prefix_of(n)`: the key prefix of its n-th run), within a few tries and the run's
/// shrinking budget. `note` says when that budget cut it short.
std::pair<KeyHistory, KeyRun> shrink_key_history(Context& ctx, KeyHistory h, KeyRun failing,
                                                 const std::function<std::string(std::size_t)>& prefix_of,
                                                 std::string& note);

/// What a history is, for a counterexample: "CliFor, 3 clients, 2 keys, 9 requests".
std::string describe(const KeyHistory& h);

}  // namespace bds::suites
