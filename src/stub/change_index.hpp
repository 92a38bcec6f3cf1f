#pragma once
/// Rows of one table by the instant they last changed (Row::changed), so that the change feed after a recent
/// LastUtcRun (000 §4.3) visits the rows changed since rather than every row: built by the first read that asks,
/// then kept in step by every write to the table, as TextIndexes are.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "stub/keyed_row.hpp"

namespace bds::stub {

class ChangeIndex {
public:
    /// The rows of `rows` whose `changed` is after `after`, in key order; nullopt when more than `most` are (a scan of
    /// every row is then as quick). Safe for readers that share the store's read lock.
    std::optional<std::vector<const KeyedRow*>> changed_after(const std::map<std::string, Row>& rows,
                                                              std::int64_t after, std::size_t most) const;
    /// Notes a row stored (`add`) or about to be replaced or removed (`remove`), under the store's write lock.
    void add(const KeyedRow& row);
    void remove(const KeyedRow& row);

private:
    struct State {
        bool built = false;
        std::multimap<std::int64_t, const KeyedRow*> by_change;
    };
    Rebuilt<State> state_;
};

}  // namespace bds::stub
