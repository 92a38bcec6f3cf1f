#pragma once
/// How many requests a run has in flight at once, adapted to what the target shows (docs/architecture.md, "A busy,
/// shared staging server"): a staging server that slows under other clients' load is asked less, not declared dead.
/// The limit starts at the run's --jobs; a time-out, or answers much slower than the fastest seen lately, halve it
/// (multiplicative decrease, once per round of requests); answers at their usual speed while the limit is all in use
/// raise it by one per `limit` of them (additive increase), as TCP's congestion window does, up to --jobs; and for a
/// far target (no answer of the run faster than kFarAnswers) whose answers stay flat (kFlatFactor), on up to a cap: it
/// answers as fast with 30 requests in flight as with 8, and its round trips are what a run waits for. That rise
/// doubles the limit a round, as TCP's slow start does, until answers stop being flat or a decrease: the limit then
/// goes back to half (a round's doubling is the most it overshot) and rises by one a round from there.
/// A limit not in use is not raised (a burst after a lull then meets a limit that was never tried). Thread-safe.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace bds::client {

/// The run's limit on requests in flight, and the slots taken under it.
class InFlight {
public:
    /// The clock of slots and the story's instants.
    using Clock = std::chrono::steady_clock;

    /// `start`: the run's --jobs, the limit it starts at; `most`: the cap it never exceeds (--max-in-flight; at least
    /// `start`); `adaptive` false keeps it at `start` (a fixed concurrency, for comparison: bench/busy_bench.cpp).
    explicit InFlight(int start = 1, bool adaptive = true, int most = 0);

    /// A request in flight: taken before it is sent (and its token read), given back when its answer came.
    class Slot {
    public:
        Slot() = default;
        Slot(Slot&& other) noexcept;
        Slot& operator=(Slot&& other) noexcept;
        Slot(const Slot&) = delete;
        Slot& operator=(const Slot&) = delete;
        ~Slot();
        /// When it was taken: a time-out of a request sent before the last decrease says nothing new.
        Clock::time_point taken() const { return taken_; }

    private:
        friend class InFlight;
        Slot(InFlight* owner, Clock::time_point taken, int count) : owner_(owner), taken_(taken), count_(count) {}
        InFlight* owner_ = nullptr;
        Clock::time_point taken_{};
        int count_ = 1;
    };

    /// Waits for a free slot; `ended` (the run's deadline or a stop) ends the wait with an empty slot, at once. Of the
    /// requests waiting, the one with the lowest `priority` goes first (client/urgency.hpp: against a far target the
    /// check with the most round trips ahead, so that the run's chains end together; near, the check started first).
    Slot enter(const std::function<bool()>& ended, std::uint64_t priority = 0);
    /// `n` slots at once, for requests that must be in flight together (a race's clients): taken when they fit under
    /// the limit, or when nothing else is in flight (a limit lower than `n` makes them the run's only requests). New
    /// single slots wait meanwhile, so that the run's requests drain to let the group in.
    Slot enter_group(int n, const std::function<bool()>& ended);
    /// Wakes every waiter (the run stopped), so that each looks at `ended` again.
    void wake_all();

    /// What an attempt of a request gave: its time to an answer, or a time-out (nothing came in time).
    void answered(const Slot& slot, std::chrono::milliseconds latency);
    void timed_out(const Slot& slot);

    /// The limit now.
    int limit() const;
    /// The limit from now on `limit`, within 1 and the cap (a fixed one stays): the clean-up's limits go on from where
    /// the checks' ended (a far target's clean-up costs its round trips).
    void resume_at(int limit);
    /// Whether the target is far: answers came, none faster than kFarAnswers (its round trips are what a run waits
    /// for, not its server or the harness's own work).
    bool far() const;
    /// A smoothed time to an answer lately (0 before any answer): what a token's renewal margin must cover.
    std::chrono::milliseconds latency() const;
    /// What the run's report says of it: the limit it used and why it changed ("" when it never changed).
    std::vector<std::string> story() const;

    /// The median of the last kFewest answers slower than this many times the fastest of the last kWindow, and kSlack
    /// more, is a queue at the target: the limit is halved. Nothing is decided before kFewest answers.
    static constexpr double kSlowFactor = 3.0;
    static constexpr std::chrono::milliseconds kSlack{20};
    /// A median within this many times the fastest, and kFastSlack more, shows room: the limit grows.
    static constexpr double kFastFactor = 1.5;
    static constexpr std::chrono::milliseconds kFastSlack{10};
    /// A run none of whose answers came faster than this is against a far target (the network's round trip): the limit
    /// may rise past --jobs.
    static constexpr std::chrono::milliseconds kFarAnswers{20};
    /// Past --jobs, a median within this many times the fastest, and kFlatSlack more, shows no queue.
    static constexpr double kFlatFactor = 1.1;
    static constexpr std::chrono::milliseconds kFlatSlack{3};
    /// How many recent answers the fastest is taken from.
    static constexpr std::size_t kWindow = 64;
    /// How many of the latest answers the median is taken from.
    static constexpr std::size_t kFewest = 9;

private:
    void leave(int count);
    void decrease(const std::string& why, Clock::time_point now);
    /// Counts a change of the limit from `before`, and tells it (`tell`) in the story while it has room.
    void note_change(int before, const std::string& why, Clock::time_point now, bool tell = true);

    const int start_, most_;
    const bool adaptive_;
    const Clock::time_point started_ = Clock::now();
    mutable std::mutex mutex_;
    std::condition_variable free_;
    double limit_;                          ///< fractional: additive increase adds 1/limit per answer
    int in_flight_ = 0;                     ///< slots taken
    bool rising_fast_ = true;               ///< past --jobs, a far flat target's limit doubles a round until it is not
    int groups_waiting_ = 0;                ///< enter_group calls waiting: single slots wait behind them
    std::multiset<std::uint64_t> waiting_;  ///< the priorities of the single slots waiting
    Clock::time_point decreased_{};         ///< the last decrease: requests taken before it say nothing new
    std::deque<long long> recent_;          ///< the last kWindow latencies, ms
    double smoothed_ms_ = 0;                ///< exponentially weighted
    long long fastest_ever_ = std::numeric_limits<long long>::max();  ///< the run's fastest answer, ms
    int lowest_ = 0, highest_ = 0;                                    ///< the lowest and highest limits used
    int changes_ = 0;                                                 ///< how often it changed
    std::vector<std::string> story_;                                  ///< the first changes, said in the report
    static constexpr std::size_t kStoryLines = 8;
};

}  // namespace bds::client
