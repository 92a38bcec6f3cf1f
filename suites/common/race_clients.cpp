#include "suites/common/race_clients.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <latch>
#include <numeric>
#include <thread>

namespace bds::suites {
namespace {

/// The events' ids in the order they were sent.
std::vector<std::size_t> sent_order(const std::vector<TimedEvent>& events) {
    std::vector<std::size_t> ids(events.size());
    std::iota(ids.begin(), ids.end(), 0);
    std::stable_sort(ids.begin(), ids.end(),
                     [&](std::size_t a, std::size_t b) { return events[a].sent_ms < events[b].sent_ms; });
    return ids;
}

bool overlap(const TimedEvent& a, const TimedEvent& b) {
    return a.client != b.client && a.sent_ms < b.answered_ms && b.sent_ms < a.answered_ms;
}

}  // namespace

double Timeline::now_ms() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
}

std::size_t Timeline::add(TimedEvent event) {
    std::lock_guard lock(mutex_);
    events_.push_back(std::move(event));
    return events_.size() - 1;
}

TimedEvent Timeline::event(std::size_t id) const {
    std::lock_guard lock(mutex_);
    return events_.at(id);
}

std::size_t Timeline::label(std::size_t id) const {
    std::lock_guard lock(mutex_);
    const auto order = sent_order(events_);
    return static_cast<std::size_t>(std::find(order.begin(), order.end(), id) - order.begin()) + 1;
}

std::string Timeline::text() const {
    std::lock_guard lock(mutex_);
    std::string out;
    std::size_t number = 0;
    for (const std::size_t id : sent_order(events_)) {
        const TimedEvent& e = events_[id];
        char times[64];
        if (std::isinf(e.answered_ms))
            std::snprintf(times, sizeof times, "%8.1f ms -> (none)   ", e.sent_ms);
        else
            std::snprintf(times, sizeof times, "%8.1f -> %8.1f ms", e.sent_ms, e.answered_ms);
        out += "#" + std::to_string(++number) + "  client " + std::to_string(e.client + 1) + "  " + times + "  " +
               e.what + " -> " + e.answer + "\n";
    }
    return out;
}

bool Timeline::clients_met() const {
    std::lock_guard lock(mutex_);
    for (std::size_t a = 0; a < events_.size(); ++a)
        for (std::size_t b = a + 1; b < events_.size(); ++b)
            if (overlap(events_[a], events_[b])) return true;
    return false;
}

bool Timeline::met(const std::vector<std::size_t>& ids) const {
    std::lock_guard lock(mutex_);
    for (std::size_t a = 0; a < ids.size(); ++a)
        for (std::size_t b = a + 1; b < ids.size(); ++b)
            if (overlap(events_.at(ids[a]), events_.at(ids[b]))) return true;
    return false;
}

RaceClients::RaceClients(Context& ctx, int n, std::string resource) : ctx_(ctx), resource_(std::move(resource)) {
    if (!ctx.connection) throw harness_error("this run gives its checks no second connection");
    for (int i = 0; i < n; ++i) {
        client::Api& api = ctx.connection(static_cast<std::size_t>(i));
        api.held_by_caller();  // run() holds the gate and the slots for all of them
        clients_.push_back(std::make_unique<Context>(ctx.fork(api)));
    }
}

void RaceClients::run(const std::function<void(int, Context&)>& step) {
    const auto writing = ctx_.api.writing(resource_);
    client::RunLimits* limits = ctx_.api.http().limits();
    const client::InFlight::Slot slots =
        limits ? limits->enter_group(static_cast<int>(clients_.size())) : client::InFlight::Slot{};
    std::latch ready(static_cast<std::ptrdiff_t>(clients_.size()));
    std::vector<std::exception_ptr> thrown(clients_.size());
    std::vector<long> before;
    for (const auto& c : clients_) before.push_back(c->api.http().requests_sent());
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < clients_.size(); ++i)
        threads.emplace_back([&, i] {
            ready.arrive_and_wait();  // released together, so that their first requests meet
            try {
                step(static_cast<int>(i), *clients_[i]);
            } catch (...) {
                thrown[i] = std::current_exception();
            }
        });
    for (auto& t : threads) t.join();
    long longest = 0;
    for (std::size_t i = 0; i < clients_.size(); ++i) {
        longest = std::max(longest, clients_[i]->api.http().requests_sent() - before[i]);
        ctx_.merge(*clients_[i]);
    }
    ctx_.chain_beyond += longest;
    for (const auto& e : thrown)
        if (e) std::rethrow_exception(e);
}

}  // namespace bds::suites
