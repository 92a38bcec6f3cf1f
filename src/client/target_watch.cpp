#include "client/target_watch.hpp"

namespace bds::client {

std::optional<std::string> TargetWatch::note(std::uint64_t client, Answer answer, const std::string& what) {
    std::lock_guard lock(mutex_);
    if (tripped_) return std::nullopt;
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
    if ((none_ >= kNoAnswerStreak && none_clients_.size() >= kNoAnswerClients) || none_ >= kNoAnswerAlone) {
        tripped_ = true;
        return "the target stopped answering: the last " + std::to_string(none_) +
               " requests got no answer (the last: " + last_ + ")";
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
