#pragma once
/// What the stub's indexes of a table's rows (text_index.hpp, change_index.hpp) share: the row they point at, and how
/// they are kept.
#include <mutex>
#include <string>
#include <utility>

namespace bds::stub {

struct Row;
/// A stored row with its key (an element of Table::rows).
using KeyedRow = std::pair<const std::string, Row>;

/// Data derived from a table's rows, built by the first read that needs it. A copy of the table starts without it (it
/// points at the original's rows), to be built again when a read needs it.
template <class T>
class Rebuilt {
public:
    Rebuilt() = default;
    Rebuilt(const Rebuilt&) {}
    Rebuilt& operator=(const Rebuilt&) = delete;

    /// The data: readers that share the store's read lock take `mutex()` first; a writer holds the store's write lock.
    T& operator*() const { return value_; }
    T* operator->() const { return &value_; }
    std::mutex& mutex() const { return mutex_; }

private:
    mutable std::mutex mutex_;
    mutable T value_{};
};

}  // namespace bds::stub
