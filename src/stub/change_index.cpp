#include "stub/change_index.hpp"

#include <algorithm>

#include "stub/store.hpp"

namespace bds::stub {

std::optional<std::vector<const KeyedRow*>> ChangeIndex::changed_after(const std::map<std::string, Row>& rows,
                                                                       std::int64_t after, std::size_t most) const {
    std::lock_guard lock(state_.mutex());
    State& state = *state_;
    if (!state.built) {
        for (const KeyedRow& row : rows) state.by_change.emplace(row.second.changed, &row);
        state.built = true;
    }
    std::vector<const KeyedRow*> out;
    for (auto it = state.by_change.upper_bound(after); it != state.by_change.end(); ++it) {
        if (out.size() == most) return std::nullopt;
        out.push_back(it->second);
    }
    std::sort(out.begin(), out.end(), [](const KeyedRow* a, const KeyedRow* b) { return a->first < b->first; });
    return out;
}

void ChangeIndex::add(const KeyedRow& row) {
    if (state_->built) state_->by_change.emplace(row.second.changed, &row);
}

void ChangeIndex::remove(const KeyedRow& row) {
    if (!state_->built) return;
    const auto [from, to] = state_->by_change.equal_range(row.second.changed);
    for (auto it = from; it != to; ++it)
        if (it->second == &row) {
            state_->by_change.erase(it);
            return;
        }
}

}  // namespace bds::stub
