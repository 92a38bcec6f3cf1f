#pragma once
/// Rows of one table by the instant they last changed (Row::changed), so that the change feed after a recent
/// LastUtcRun (000 §4.3) visits the rows changed since rather than every row: built by the first read that asks,
/// then kept in step by every write to the table, as TextIndexes are.
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace bds::stub {

struct Row;
/// A stored row with its key (an element of Table::rows).
using KeyedRow = std::pair<const std::string, Row>;

class ChangeIndex {
public:
    ChangeIndex() = default;
    /// A copy has no index: it is built again when a read needs one.
    ChangeIndex(const ChangeIndex&) {}
    ChangeIndex& operator=(const ChangeIndex&) = delete;

    /// The rows of `rows` whose `changed` is after `after`, in key order; nullopt when more than `most` are (a scan of
    /// every row is then as quick). Safe for readers that share the store's read lock.
    std::optional<std::vector<const KeyedRow*>> changed_after(const std::map<std::string, Row>& rows,
                                                              std::int64_t after, std::size_t most) const;
    /// Notes a row stored (`add`) or about to be replaced or removed (`remove`), under the store's write lock.
    void add(const KeyedRow& row);
    void remove(const KeyedRow& row);

private:
    mutable std::mutex mutex_;
    mutable bool built_ = false;
    mutable std::multimap<std::int64_t, const KeyedRow*> by_change_;
};

}  // namespace bds::stub
