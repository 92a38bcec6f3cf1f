#include "client/exchange_log.hpp"

#include <algorithm>

namespace bds::client {

ExchangeLog::Ticket ExchangeLog::begin() {
    std::lock_guard lock(mutex_);
    return {++next_, std::chrono::system_clock::now()};
}

void ExchangeLog::add(const std::string& page, const Ticket& ticket, const Exchange& exchange) {
    LoggedExchange logged{page, ticket.started, exchange};
    logged.exchange.serial = ticket.serial;
    std::lock_guard lock(mutex_);
    kept_.push_back(std::move(logged));
}

std::vector<LoggedExchange> ExchangeLog::take() {
    std::vector<LoggedExchange> out;
    {
        std::lock_guard lock(mutex_);
        out.swap(kept_);
    }
    // Added as each ended: requests in parallel end in another order than they began.
    std::sort(out.begin(), out.end(),
              [](const LoggedExchange& a, const LoggedExchange& b) { return a.exchange.serial < b.exchange.serial; });
    return out;
}

}  // namespace bds::client
