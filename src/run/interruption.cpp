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

}  // namespace

void Interruption::interrupt(const std::string& signal) {
    std::lock_guard lock(mutex_);
    signals_.push_back(signal);
    if (listener_) listener_(signal, static_cast<int>(signals_.size()));
}

int Interruption::count() const {
    std::lock_guard lock(mutex_);
    return static_cast<int>(signals_.size());
}

std::string Interruption::first() const {
    std::lock_guard lock(mutex_);
    return signals_.empty() ? "" : signals_.front();
}

bool Interruption::ended() const {
    std::lock_guard lock(mutex_);
    return ended_;
}

Interruption::Listening Interruption::listen(Listener listener) {
    std::lock_guard lock(mutex_);
    if (listener_) throw std::logic_error("Interruption::listen: a run already listens");
    listener_ = std::move(listener);
    for (std::size_t i = 0; i < signals_.size(); ++i) listener_(signals_[i], static_cast<int>(i + 1));
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
