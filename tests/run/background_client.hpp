#pragma once
/// Another client of a target, working on a thread of its own while a test's runs go on (a shared staging server's
/// other pipelines and writers): an Api of its own (its own token and connections) and a step taken again and again.
#include <atomic>
#include <chrono>
#include <functional>
#include <thread>

#include "client/api.hpp"
#include "client/target.hpp"

namespace bds::test {

class BackgroundClient {
public:
    /// What the client does the `n`-th time (0, 1, …); true when it wrote. A throw (a token not issued while the
    /// server is busy) is that step failed: the next one tries again.
    using Step = std::function<bool(client::Api& api, int n)>;

    /// Starts taking `step` with `pause` after each, until destroyed.
    BackgroundClient(const client::TargetConfig& target, std::chrono::milliseconds pause, Step step);
    ~BackgroundClient();
    BackgroundClient(const BackgroundClient&) = delete;
    BackgroundClient& operator=(const BackgroundClient&) = delete;

    /// How many steps wrote.
    int writes() const { return writes_; }

private:
    void work();

    client::TargetConfig target_;
    std::chrono::milliseconds pause_;
    Step step_;
    std::atomic<bool> done_{false};
    std::atomic<int> writes_{0};
    std::thread thread_;
};

}  // namespace bds::test
