// The run's log of exchanges (for the HAR report): serials in start order, kept from many threads at once.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "client/exchange_log.hpp"

namespace bds::client {
namespace {

TEST(HarExchangeLog, SerialsFollowStartOrderWhateverOrderRequestsEnd) {
    ExchangeLog log;
    const auto first = log.begin(), second = log.begin();
    Exchange e;
    e.url = "b";
    log.add("B", second, e);  // the second request ends first
    e.url = "a";
    log.add("A", first, e);
    const auto kept = log.take();
    ASSERT_EQ(kept.size(), 2u);
    EXPECT_EQ(kept[0].exchange.serial, 1u);
    EXPECT_EQ(kept[0].page, "A");
    EXPECT_EQ(kept[0].exchange.url, "a");
    EXPECT_EQ(kept[1].exchange.serial, 2u);
    EXPECT_LE(kept[0].started, kept[1].started);
    EXPECT_TRUE(log.take().empty()) << "taken";
}

TEST(HarExchangeLog, KeepsExchangesUpToItsBytesAndCountsTheRest) {
    ExchangeLog log;
    Exchange e;
    e.response_body = std::string(4096, 'x');
    const std::size_t fit = kMaxLoggedBytes / (logged_bytes(e) + 1);
    for (std::size_t i = 0; i < fit + 10; ++i) log.add("P", log.begin(), e);
    EXPECT_EQ(log.not_kept(), 10u);
    const auto kept = log.take();
    ASSERT_EQ(kept.size(), fit);
    EXPECT_EQ(kept.back().exchange.serial, fit) << "the first ones are kept";
    EXPECT_EQ(kept.front().exchange.response_body, e.response_body) << "whole, as given";

    ExchangeLog few;
    for (int i = 0; i < 3; ++i) few.add("P", few.begin(), e);
    EXPECT_EQ(few.take().size(), 3u) << "a log under the bound keeps every exchange";
    EXPECT_EQ(few.not_kept(), 0u);
}

TEST(HarExchangeLog, ThreadsAddAtOnce) {
    ExchangeLog log;
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&log, t] {
            for (int i = 0; i < 250; ++i) {
                const auto ticket = log.begin();
                log.add("check-" + std::to_string(t), ticket, Exchange{});
            }
        });
    for (auto& t : threads) t.join();
    const auto kept = log.take();
    ASSERT_EQ(kept.size(), 1000u);
    for (std::size_t i = 0; i < kept.size(); ++i) {
        EXPECT_EQ(kept[i].exchange.serial, i + 1);
        if (i > 0) {
            EXPECT_LE(kept[i - 1].started, kept[i].started) << i;
        }
    }
}

}  // namespace
}  // namespace bds::client
