#include "run/resource_locks.hpp"

namespace bds::run {

ResourceLocks::Held::Held(ResourceLocks& locks, std::vector<std::string> names, Hold hold, bool taken)
    : locks_(locks), names_(std::move(names)), hold_(hold), held_(taken) {
    retake();
}

ResourceLocks::Held::~Held() { release(); }

void ResourceLocks::Held::release() {
    if (!held_) return;
    locks_.give_back(names_, hold_);
    held_ = false;
}

void ResourceLocks::Held::retake() {
    if (held_) return;
    locks_.take(names_, hold_);
    held_ = true;
}

bool ResourceLocks::admits(const std::vector<std::string>& names, Hold hold) {
    for (const auto& n : names) {
        const Holders& h = holders_[n];
        if (h.whole) return false;
        if (hold == Hold::Whole && (h.readers > 0 || h.own_rows > 0)) return false;
        if (hold == Hold::Read && h.own_rows > 0) return false;
        if (hold == Hold::OwnRows && h.readers > 0) return false;
    }
    return true;
}

void ResourceLocks::add(const std::vector<std::string>& names, Hold hold) {
    for (const auto& n : names) {
        Holders& h = holders_[n];
        if (hold == Hold::Read)
            ++h.readers;
        else if (hold == Hold::OwnRows)
            ++h.own_rows;
        else
            h.whole = true;
    }
}

void ResourceLocks::take(const std::vector<std::string>& names, Hold hold) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return admits(names, hold); });
    add(names, hold);
}

std::optional<std::size_t> ResourceLocks::take_first(std::deque<std::pair<std::size_t, Want>>& queue) {
    std::unique_lock lock(mutex_);
    while (!queue.empty()) {
        for (auto it = queue.begin(); it != queue.end(); ++it)
            if (admits(it->second.names, it->second.hold)) {
                add(it->second.names, it->second.hold);
                const std::size_t id = it->first;
                queue.erase(it);
                if (queue.empty()) changed_.notify_all();  // the others waiting for a check now wait for none
                return id;
            }
        changed_.wait(lock);
    }
    return std::nullopt;
}

void ResourceLocks::give_back(const std::vector<std::string>& names, Hold hold) {
    {
        std::lock_guard lock(mutex_);
        for (const auto& n : names) {
            Holders& h = holders_[n];
            if (hold == Hold::Read)
                --h.readers;
            else if (hold == Hold::OwnRows)
                --h.own_rows;
            else
                h.whole = false;
        }
    }
    changed_.notify_all();
}

}  // namespace bds::run
