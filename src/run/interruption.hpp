#pragma once
/// Interrupts from outside a run (SIGTERM, SIGINT, SIGHUP: cli/signal_watch.hpp hands each over) and the run they
/// end. The runner listens while it runs: the first interrupt stops the run (no check starts, requests in flight are
/// cut, the clean-up gets kStopGrace), a second skips what is left of the clean-up, and the run's verdict is
/// "interrupted" (docs/verdict-and-reports.md, "The verdict"). Thread-safe; never to be called from a signal handler
/// (it locks and allocates).
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bds::run {

class Interruption {
public:
    /// Told of the `count`-th interrupt (1, 2, …) and its signal's name ("SIGTERM").
    using Listener = std::function<void(const std::string& signal, int count)>;

    /// An interrupt by `signal`: counted, and told to the listener when one listens.
    void interrupt(const std::string& signal);
    /// How many interrupts came.
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
    mutable std::mutex mutex_;  // held while the listener is called: the listener is never called after it leaves
    std::vector<std::string> signals_;
    Listener listener_;
    bool ended_ = false;
};

/// The exit code of a run interrupted by `signal`: 128 + its number, as shells report a program that a signal ended
/// (129 SIGHUP, 130 SIGINT, 143 SIGTERM); 0 for a name not among these three.
int interrupt_exit_code(std::string_view signal);

/// The signals that interrupt a run, by name: "SIGHUP", "SIGINT", "SIGTERM".
const std::vector<std::string>& interrupt_signals();

}  // namespace bds::run
