// A change feed paged under others' writes (docs/architecture.md, "A busy, shared staging server"; A-123): one stub
// whose feed is paged by OFFSET/FETCH in the order of Id (A-11=insertion: an update keeps a row's place, a row entering
// the feed moves every later one down), two runs of the checks that read feeds whole (two CI pipelines) and another
// client of the same tenant updating older records all the time, all at once. Rows entering ahead of a run's records
// between two of its pages repeat the row at the page boundary; no rule is broken, and neither run fails or errs.
// Within a minute under the sanitizers.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <future>
#include <thread>

#include "bundled/embedded_stub.hpp"
#include "catalogue/catalogue.hpp"
#include "client/api.hpp"
#include "run/background_client.hpp"
#include "run/proxy_fixture.hpp"
#include "run/runner.hpp"
#include "run/suite_fixture.hpp"
#include "stub/variation/choices.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

/// Old CliFor records of the tenant, written before the runs (the lowest Ids). Few enough that a feed holding every
/// one of them and the new ones of a minute (a run under the sanitizers) stays within one read's kMaxBytesOfOneRead:
/// a CliFor row is ~4 KB of JSON.
constexpr int kOld = 400;

json old_customer(int n, const std::string& name) {
    char code[16];
    std::snprintf(code, sizeof code, "O%05d", n);
    return {{"ind_clifor", "C"}, {"cod_clifor", code}, {"des_ragsoc", name}, {"flg_isdeleted", false}};
}

/// Another client of the writer's tenant: every 10 ms a block of five old customers updated, the least recently
/// updated first (up to five hundred a second, every old one in a second), and every 20th block one new customer,
/// until destroyed.
/// Each old one updated after a run's LastUtcRun enters that feed ahead of the run's own records, which move down one
/// place: a feed read a second after its instant holds a few hundred rows on several pages, and gains some between two
/// of them. The new ones follow the runs' records, which are then not the feed's last rows.
test::BackgroundClient updater(const client::TargetConfig& target) {
    return {target, 10ms, [](client::Api& api, int n) {
                json block = json::array();
                for (int i = 0; i < 5; ++i)
                    block.push_back(old_customer((n * 5 + i) % kOld, "updated " + std::to_string(n)));
                if (n % 20 == 0) {
                    json fresh = old_customer(0, "new customer");  // it follows the runs' records in the feed
                    fresh["cod_clifor"] = "N" + std::to_string(n);
                    block.push_back(fresh);
                }
                return api.sync_post(client::kWriter, "CliFor", block).status == 200;
            }};
}

run::RunResult run_feed_checks(const Catalogue& cat, const client::TargetConfig& target, std::uint64_t seed) {
    run::RunOptions options;
    options.seed = seed;
    options.cases = 40;
    options.jobs = 2;
    return run::run_checks(
        cat, target,
        select_checks(all_checks(), {}, {"CHG-01", "CHG-02", "CHG-05", "DEL-01", "DEL-02", "LIM-02", "LIM-03"}),
        options);
}

TEST(ShiftingFeed, TwoRunsAndAnotherClientUpdatingOlderRecordsRaiseNoAlarm) {
    const Catalogue cat = builtin_catalogue();
    stub::StubOptions options;
    stub::apply_choices(options.choices, "A-11=insertion");
    auto stub = bundled::start_embedded_stub(cat, options);
    json old = json::array();
    for (int n = 0; n < kOld; ++n) old.push_back(old_customer(n, "old customer " + std::to_string(n)));
    stub.server->load(1, "CliFor", old);
    // A page of the feed takes 10 ms to serve, as a staging server's does: the other client's updates land between any
    // two pages of a read.
    test::BreakingProxy slow_feed(stub.target.base_url, {}, {}, {},
                                  [](const httplib::Request& req, const std::function<void()>& pass) {
                                      if (req.method == "GET" && req.path.rfind("/api/sync/", 0) == 0)
                                          std::this_thread::sleep_for(10ms);
                                      pass();
                                  });
    client::TargetConfig target = stub.target;
    target.base_url = slow_feed.base_url();
    run::RunResult a, b;
    {
        auto other = updater(stub.target);
        auto second = std::async(std::launch::async, [&] { return run_feed_checks(cat, target, 202); });
        a = run_feed_checks(cat, target, 101);
        b = second.get();
        EXPECT_GT(other.writes(), 10) << "the other client wrote meanwhile";
    }
    int moved = 0;
    for (const auto* run : {&a, &b}) {
        std::printf("[ shifting ] run %s: %s, %ld requests in %.0f s\n%s", run->run_prefix.c_str(),
                    run::verdict_text(*run).c_str(), run->requests, run->duration_ms / 1000,
                    test::describe(*run).c_str());
        EXPECT_EQ(run->must_failures(), 0);
        for (const auto& r : run->results) {
            EXPECT_NE(r.outcome, run::Outcome::Error) << r.id << ": " << r.reason;
            for (const auto& o : r.observations)
                if (o.text.find("moved meanwhile") != std::string::npos) {
                    ++moved;
                    std::printf("  %s: %s\n", r.id.c_str(), o.text.c_str());
                }
        }
    }
    std::printf("[ shifting ] %d feed reads moved under the other writers\n", moved);
}

}  // namespace
}  // namespace bds
