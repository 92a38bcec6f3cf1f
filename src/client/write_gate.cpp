#include "client/write_gate.hpp"

namespace bds::client {

WriteGate::Writing::Writing(WriteGate* gate, std::string resource) : gate_(gate), resource_(std::move(resource)) {
    if (!gate_) return;
    std::unique_lock lock(gate_->mutex_);
    State& s = gate_->states_[resource_];
    const auto self = std::this_thread::get_id();
    if (s.still_depth > 0 && s.still_by == self) return;  // the holder's own write
    gate_->changed_.wait(lock, [&] { return s.still_depth == 0 && s.still_waiting == 0; });
    ++s.writing;
    counted_ = true;
}

WriteGate::Writing::~Writing() {
    if (!counted_) return;
    {
        std::lock_guard lock(gate_->mutex_);
        --gate_->states_[resource_].writing;
    }
    gate_->changed_.notify_all();
}

WriteGate::Still::Still(WriteGate* gate, std::string resource) : gate_(gate), resource_(std::move(resource)) {
    if (!gate_) return;
    std::unique_lock lock(gate_->mutex_);
    State& s = gate_->states_[resource_];
    const auto self = std::this_thread::get_id();
    if (s.still_depth > 0 && s.still_by == self) {
        ++s.still_depth;
        return;
    }
    ++s.still_waiting;
    gate_->changed_.wait(lock, [&] { return s.still_depth == 0 && s.writing == 0; });
    --s.still_waiting;
    s.still_depth = 1;
    s.still_by = self;
}

WriteGate::Still::Still(Still&& other) noexcept : gate_(other.gate_), resource_(std::move(other.resource_)) {
    other.gate_ = nullptr;
}

WriteGate::Still::~Still() {
    if (!gate_) return;
    {
        std::lock_guard lock(gate_->mutex_);
        --gate_->states_[resource_].still_depth;
    }
    gate_->changed_.notify_all();
}

}  // namespace bds::client
