#pragma once
/// Whether what several clients saw of one key, at once, is explained by some sequential order of what they did: the
/// key is a register (no row, or the row one send wrote), each write takes effect at one instant between its send and
/// its answer (or never, when it was refused; maybe, when no answer came), and each read sees the register at one
/// instant between its send and its answer. This is linearizability per key (the checkers of Jepsen and QuickCheck's
/// parallel state machines search the same way), with one weakening the seeds call for: two reads are not ordered
/// by when they ran, only by the writes between them, since the seeds say nothing of what concurrent readers see
/// while a write is in flight (docs/races.md). Keys are judged one by one: a block is not an atomic unit here
/// (whether a reader sees part of one is observed, never judged).
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace bds::oracle {

/// One operation on the key, as its client saw it.
struct RegisterOp {
    enum class Kind { Write, Read };
    /// What became of a write: answered 200 (it took effect), refused (it never did), or no answer (either).
    enum class Outcome { Applied, Refused, Unknown };
    Kind kind = Kind::Read;
    std::size_t label = 0;  ///< the operation's number in the history, for the report
    double sent = 0;        ///< ms since the history began
    double answered = std::numeric_limits<double>::infinity();  ///< ms; infinity when no answer came
    Outcome outcome = Outcome::Applied;                         ///< a write's
    int value = 0;                                              ///< a write's: the value it writes (its send's number)
    bool absent = false;                                        ///< a read's: no row had the key
    bool several = false;                                       ///< a read's: more than one row had the key
    std::vector<int> seen{};  ///< a read's: the values whose fields the row it read holds, whole (several when equal)
};

/// The verdict on one key's operations.
struct RegisterVerdict {
    bool explained = true;
    /// Explained: the labels in a sequential order that explains them (writes that never took effect left out).
    std::vector<std::size_t> order{};
    /// Not explained: why, in a sentence naming the operations by label.
    std::string why{};
};

/// Searches for a sequential order of `ops` (at most 60) that explains every read, from a register holding nothing.
RegisterVerdict explain_register(const std::vector<RegisterOp>& ops);

}  // namespace bds::oracle
