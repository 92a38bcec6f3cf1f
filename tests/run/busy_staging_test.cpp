// A busy, shared staging server (docs/architecture.md, "A busy, shared staging server"): one small server that serves
// one request at a time, slower the longer its queue, with tokens of 3 s; two runs of the harness (two CI pipelines)
// and another client writing, updating, deleting and reading its own records in the same tenant, all at once. Both
// runs pass with no error, and afterwards no record either run wrote is active. Then the same server stalls for 20 s
// mid-run: the run waits it out, no MUST failure, and nothing it wrote stays active. Slow (minutes): the optimised
// build's engine_harness label.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <thread>

#include "bundled/embedded_stub.hpp"
#include "catalogue/catalogue.hpp"
#include "client/api.hpp"
#include "run/background_client.hpp"
#include "run/proxy_fixture.hpp"
#include "run/runner.hpp"
#include "run/suite_fixture.hpp"
#include "suites/registry.hpp"
#include "test_records.hpp"

namespace bds {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

/// The reference stub behind a server that takes one request at a time: each waits for the one before, and is served
/// in kService and kPerWaiting for each request queued behind it. `stall(d)` holds every request back for d.
class BusyServer {
public:
    static constexpr auto kService = 2ms;
    static constexpr auto kPerWaiting = 4ms;

    /// `timeout_ms`: the target file's time-out (the run's patience with this server).
    explicit BusyServer(int timeout_ms = 500) : timeout_ms_(timeout_ms) {
        stub::StubOptions options;
        options.token_ttl = 3s;  // the stub's setting of the main job: tokens expire during a run
        users_ = options.users;
        stub_ = bundled::start_embedded_stub(catalogue_, options);
        proxy_ = std::make_unique<test::BreakingProxy>(
            stub_.target.base_url, test::BreakingProxy::Before{}, test::BreakingProxy::After{},
            test::BreakingProxy::Rewrite{}, [this](const httplib::Request&, const std::function<void()>& pass) {
                const int waiting = ++queued_;
                {
                    std::lock_guard lock(serial_);
                    std::this_thread::sleep_until(stalled_until());
                    std::this_thread::sleep_for(kService + kPerWaiting * waiting);
                    pass();
                }
                --queued_;
            });
    }
    /// The target file of a user of this server: the stub's, at the server's address, with its time-out (500 ms by
    /// default). Ten requests at once wait longer than that (each is served in 42 ms then): two runs keeping --jobs 4
    /// in flight throughout (RunOptions::adapt_in_flight false) time out, and err, here.
    client::TargetConfig target() const {
        client::TargetConfig t = stub_.target;
        t.base_url = proxy_->base_url();
        t.timeout_ms = timeout_ms_;
        return t;
    }
    void stall(std::chrono::steady_clock::duration d) {
        std::lock_guard lock(stall_mutex_);
        stalled_until_ = std::chrono::steady_clock::now() + d;
    }
    /// The records of a run (a key field starting with its prefix) still active on the server, in every tenant.
    std::vector<std::string> active_of(const std::string& prefix) const {
        std::vector<std::string> out;
        std::set<int> tenants;
        for (const auto& u : users_) tenants.insert(u.customer_ID);
        for (const int tenant : tenants)
            for (const Record* r : catalogue_.resources())
                for (const auto& row : stub_.server->rows(tenant, r->name)) {
                    if (row.value("flg_isdeleted", false)) continue;
                    for (const auto& k : r->key)
                        if (row.contains(k) && row[k].is_string() && row[k].get<std::string>().rfind(prefix, 0) == 0) {
                            out.push_back(r->name + " " + row[k].get<std::string>());
                            break;
                        }
                }
        return out;
    }
    const Catalogue& catalogue() const { return catalogue_; }

private:
    std::chrono::steady_clock::time_point stalled_until() {
        std::lock_guard lock(stall_mutex_);
        return stalled_until_;
    }

