#include "stub/change_index.hpp"

#include <algorithm>

#include "stub/store.hpp"

namespace bds::stub {

std::optional<std::vector<const KeyedRow*>> ChangeIndex::changed_after(const std::map<std::string, Row>& rows,
                                                                       std::int64_t after, std::size_t most) const {
    std::lock_guard lock(mutex_);
    if (!built_) {
        for (const KeyedRow& row : rows) by_change_.emplace(row.second.changed, &row);
        built_ = true;
    }
    std::vector<const KeyedRow*> out;
    for (auto it = by_change_.upper_bound(after); it != by_change_.end(); ++it) {
        if (out.size() == most) return std::nullopt;
        out.push_back(it->second);
    }
    std::sort(out.begin(), out.end(), [](const KeyedRow* a, const KeyedRow* b) { return a->first < b->first; });
    return out;
}

void ChangeIndex::add(const KeyedRow& row) {
    if (built_) by_change_.emplace(row.second.changed, &row);
}

void ChangeIndex::remove(const KeyedRow& row) {
    if (!built_) return;
    const auto [from, to] = by_change_.equal_range(row.second.changed);
    for (auto it = from; it != to; ++it)
        if (it->second == &row) {
            by_change_.erase(it);
            return;
        }
}

}  // namespace bds::stub
