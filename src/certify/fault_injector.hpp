#pragma once
/// The stub's interceptor in a scenario: records every request of the connector and injects the scenario's fault.
#include <nlohmann/json.hpp>

#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <set>

#include "certify/recording.hpp"
#include "certify/scenario.hpp"
#include "stub/options.hpp"

namespace bds::certify {

struct FaultSettings {
    Fault fault = Fault::None;
    std::string fault_name;            ///< the scenario's name, written into what it answers
    std::string marker;                ///< a text in the body of a refused block: the connector must keep it
    int slow_ms = 1000;                ///< delay of the first two blocks under Fault::SlowAnswers
    std::size_t max_requests = 10000;  ///< the budget: past it every request is answered 429 and the run is ended
    /// Fault::LostRecord: stores `records` of `resource` as the stub would (throws std::exception if it refuses them).
    std::function<void(const std::string& resource, const nlohmann::json& records)> store;
};

class FaultInjector : public stub::Interceptor {
public:
    explicit FaultInjector(FaultSettings settings);

    bool before(const httplib::Request& req, httplib::Response& res) override;
    void answered(const httplib::Request& req, const httplib::Response& res) override;
    void after(const httplib::Request& req, const httplib::Response& res) override;

    /// A copy of everything recorded so far.
    Recording recording() const;
    /// Milliseconds since the last request (or since the start, before the first).
    double quiet_ms() const;
    /// Why the connector must be stopped now (its request budget is spent), or empty.
    std::string stop_reason() const;

private:
    Received received(const httplib::Request& req) const;
    bool inject(const httplib::Request& req, httplib::Response& res, Received& received);
    double now_ms() const;

    FaultSettings settings_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    mutable std::mutex mutex_;
    Recording recording_;
    std::map<const void*, Received> open_;  ///< requests being answered, recorded once their answer is written
    std::set<std::string> valid_tokens_, expired_tokens_;
    /// Request bodies are kept whole for judging: past this a scenario is ended as a flood, so memory stays bounded.
    static constexpr std::size_t kMaxRecordedBytes = std::size_t{256} << 20;
    std::size_t recorded_bytes_ = 0;
    int accepted_blocks_ = 0;
    int slow_blocks_ = 0;
    bool fault_done_ = false;
};

}  // namespace bds::certify
