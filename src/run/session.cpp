#include "run/session.hpp"

#include <chrono>
#include <cstdint>
#include <random>
#include <thread>

#include "common/text.hpp"

namespace bds::run {

std::string random_prefix() {
    std::random_device rd;
    // A letter first (some servers dislike keys starting with a digit), then two base-36 characters; lower
    // case only, so that no two runs' prefixes differ only by case.
    return std::string(1, static_cast<char>('a' + rd() % 26)) + base36(rd() % (36 * 36), 2);
}

long long seconds_now() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string start_mark(long long seconds) { return base36(static_cast<std::uint64_t>(seconds) % (36 * 36 * 36), 3); }

Session::~Session() {
    // The pool's next run starts once this lets the lock go: past this run's second, it never marks as this run did
    // (two runs of under a second each, one after another, would have).
    if (!marker_prefix.empty())
        while (seconds_now() <= start_second) std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

}  // namespace bds::run
