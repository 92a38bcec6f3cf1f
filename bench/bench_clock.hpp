#pragma once
/// What every benchmark program shares: a monotonic clock, elapsed seconds, and the --quick smoke mode that the
/// tests run (tiny sizes; the figures mean nothing then, the program only has to work).
#include <chrono>
#include <string_view>

namespace bds::bench {

using Clock = std::chrono::steady_clock;

/// Seconds since `t`.
inline double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

/// True when the program was called with --quick as its first argument.
inline bool quick_mode(int argc, char** argv) { return argc > 1 && std::string_view(argv[1]) == "--quick"; }

}  // namespace bds::bench
