#pragma once
/// SIGTERM, SIGINT and SIGHUP for `conformance run` (docs/verdict-and-reports.md, "The verdict"): CI ends a job with
/// them, and a gate must still leave its reports and a clean target. They are blocked in the thread that makes the
/// watch, and so in every thread made after it (the bundled stub's, the checks'), and taken one at a time by a thread
/// of the watch's own (sigtimedwait), which hands each to a run::Interruption (what a signal means beside the ones
/// before it: run/interruption.hpp). There is no signal handler, so no work is ever done in one.
#include <atomic>
#include <csignal>
#include <ostream>
#include <string>
#include <thread>

#include "run/interruption.hpp"

namespace bds::cli {

class SignalWatch {
public:
    /// Blocks the signals and starts watching. Make it before any other thread starts: a thread made before would
    /// still take a signal by its default action, ending the program without reports. Each signal is said on `log`.
    SignalWatch(run::Interruption& interruption, std::ostream& log);
    /// Stops watching. The signals stay blocked: one that comes after changes nothing (the run has ended, its reports
    /// are being written) and the program ends with the run's exit code.
    ~SignalWatch();
    SignalWatch(const SignalWatch&) = delete;
    SignalWatch& operator=(const SignalWatch&) = delete;

private:
    void watch();
    /// Says on the log what the signal `name` does, as it means `intent`.
    void say(const std::string& name, run::Intent intent);

    run::Interruption& interruption_;
    std::ostream& log_;
    sigset_t signals_{};
    std::atomic<bool> done_{false};
    std::thread thread_;
};

}  // namespace bds::cli
