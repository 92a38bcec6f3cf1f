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
        const auto at = run::Interruption::Clock::now();
        // Said before it acts, so the line comes before the summary; nothing once the run has ended (its reports are
        // being written, and its verdict is to be the last line). Only this thread interrupts: what intent_of says
        // is what interrupt does.
        if (!interruption_.ended()) say(name, interruption_.intent_of(name, at));
        interruption_.interrupt(name, at);
    }
}

void SignalWatch::say(const std::string& name, run::Intent intent) {
    using run::Intent;
    if (intent == Intent::First)
        log_ << "conformance: " << name << ": stopping the run; its clean-up gets up to " << run::kStopGrace.count()
             << " s (a second SIGINT, or any signal " << run::kInsistAfter.count()
             << " s from now, skips it), then the reports are written" << std::endl;
    else if (intent == Intent::Again)
        log_ << "conformance: " << name << " again: taken as the first's request sent twice (as timeout and CI "
             << "runners signal the program and its process group), the clean-up goes on; a SIGINT, or any signal "
             << run::kInsistAfter.count() << " s after the first, skips it" << std::endl;
    else if (intent == Intent::Second)
        log_ << "conformance: " << name << ", a second signal: the clean-up is skipped; the reports are written"
             << std::endl;
}

}  // namespace bds::cli
