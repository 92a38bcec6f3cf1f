#pragma once
/// Interrupts from outside a run (SIGTERM, SIGINT, SIGHUP: cli/signal_watch.hpp hands each over) and the run they
/// end. The runner listens while it runs: the first interrupt stops the run (no check starts, requests in flight are
/// cut, the clean-up gets kStopGrace), a second that is clearly meant skips what is left of the clean-up, and the
/// run's verdict is "interrupted" (docs/verdict-and-reports.md, "The verdict"). One request often arrives as two
/// signals: GNU `timeout` signals the program and then its process group, CI runners signal a job's process group
/// while a wrapper passes the signal on, all within microseconds. Such a signal is the first's request again and
/// changes nothing; only a SIGINT at least kSameRequestWithin after the first (a person pressing Ctrl-C again), or any
/// signal at least kInsistAfter after it, is a second. Thread-safe; never to be called from a signal handler (it
/// locks and allocates).
#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bds::run {

/// Within this of the first signal, a second is the same request sent twice (to the program and its process group,
/// or passed on by a wrapper), whatever its signal.
inline constexpr std::chrono::milliseconds kSameRequestWithin{500};
/// From this after the first signal, any signal is meant as a second: a CI runner's next step (GitHub's SIGTERM 7.5 s
/// after its SIGINT, before the SIGKILL) or a person insisting.
inline constexpr std::chrono::seconds kInsistAfter{2};

/// What an interrupt means beside those before it.
enum class Intent {
    First,   ///< the first: stop the run, clean up within kStopGrace
    Again,   ///< the first's request again (a signal delivered twice, or a SIGTERM or SIGHUP soon after): nothing new
    Second,  ///< clearly meant: skip what is left of the clean-up
    Later,   ///< after the second: nothing new
};

class Interruption {
public:
    using Clock = std::chrono::steady_clock;
    /// Told of the first interrupt (count 1) and of the second that is meant (count 2, Intent::Second), with its
    /// signal's name ("SIGTERM"); never of an Intent::Again or Later.
    using Listener = std::function<void(const std::string& signal, int count)>;

    /// What an interrupt by `signal` at `at` would mean now.
    Intent intent_of(const std::string& signal, Clock::time_point at) const;
    /// An interrupt by `signal` at `at`: counted, and told to the listener when one listens and it means something
    /// new. Returns what it means.
    Intent interrupt(const std::string& signal, Clock::time_point at = Clock::now());
    /// How many interrupts came (whatever they meant).
    int count() const;
    /// The first interrupt's signal, or "".
    std::string first() const;
    /// A run listened and has stopped listening: it ended, and later interrupts are not its.
    bool ended() const;

    /// While it lives, its listener hears every interrupt; those that came before it first, at once (an interrupt
    /// while the bundled stub was starting still stops the run).
    class Listening {
    public:
        Listening(Listening&& other) noexcept : owner_(std::exchange(other.owner_, nullptr)) {}
        Listening& operator=(Listening&&) = delete;
        /// Returns only once a call to the listener under way has ended: the listener may then go.
        ~Listening();

    private:
        friend class Interruption;
        explicit Listening(Interruption& owner) : owner_(&owner) {}
        Interruption* owner_;
    };
    /// One listener at a time (one run at a time); std::logic_error for a second.
    [[nodiscard]] Listening listen(Listener listener);

private:
    /// intent_of with mutex_ held.
    Intent intent_locked(const std::string& signal, Clock::time_point at) const;

    struct Taken {
        std::string signal;
        Clock::time_point at;
        Intent intent;
    };
    mutable std::mutex mutex_;  // held while the listener is called: the listener is never called after it leaves
    std::vector<Taken> signals_;
    Listener listener_;
    bool ended_ = false;
};

/// The exit code of a run interrupted by `signal`: 128 + its number, as shells report a program that a signal ended
/// (129 SIGHUP, 130 SIGINT, 143 SIGTERM); 0 for a name not among these three.
int interrupt_exit_code(std::string_view signal);

/// The signals that interrupt a run, by name: "SIGHUP", "SIGINT", "SIGTERM".
const std::vector<std::string>& interrupt_signals();

}  // namespace bds::run
