#pragma once
/// Every exchange of a run, kept for `conformance run --report har=FILE`: each client of the run (the token
/// client, each check's, the clean-up's) adds what it sends, from its own thread. Exchanges are kept as reports show
/// them (redacted, bodies cut at kMaxShownBody), so a run of thousands of requests stays bounded in memory.
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "client/exchange.hpp"

namespace bds::client {

/// One exchange of a run, with the page it belongs to (a check id, "tokens" or "clean-up") and when it was sent.
struct LoggedExchange {
    std::string page;
    std::chrono::system_clock::time_point started;
    Exchange exchange;
};

/// The most bytes of exchanges (bodies, URLs, headers) a run's log keeps: past it exchanges are counted, not kept
/// (ExchangeLog::not_kept; the HAR report says how many). Exchanges are kept cut (kMaxShownBody), but a target
/// that answers full pages forever makes a run send requests by the hundred thousand.
inline constexpr std::size_t kMaxLoggedBytes = 64u << 20;

/// The bytes an exchange takes in the log, roughly: its texts.
std::size_t logged_bytes(const Exchange& exchange);

/// Thread-safe.
class ExchangeLog {
public:
    /// What a request is given as it is sent: its serial and start time, taken together so that serial order is
    /// start order.
    struct Ticket {
        std::uint64_t serial = 0;
        std::chrono::system_clock::time_point started;
    };
    Ticket begin();
    /// Keeps `exchange` (already redacted) under `page`, with the ticket its request was given; past kMaxLoggedBytes
    /// counts it instead.
    void add(const std::string& page, const Ticket& ticket, const Exchange& exchange);
    /// Everything kept, in serial order; the log is left empty.
    std::vector<LoggedExchange> take();
    /// Exchanges added past kMaxLoggedBytes, not kept.
    std::uint64_t not_kept();

private:
    std::mutex mutex_;
    std::uint64_t next_ = 0;
    std::vector<LoggedExchange> kept_;
    std::size_t bytes_ = 0;
    std::uint64_t not_kept_ = 0;
};

}  // namespace bds::client
