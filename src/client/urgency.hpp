#pragma once
/// A check's place among the requests that wait for a slot of the run's InFlight (InFlight::enter: lower first).
#include <algorithm>
#include <atomic>
#include <cstdint>

namespace bds::client {

/// Near a target, the checks started first go first. Against a far one, the run ends when its longest chain of
/// requests one after another does, so the check with the most round trips still ahead goes first (a critical path
/// first), equal ones in start order: the chain ahead is the check's hint (Check::chain) less the requests its own
/// client has sent. Its lanes' requests (parts at once) do not shorten it: a check keeps its place until its own chain
/// goes on. Shared by the check's clients; only its own client advances it.
class Urgency {
public:
    /// `started_us`: the check's start in the run, in µs; `chain`: its hint, or 0 to go in start order only.
    Urgency(std::uint64_t started_us, long chain) : started_us_(started_us & kStartMask), ahead_(chain) {}

    /// One more request of the check's own chain sent.
    void advanced() { ahead_.fetch_sub(1, std::memory_order_relaxed); }

    /// The key InFlight::enter orders by: the fewest round trips ahead last, then the latest start.
    std::uint64_t priority() const {
        const long ahead = std::clamp<long>(ahead_.load(std::memory_order_relaxed), 0, kMostAhead);
        return (static_cast<std::uint64_t>(kMostAhead - ahead) << kStartBits) | started_us_;
    }

private:
    static constexpr int kStartBits = 40;  // 12 days in µs
    static constexpr std::uint64_t kStartMask = (std::uint64_t{1} << kStartBits) - 1;
    static constexpr long kMostAhead = 4095;
    std::uint64_t started_us_;
    std::atomic<long> ahead_;
};

}  // namespace bds::client
