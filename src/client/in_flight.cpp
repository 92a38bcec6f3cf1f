#include "client/in_flight.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "common/text.hpp"

namespace bds::client {

namespace {

int whole(double limit) { return std::max(1, static_cast<int>(std::floor(limit))); }

std::string seconds_since(InFlight::Clock::time_point start, InFlight::Clock::time_point now) {
    return seconds_text(std::chrono::duration_cast<std::chrono::milliseconds>(now - start));
}

}  // namespace

InFlight::InFlight(int start, bool adaptive, int most)
    : start_(std::max(1, start)),
      most_(adaptive ? std::max({1, start, most}) : std::max(1, start)),
      adaptive_(adaptive),
      limit_(std::max(1, start)),
      lowest_(std::max(1, start)),
      highest_(lowest_) {}

InFlight::Slot::Slot(Slot&& other) noexcept : owner_(other.owner_), taken_(other.taken_), count_(other.count_) {
    other.owner_ = nullptr;
}

InFlight::Slot& InFlight::Slot::operator=(Slot&& other) noexcept {
    if (this != &other) {
        if (owner_) owner_->leave(count_);
        owner_ = other.owner_;
        taken_ = other.taken_;
        count_ = other.count_;
        other.owner_ = nullptr;
    }
    return *this;
}

InFlight::Slot::~Slot() {
    if (owner_) owner_->leave(count_);
}

InFlight::Slot InFlight::enter(const std::function<bool()>& ended, std::uint64_t priority) {
    std::unique_lock lock(mutex_);
    const auto mine = waiting_.insert(priority);
    // Polled as well as woken: the run's deadline passes without anyone to notify.
    while (in_flight_ >= whole(limit_) || groups_waiting_ > 0 || *waiting_.begin() < priority) {
        if (ended()) {
            waiting_.erase(mine);
            free_.notify_all();
            return {};
        }
        free_.wait_for(lock, std::chrono::milliseconds(100));
    }
    waiting_.erase(mine);
    ++in_flight_;
    if (in_flight_ < whole(limit_) && !waiting_.empty()) free_.notify_all();  // the next in line may go too
    return Slot(this, Clock::now(), 1);
}

InFlight::Slot InFlight::enter_group(int n, const std::function<bool()>& ended) {
    std::unique_lock lock(mutex_);
    ++groups_waiting_;
    while (in_flight_ > 0 && in_flight_ + n > whole(limit_)) {
        if (ended()) {
            --groups_waiting_;
            free_.notify_all();
            return {};
        }
        free_.wait_for(lock, std::chrono::milliseconds(100));
    }
    --groups_waiting_;
    in_flight_ += n;
    free_.notify_all();  // the single slots held back by this group look again
    return Slot(this, Clock::now(), n);
}

void InFlight::wake_all() { free_.notify_all(); }

void InFlight::leave(int count) {
    {
        std::lock_guard lock(mutex_);
        in_flight_ -= count;
    }
    free_.notify_all();  // a group waits for several slots, singles behind it
}

void InFlight::answered(const Slot& slot, std::chrono::milliseconds latency) {
    if (!slot.owner_ || !adaptive_) return;
    std::unique_lock lock(mutex_);
    const long long ms = latency.count();
    recent_.push_back(ms);
    fastest_ever_ = std::min(fastest_ever_, ms);
    if (recent_.size() > kWindow) recent_.pop_front();
    smoothed_ms_ = smoothed_ms_ == 0 ? static_cast<double>(ms) : 0.8 * smoothed_ms_ + 0.2 * static_cast<double>(ms);
    if (recent_.size() < kFewest) return;
    const double fastest = static_cast<double>(*std::min_element(recent_.begin(), recent_.end()));
    // The median of the latest answers: a queue slows every answer, one costly request (a large query) only its own.
    std::vector<long long> latest(recent_.end() - static_cast<std::ptrdiff_t>(kFewest), recent_.end());
    std::nth_element(latest.begin(), latest.begin() + kFewest / 2, latest.end());
    const auto median = static_cast<double>(latest[kFewest / 2]);
    const auto now = Clock::now();
    if (median > kSlowFactor * fastest + static_cast<double>(kSlack.count())) {
        // A queue grows at the target: answers take several times what they took when it had room.
        if (slot.taken() >= decreased_)
            decrease("answers took " + std::to_string(static_cast<long long>(median)) + " ms, against " +
                         std::to_string(static_cast<long long>(fastest)) + " ms at best lately",
                     now);
        return;
    }
    // Raised only while answers come about as fast as they can: between the two bounds, the limit holds. Past --jobs
    // only for a far target, whose fastest answer of the whole run is the network's round trip (a near one answering
    // in a few ms has no round trips to overlap), and only while its answers stay flat, within kFlatFactor of the
    // fastest and kFlatSlack more: each request more in flight at a server that serves them in turn makes every answer
    // a service time slower, and the rise stops there.
    const bool far = fastest_ever_ >= kFarAnswers.count();
    const bool flat = far && median <= kFlatFactor * fastest + static_cast<double>(kFlatSlack.count());
    const bool slower = median > kFastFactor * fastest + static_cast<double>(kFastSlack.count());
    if (rising_fast_ && far && slower && whole(limit_) > start_) {
        // The first answers of a fast rise slower than kFastFactor (a queue, not a hiccup, which only pauses it): the
        // rise overshot by up to a round's doubling, so it goes back to half, as TCP's slow start ends, and rises by
        // one a round from there.
        rising_fast_ = false;
        const int before = whole(limit_);
        limit_ = std::max<double>(start_, limit_ / 2);
        note_change(before,
                    "answers within " + std::to_string(static_cast<long long>(median)) +
                        " ms, a queue forming: the fast rise ends",
                    now);
        return;
    }
    const int most = flat ? most_ : start_;
    if (slower || whole(limit_) >= most || in_flight_ < whole(limit_)) return;
    const int before = whole(limit_);
    // Past --jobs a far, flat target's limit doubles a round (one more per answer) until answers stop being flat.
    const double step = rising_fast_ && flat && whole(limit_) >= start_ ? 1.0 : 1.0 / limit_;
    limit_ = std::min<double>(most, limit_ + step);
    if (whole(limit_) >= most_) rising_fast_ = false;  // at the cap: later slowdowns are met as below --jobs
    if (whole(limit_) > before) {
        // A fast rise tells where it began and where it reached the cap, not each step.
        const bool tell = step < 1.0 || before == start_ || whole(limit_) == most_;
        note_change(before, "answers within " + std::to_string(static_cast<long long>(median)) + " ms again", now,
                    tell);
        lock.unlock();
        free_.notify_all();
    }
}

void InFlight::note_change(int before, const std::string& why, Clock::time_point now, bool tell) {
    const int after = whole(limit_);
    if (after == before) return;
    ++changes_;
    highest_ = std::max(highest_, after);
    lowest_ = std::min(lowest_, after);
    if (tell && story_.size() < kStoryLines)
        story_.push_back("at " + seconds_since(started_, now) + (after > before ? " raised to " : " lowered to ") +
                         std::to_string(after) + " (" + why + ")");
}

void InFlight::timed_out(const Slot& slot) {
    if (!slot.owner_ || !adaptive_) return;
    std::lock_guard lock(mutex_);
    if (slot.taken() >= decreased_) decrease("a request got no answer within its time-out", Clock::now());
}

void InFlight::decrease(const std::string& why, Clock::time_point now) {
    decreased_ = now;
    rising_fast_ = false;
    const int before = whole(limit_);
    limit_ = std::max(1.0, limit_ / 2);
    note_change(before, why, now);
}

bool InFlight::far() const {
    std::lock_guard lock(mutex_);
    return !recent_.empty() && fastest_ever_ >= kFarAnswers.count();
}

int InFlight::limit() const {
    std::lock_guard lock(mutex_);
    return whole(limit_);
}

void InFlight::resume_at(int limit) {
    {
        std::lock_guard lock(mutex_);
        limit_ = std::clamp(limit, 1, most_);
        highest_ = std::max(highest_, whole(limit_));
        lowest_ = std::min(lowest_, whole(limit_));
    }
    free_.notify_all();
}

std::chrono::milliseconds InFlight::latency() const {
    std::lock_guard lock(mutex_);
    return std::chrono::milliseconds(static_cast<long long>(smoothed_ms_));
}

std::vector<std::string> InFlight::story() const {
    std::lock_guard lock(mutex_);
    if (changes_ == 0) return {};
    std::string line = "requests in flight: started at " + std::to_string(start_) + " (--jobs), the lowest " +
                       std::to_string(lowest_) + ", the highest " + std::to_string(highest_) + ", " +
                       std::to_string(whole(limit_)) + " at the end; changed " + std::to_string(changes_) + " time" +
                       (changes_ == 1 ? "" : "s") + ":";
    for (std::size_t i = 0; i < story_.size(); ++i) line += (i ? "; " : " ") + story_[i];
    if (static_cast<std::size_t>(changes_) > story_.size()) line += "; …";
    return {line};
}

}  // namespace bds::client
