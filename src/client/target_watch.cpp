#include "client/target_watch.hpp"

#include <algorithm>

namespace bds::client {

namespace {

/// "30", "2.5": a duration in seconds, as the option takes it.
std::string seconds_text(std::chrono::milliseconds d) {
    std::string s = std::to_string(d.count() / 1000);
    if (d.count() % 1000) s += "." + std::to_string(d.count() % 1000 / 100);
    return s;
}

}  // namespace

void TargetWatch::set_gone_after(std::chrono::milliseconds gone_after) {
    std::lock_guard lock(mutex_);
    gone_after_ = gone_after;
}

std::optional<std::string> TargetWatch::note(std::uint64_t client, Answer answer, const std::string& what,
                                             Clock::time_point now) {
    std::lock_guard lock(mutex_);
    if (tripped_) return std::nullopt;
    if (answer != Answer::None) last_answer_ = std::max(last_answer_, now);
    if (answer == Answer::Usable) {
        none_ = bad_ = 0;
        none_clients_.clear();
        bad_clients_.clear();
        return std::nullopt;
    }
    if (answer == Answer::Written) {
        none_ = 0;
        none_clients_.clear();
        return std::nullopt;
    }
    if (answer == Answer::None) {
        ++none_;
        none_clients_.insert(client);
    } else {
        none_ = 0;
        none_clients_.clear();
    }
    ++bad_;
    bad_clients_.insert(client);
    last_ = what;
    const bool streak =
        (none_ >= kNoAnswerStreak && none_clients_.size() >= kNoAnswerClients) || none_ >= kNoAnswerAlone;
    if (streak && now - last_answer_ >= gone_after_) {
        tripped_ = true;
        const auto silent = std::chrono::duration_cast<std::chrono::seconds>(now - last_answer_).count();
        return "the target stopped answering: no request got an answer for " + std::to_string(silent) +
               " s (--gone-after " + seconds_text(gone_after_) + "), the last " + std::to_string(none_) +
               " requests none (the last: " + last_ + ")";
    }
    if (bad_ >= kUnusableStreak && bad_clients_.size() >= kUnusableClients) {
        tripped_ = true;
        return "the target answers nothing usable: the last " + std::to_string(bad_) + " requests, from " +
               std::to_string(bad_clients_.size()) + " checks, got no answer a check can judge (the last: " + last_ +
               ")";
    }
    return std::nullopt;
}

}  // namespace bds::client
