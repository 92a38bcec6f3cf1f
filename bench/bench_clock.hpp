#pragma once
/// What every benchmark program shares: a monotonic clock, elapsed seconds, a call rate, and the --quick smoke mode
/// that the tests run (tiny sizes; the figures mean nothing then, the program only has to work).
#include <chrono>
#include <functional>
#include <string_view>

namespace bds::bench {

using Clock = std::chrono::steady_clock;

/// Seconds since `t`.
inline double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

/// Calls `step(i)` on this thread for `duration_s` seconds (at least `min_calls` times); returns calls/s.
inline double calls_per_second(double duration_s, long min_calls, const std::function<void(long)>& step) {
    const auto start = Clock::now();
    long done = 0;
    while (done < min_calls || seconds_since(start) < duration_s) step(done++);
    return static_cast<double>(done) / seconds_since(start);
}

/// True when the program was called with --quick as its first argument.
inline bool quick_mode(int argc, char** argv) { return argc > 1 && std::string_view(argv[1]) == "--quick"; }

}  // namespace bds::bench