    int timeout_ms_;
    Catalogue catalogue_ = builtin_catalogue();
    std::vector<stub::User> users_;
    bundled::EmbeddedStub stub_;
    std::unique_ptr<test::BreakingProxy> proxy_;
    std::mutex serial_, stall_mutex_;
    std::atomic<int> queued_{0};
    std::chrono::steady_clock::time_point stalled_until_{};
};

/// Another client of the same tenant: about ten requests a second, writing, updating, logically deleting and reading
/// its own CliFor records (keys "zzbg…"), until destroyed.
test::BackgroundClient other_client(const BusyServer& server) {
    return {server.target(), 100ms, [&cat = server.catalogue()](client::Api& api, int n) {
                const json record = test::minimal(cat, "CliFor",
                                                  {{"cod_clifor", "zzbg" + std::to_string(n % 40)},
                                                   {"ind_clifor", "C"},
                                                   {"des_ragsoc", "other client " + std::to_string(n)},
                                                   {"flg_isdeleted", n % 5 == 4}});
                const bool wrote = api.sync_post(client::kWriter, "CliFor", json::array({record})).status == 200;
                api.list(client::kWriter, "CliFor", {std::nullopt, 20, 1 + n % 3});
                return wrote;
            }};
}

run::RunResult run_on(const BusyServer& server, std::uint64_t seed) {
    run::RunOptions options;
    options.seed = seed;
    options.cases = 10;
    options.jobs = 4;
    options.gone_after_s = 30;  // as a user of a shared server sets it: a minute of nothing is gone, seconds are busy
    return run::run_checks(server.catalogue(), server.target(), all_checks(), options);
}

void expect_no_false_alarm(const run::RunResult& run) {
    std::printf("[ busy     ] run %s: %s, %ld requests in %.0f s\n%s", run.run_prefix.c_str(),
                run::verdict_text(run).c_str(), run.requests, run.duration_ms / 1000, test::describe(run).c_str());
    for (const auto& note : run.notes) std::printf("  note: %s\n", note.c_str());
    EXPECT_EQ(run.must_failures(), 0);
    for (const auto& r : run.results) EXPECT_NE(r.outcome, run::Outcome::Error) << r.id << ": " << r.reason;
    EXPECT_EQ(run.verdict(), run::Verdict::Pass);
}

TEST(BusyStaging, TwoRunsAndAnotherClientOnOneSlowServer) {
    BusyServer server;
    run::RunResult a, b;
    {
        auto other = other_client(server);
        auto second = std::async(std::launch::async, [&] { return run_on(server, 202); });
        a = run_on(server, 101);
        b = second.get();
        EXPECT_GT(other.writes(), 10) << "the other client wrote meanwhile";
    }
    expect_no_false_alarm(a);
    expect_no_false_alarm(b);
    for (const auto* run : {&a, &b}) EXPECT_EQ(server.active_of(run->run_prefix), std::vector<std::string>{});
}

TEST(BusyStaging, AStallOfTwentySecondsMidRunIsWaitedOut) {
    // The default time-out (10 s): the requests queued behind the stall time out once or twice, and the GETs among
    // them are asked again. (With 500 ms, the requests abandoned during the stall keep this model's queue long for
    // minutes after it: a collapse of the test's server, not of the harness.)
    BusyServer server(10000);
    run::RunResult run;
    {
        auto stalled = std::async(std::launch::async, [&] {
            std::this_thread::sleep_for(15s);
            server.stall(20s);
        });
        run = run_on(server, 303);
    }
    std::printf("[ stall    ] %s\n%s", run::verdict_text(run).c_str(), test::describe(run).c_str());
    for (const auto& note : run.notes) std::printf("  note: %s\n", note.c_str());
    EXPECT_EQ(run.must_failures(), 0) << "a stall is no broken rule";
    EXPECT_TRUE(run.stopped.empty()) << "the target answered again within --gone-after: " << run.stopped;
    EXPECT_EQ(server.active_of(run.run_prefix), std::vector<std::string>{});
}

}  // namespace
}  // namespace bds
