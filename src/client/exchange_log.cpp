#include "client/exchange_log.hpp"

#include <algorithm>

namespace bds::client {

ExchangeLog::Ticket ExchangeLog::begin() {
    std::lock_guard lock(mutex_);
    return {++next_, std::chrono::system_clock::now()};
}

std::size_t logged_bytes(const Exchange& e) {
    std::size_t n = sizeof(LoggedExchange) + e.method.size() + e.url.size() + e.request_body.size() +
                    e.response_body.size() + e.error.size();
    for (const auto* headers : {&e.request_headers, &e.response_headers})
        for (const auto& [name, value] : *headers) n += name.size() + value.size() + 2 * sizeof(std::string);
    return n;
}

void ExchangeLog::add(const std::string& page, const Ticket& ticket, const Exchange& exchange) {
    const std::size_t bytes = logged_bytes(exchange) + page.size();
    {
        std::lock_guard lock(mutex_);
        if (bytes_ + bytes > kMaxLoggedBytes) {
            ++not_kept_;
            return;
        }
        bytes_ += bytes;
    }
    LoggedExchange logged{page, ticket.started, exchange};
    logged.exchange.serial = ticket.serial;
    std::lock_guard lock(mutex_);
    kept_.push_back(std::move(logged));
}

std::uint64_t ExchangeLog::not_kept() {
    std::lock_guard lock(mutex_);
    return not_kept_;
}

std::vector<LoggedExchange> ExchangeLog::take() {
    std::vector<LoggedExchange> out;
    {
        std::lock_guard lock(mutex_);
        out.swap(kept_);
        bytes_ = 0;
    }
    // Added as each ended: requests in parallel end in another order than they began.
    std::sort(out.begin(), out.end(),
              [](const LoggedExchange& a, const LoggedExchange& b) { return a.exchange.serial < b.exchange.serial; });
    return out;
}

}  // namespace bds::client
