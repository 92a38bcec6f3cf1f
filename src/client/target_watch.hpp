#pragma once
/// Notices, from the outcome of every request of a run, a target that stopped answering or answers nothing a check can
/// use, so that the run stops within seconds of the cause instead of waiting out every check's requests one timeout at
/// a time (docs/reliability.md, "Targets that are not yet right"). A correct server never trips it: the streaks it
/// counts span several checks (one check may well provoke 5xx or a closed connection with the malformed input it
/// sends), and any usable answer ends them.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <string>

namespace bds::client {

/// What one request gave.
enum class Answer {
    Usable,  ///< an answer a check can judge: 2xx, 3xx, 4xx but 429, a list it could read
    None,    ///< no answer at all: no connection, a connection cut, bytes that are no HTTP
    /// nothing came within the time-out: a dead target, or a busy one (slow is not dead: only --gone-after without any
    /// answer makes time-outs a stop, and they never count as unusable answers)
    TimedOut,
    Unusable,  ///< an answer nothing can be judged by: 5xx, 429, a list that cannot be read
    /// a 2xx to a write: the target answers, but whether anything can be judged is up to its lists (a target that
    /// accepts every write and answers no read usably is found out all the same)
    Written,
};

/// The streaks that stop a run. Thread-safe.
class TargetWatch {
public:
    /// The clock of the window.
    using Clock = std::chrono::steady_clock;
    /// `gone_after`: how long no request may get any answer (a 5xx is an answer) before a streak of time-outs stops
    /// the run. A slow target still answers some requests: it is asked less (InFlight), not declared gone.
    explicit TargetWatch(std::chrono::milliseconds gone_after = {}) : gone_after_(gone_after) {}
    /// Sets the window of the constructor's `gone_after`.
    void set_gone_after(std::chrono::milliseconds gone_after);

    /// Requests in a row without an answer that stop the run, when they come from at least kNoAnswerClients clients
    /// (checks); kNoAnswerAlone from one client alone.
    static constexpr std::size_t kNoAnswerStreak = 2;
    static constexpr std::size_t kNoAnswerClients = 2;
    static constexpr std::size_t kNoAnswerAlone = 6;
    /// Requests in a row without a usable answer that stop the run, from at least kUnusableClients clients.
    static constexpr std::size_t kUnusableStreak = 12;
    static constexpr std::size_t kUnusableClients = 3;

    /// Notes what request `what` ("GET /api/resources/CliFor: 500", or the transport error) of client `client` gave.
    /// Returns why the run must stop when this completes a streak (once: later calls give nothing).
    std::optional<std::string> note(std::uint64_t client, Answer answer, const std::string& what,
                                    Clock::time_point now = Clock::now());

private:
    std::mutex mutex_;
    std::size_t none_ = 0, bad_ = 0;  ///< the current streaks (a request without an answer counts in both)
    std::set<std::uint64_t> none_clients_, bad_clients_;
    std::string last_;
    std::chrono::milliseconds gone_after_;
    Clock::time_point last_answer_ = Clock::now();  ///< any answer, usable or not
    bool timed_out_ = false;                        ///< the streak's latest request timed out
    bool tripped_ = false;
};

}  // namespace bds::client
