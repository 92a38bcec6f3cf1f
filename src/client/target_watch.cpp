#include "client/target_watch.hpp"

#include <algorithm>

#include "common/text.hpp"

namespace bds::client {

void TargetWatch::set_gone_after(std::chrono::milliseconds gone_after) {
    std::lock_guard lock(mutex_);
    gone_after_ = gone_after;
}

std::optional<std::string> TargetWatch::note(std::uint64_t client, Answer answer, const std::string& what,
                                             Clock::time_point now) {
    std::lock_guard lock(mutex_);
    if (tripped_) return std::nullopt;
    const bool none = answer == Answer::None || answer == Answer::TimedOut;
    if (!none) last_answer_ = std::max(last_answer_, now);
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
    if (none) {
        ++none_;
        none_clients_.insert(client);
        timed_out_ = answer == Answer::TimedOut;
    } else {
        none_ = 0;
        none_clients_.clear();
    }
    if (answer != Answer::TimedOut) {
        ++bad_;
        bad_clients_.insert(client);
    }
    last_ = what;
    const bool streak =
        (none_ >= kNoAnswerStreak && none_clients_.size() >= kNoAnswerClients) || none_ >= kNoAnswerAlone;
    // Requests that failed at once (refused, cut, junk) stop it at once; time-outs only once nothing got an answer for
    // the window: a busy target times out some requests while it answers others.
    if (streak && (!timed_out_ || now - last_answer_ >= gone_after_)) {
        tripped_ = true;
        if (!timed_out_)
            return "the target stopped answering: the last " + std::to_string(none_) +
                   " requests got no answer (the last: " + last_ + ")";
        const auto silent = std::chrono::duration_cast<std::chrono::milliseconds>(now - last_answer_);
        return "the target stopped answering: no request got an answer for " + seconds_text(silent) +
               " (--gone-after " + seconds_text(gone_after_) + "), the last " + std::to_string(none_) +
               " timed out (the last: " + last_ + ")";
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
