#include "run/shrink_budget.hpp"

namespace bds::run {

ShrinkBudget::ShrinkBudget(int tries, std::chrono::milliseconds time) : tries_(tries), time_(time) {}

bool ShrinkBudget::take() {
    if (spent()) return false;
    // Two checks may take the last try at once: the one past the bound gives it back.
    if (tried_.fetch_add(1) >= tries_) {
        tried_.fetch_sub(1);
        return false;
    }
    return true;
}

void ShrinkBudget::spend(std::chrono::steady_clock::duration d) {
    spent_ns_ += std::chrono::duration_cast<std::chrono::nanoseconds>(d).count();
}

bool ShrinkBudget::spent() const {
    return tried_.load() >= tries_ ||
           spent_ns_.load() >= std::chrono::duration_cast<std::chrono::nanoseconds>(time_).count();
}

std::string ShrinkBudget::text() const {
    const auto ms = time_.count();
    const std::string time = ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
    return std::to_string(tries_) + " tries and " + time + " shared by the run's checks";
}

}  // namespace bds::run
