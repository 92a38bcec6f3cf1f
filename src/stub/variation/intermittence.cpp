// A defect shown on a fraction of requests (intermittence.hpp).
#include "stub/variation/intermittence.hpp"

namespace bds::stub {
namespace {

/// The request the calling thread serves: whose draw it is (a process may run several stubs) and what it drew.
/// cpp-httplib serves a request on one thread of its pool from its pre-routing handler to its answer.
struct RequestDraw {
    const Intermittence* owner = nullptr;
    bool shows = false;
};
thread_local RequestDraw t_request;

}  // namespace

Intermittence::Intermittence(double rate, std::uint64_t seed) : rate_(rate), generator_(seed), standing_(draw()) {}

bool Intermittence::draw() const {
    if (rate_ >= 1) return true;
    std::lock_guard lock(mutex_);
    // 53 random bits as a fraction in [0, 1): the same on every standard library, unlike the distributions.
    return static_cast<double>(generator_() >> 11) * 0x1.0p-53 < rate_;
}

void Intermittence::begin_request() const { t_request = {this, draw()}; }

void Intermittence::end_request() const {
    if (t_request.owner == this) t_request = {};
}

bool Intermittence::shows() const {
    if (rate_ >= 1) return true;
    return t_request.owner == this ? t_request.shows : standing_;
}

}  // namespace bds::stub
