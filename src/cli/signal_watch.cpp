#include "cli/signal_watch.hpp"

#include <pthread.h>

#include <string>
#include <system_error>

#include "run/runner.hpp"

namespace bds::cli {
namespace {

/// How often the watching thread looks whether it should end: the longest a finished run waits for it.
constexpr long kTickNs = 100'000'000;

/// The name of `number` among the signals that interrupt a run.
std::string name_of(int number) {
    for (const auto& name : run::interrupt_signals())
        if (run::interrupt_exit_code(name) == 128 + number) return name;
    return "signal " + std::to_string(number);
}

}  // namespace

SignalWatch::SignalWatch(run::Interruption& interruption, std::ostream& log) : interruption_(interruption), log_(log) {
    sigemptyset(&signals_);
    for (const auto& name : run::interrupt_signals()) sigaddset(&signals_, run::interrupt_exit_code(name) - 128);
    if (const int error = pthread_sigmask(SIG_BLOCK, &signals_, nullptr); error != 0)
        throw std::system_error(error, std::generic_category(), "pthread_sigmask");
    thread_ = std::thread([this] { watch(); });
}

SignalWatch::~SignalWatch() {
    done_ = true;
    thread_.join();
}

void SignalWatch::watch() {
    const timespec tick{0, kTickNs};
    while (!done_) {
        siginfo_t info{};
        const int number = sigtimedwait(&signals_, &info, &tick);
        if (number < 0) continue;  // the tick (EAGAIN), or EINTR
        const std::string name = name_of(number);
        // Said before it acts, so the line comes before the summary; nothing once the run has ended (its reports are
        // being written, and its verdict is to be the last line).
        if (!interruption_.ended()) say(name, interruption_.count() + 1);
        interruption_.interrupt(name);
    }
}

void SignalWatch::say(const std::string& name, int count) {
    if (count == 1)
        log_ << "conformance: " << name << ": stopping the run; its clean-up gets up to " << run::kStopGrace.count()
             << " s (a second signal skips it), then the reports are written" << std::endl;
    else if (count == 2)
        log_ << "conformance: " << name << ", a second signal: the clean-up is skipped; the reports are written"
             << std::endl;
}

}  // namespace bds::cli
