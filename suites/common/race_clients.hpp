#pragma once
/// Clients of one check that run at once, each on a connection of its own (Context::connection) and started
/// together, and the timeline of what each sent and when each answer came: what the races suite runs its histories
/// with (docs/races.md).
#include <chrono>
#include <cstddef>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "run/context.hpp"

namespace bds::suites {

/// One request of a client, as the timeline shows it.
struct TimedEvent {
    int client = 0;
    std::string what;  ///< "POST sync CliFor [k01, k02]"
    double sent_ms = 0;
    double answered_ms = std::numeric_limits<double>::infinity();  ///< infinity: no answer came
    std::string answer;                                            ///< "200", "2 rows", "no answer: …"
};

/// What the clients of one history did, recorded from any thread; times in ms since it was made.
class Timeline {
public:
    Timeline() : start_(std::chrono::steady_clock::now()) {}
    double now_ms() const;
    /// Records `event`; returns its id, which label() turns into its number in the timeline.
    std::size_t add(TimedEvent event);
    /// The event of `id` (add's).
    TimedEvent event(std::size_t id) const;
    /// The event's number in the timeline (1 for the first sent): how findings name it ("send #3").
    std::size_t label(std::size_t id) const;
    /// Every event in the order they were sent, one line each: "#3  client 2   12.1 –   14.0 ms  POST sync … → 200".
    std::string text() const;
    /// Whether a request of one client was in flight while one of another client was: a history whose clients never
    /// met is not judged.
    bool clients_met() const;
    /// Whether two of the requests `ids` from different clients were in flight at once.
    bool met(const std::vector<std::size_t>& ids) const;

private:
    std::chrono::steady_clock::time_point start_;
    mutable std::mutex mutex_;
    std::vector<TimedEvent> events_;
};

/// `n` clients of a check, each with a Context of its own on a connection of its own (sharing the check's journal,
/// prefixes and key numbers), whose steps run at once and write `resource` only.
class RaceClients {
public:
    RaceClients(Context& ctx, int n, std::string resource);
    Timeline& timeline() { return timeline_; }
    /// Runs `step(i, client i's context)` for every client at once, each on a thread, released together once all are
    /// ready. Before they start, the check passes the write gate for `resource` and takes n slots of the run's
    /// in-flight limit at once (RunLimits::enter_group: alone in flight when the limit is lower), in that order, so
    /// that a slot is never held while waiting at the gate; the clients' requests take neither (Api::held_by_caller).
    /// Once all ended, what they observed and found goes to the check's context, and the first SkipCheck, CheckError
    /// or CheckFailed one threw is thrown.
    void run(const std::function<void(int, Context&)>& step);

private:
    Context& ctx_;
    std::string resource_;
    std::vector<std::unique_ptr<Context>> clients_;
    Timeline timeline_;
};

/// The request `send()` makes, timed and recorded in `timeline` as client `client`'s `what`, its answer described by
/// `answer(result)`; returns the timeline's id and the result.
template <class Result>
std::pair<std::size_t, Result> timed(Timeline& timeline, int client, std::string what,
                                     const std::function<Result()>& send,
                                     const std::function<std::string(const Result&)>& answer) {
    TimedEvent event{client, std::move(what), timeline.now_ms(), 0, ""};
    Result result = send();
    event.answered_ms = timeline.now_ms();
    event.answer = answer(result);
    return {timeline.add(std::move(event)), std::move(result)};
}

}  // namespace bds::suites
