#include "run/interruption.hpp"

#include <csignal>
#include <stdexcept>
#include <utility>

namespace bds::run {
namespace {

struct Named {
    const char* name;
    int number;
};
constexpr Named kSignals[] = {{"SIGHUP", SIGHUP}, {"SIGINT", SIGINT}, {"SIGTERM", SIGTERM}};

/// The count a listener is told for `intent` (0: it is not told).
int told_as(Intent intent) { return intent == Intent::First ? 1 : intent == Intent::Second ? 2 : 0; }

}  // namespace

Intent Interruption::intent_locked(const std::string& signal, Clock::time_point at) const {
    if (signals_.empty()) return Intent::First;
    for (const auto& s : signals_)
        if (s.intent == Intent::Second) return Intent::Later;
    const auto since = at - signals_.front().at;
    if (since >= kInsistAfter || (signal == "SIGINT" && since >= kSameRequestWithin)) return Intent::Second;
    return Intent::Again;
}

Intent Interruption::intent_of(const std::string& signal, Clock::time_point at) const {
    std::lock_guard lock(mutex_);
    return intent_locked(signal, at);
}

Intent Interruption::interrupt(const std::string& signal, Clock::time_point at) {
    std::lock_guard lock(mutex_);
    const Intent intent = intent_locked(signal, at);
    signals_.push_back({signal, at, intent});
    if (const int count = told_as(intent); listener_ && count > 0) listener_(signal, count);
    return intent;
}

int Interruption::count() const {
    std::lock_guard lock(mutex_);
    return static_cast<int>(signals_.size());
}

std::string Interruption::first() const {
    std::lock_guard lock(mutex_);
    return signals_.empty() ? "" : signals_.front().signal;
}

bool Interruption::ended() const {
    std::lock_guard lock(mutex_);
    return ended_;
}

Interruption::Listening Interruption::listen(Listener listener) {
    std::lock_guard lock(mutex_);
    if (listener_) throw std::logic_error("Interruption::listen: a run already listens");
    listener_ = std::move(listener);
    for (const auto& s : signals_)
        if (const int count = told_as(s.intent); count > 0) listener_(s.signal, count);
    return Listening(*this);
}

Interruption::Listening::~Listening() {
    if (!owner_) return;
    std::lock_guard lock(owner_->mutex_);
    owner_->listener_ = nullptr;
    owner_->ended_ = true;
}

int interrupt_exit_code(std::string_view signal) {
    for (const auto& s : kSignals)
        if (signal == s.name) return 128 + s.number;
    return 0;
}

const std::vector<std::string>& interrupt_signals() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& s : kSignals) out.emplace_back(s.name);
        return out;
    }();
    return names;
}

}  // namespace bds::run
