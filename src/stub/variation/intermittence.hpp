#pragma once
/// Whether a defect set to show on a fraction of requests (StubOptions::defect_rate) shows on the request being
/// served: a rule a server keeps only sometimes (a cache, a race, a clock), for testing the detection of flaky rules.
/// Drawn once per request, so that every question one request asks its policy has the same answer, by a generator
/// seeded with StubOptions::defect_seed: the same requests in the same order draw the same answers.
#include <cstdint>
#include <mutex>
#include <random>

namespace bds::stub {

class Intermittence {
public:
    /// `rate`: the fraction of requests the defect shows on, in (0, 1]; at 1 it always shows and nothing is drawn.
    Intermittence(double rate, std::uint64_t seed);
    Intermittence(const Intermittence&) = delete;
    Intermittence& operator=(const Intermittence&) = delete;

    /// The calling thread begins to serve a request: draws whether the defect shows on it, kept for the thread until
    /// end_request (or its next begin_request).
    void begin_request() const;
    /// The calling thread has answered its request.
    void end_request() const;
    /// Whether the defect shows now: on a thread serving a request, that request's draw; outside a request (the
    /// stub's construction, a data set loaded, a thread serving none), the draw made at construction, so that what
    /// the stub decides once (whether tokens expire) shows the defect at the same rate across seeds.
    bool shows() const;

private:
    bool draw() const;

    double rate_;
    mutable std::mutex mutex_;
    mutable std::mt19937_64 generator_;
    bool standing_;  ///< after generator_, which draws it
};

}  // namespace bds::stub
