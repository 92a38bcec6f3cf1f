// Prints what the run's adaptive concurrency (client/in_flight.hpp) gives against a target that saturates: the bundled
// stub behind a proxy that serves up to k requests at once in kService each and slows every request in service as
// more than k are (each takes kService × (n/k)², the way a small server thrashes), so that asking more than k at once
// costs throughput. Three runs of the same checks and seed: --jobs 1, a fixed --jobs 8, and --jobs 8 adapting. It
// prints each one's time, its ratio to the fixed --jobs 8, and the concurrency the adapting run chose.
// Usage: busy_bench [--quick] [--k N]   (--quick: a few checks, one case: a smoke test, the figures mean nothing)
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>

#include "bench_clock.hpp"
#include "bundled/embedded_stub.hpp"
#include "catalogue/catalogue.hpp"
#include "run/proxy_fixture.hpp"
#include "run/runner.hpp"
#include "suites/registry.hpp"

namespace {

using namespace std::chrono_literals;
constexpr auto kService = 10ms;

/// The main job's stub: tokens of 3 s, so that the expiry check decides (a verdict can be pass).
bds::stub::StubOptions stub_options() {
    bds::stub::StubOptions o;
    o.token_ttl = std::chrono::seconds(3);
    return o;
}

/// The stub behind a server that thrashes beyond k requests in service.
class Saturating {
public:
    Saturating(const bds::Catalogue& catalogue, int k)
        : k_(k),
          stub_(bds::bundled::start_embedded_stub(catalogue, stub_options())),
          proxy_(stub_.target.base_url, {}, {}, {}, [this](const httplib::Request&, const std::function<void()>& pass) {
              int n;
              {
                  std::lock_guard lock(mutex_);
                  n = ++in_service_;
              }
              const double load = std::max(1.0, static_cast<double>(n) / k_);
              std::this_thread::sleep_for(
                  std::chrono::duration_cast<std::chrono::microseconds>(kService * load * load));
              pass();
              std::lock_guard lock(mutex_);
              --in_service_;
          }) {}
    bds::client::TargetConfig target() const {
        auto t = stub_.target;
        t.base_url = proxy_.base_url();
        return t;
    }

private:
    int k_;
    bds::bundled::EmbeddedStub stub_;
    bds::test::BreakingProxy proxy_;
    std::mutex mutex_;
    int in_service_ = 0;
};

struct Figures {
    double seconds = 0;
    std::string verdict, in_flight;
};

Figures run_once(const bds::Catalogue& catalogue, int k, int jobs, bool adapt, const std::vector<bds::Check>& checks,
                 int cases) {
    Saturating target(catalogue, k);
    bds::run::RunOptions options;
    options.seed = 7;
    options.cases = cases;
    options.jobs = jobs;
    options.adapt_in_flight = adapt;
    const auto start = bds::bench::Clock::now();
    const auto result = bds::run::run_checks(catalogue, target.target(), checks, options);
    Figures f{bds::bench::seconds_since(start), std::string(bds::run::to_string(result.verdict())), ""};
    for (const auto& note : result.notes)
        if (note.rfind("requests in flight", 0) == 0) f.in_flight = note;
    return f;
}

}  // namespace

int main(int argc, char** argv) {
    const bool quick = bds::bench::quick_mode(argc, argv);
    int k = 2;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--k") == 0) k = std::max(1, std::atoi(argv[i + 1]));
    const bds::Catalogue catalogue = bds::builtin_catalogue();
    std::vector<bds::Check> checks;
    for (const auto& c : bds::all_checks())
        if (!quick || c.id.rfind("PAG-", 0) == 0) checks.push_back(c);
    const int cases = quick ? 1 : 10;
    std::printf("a target serving %d requests at once in %lld ms each, thrashing beyond; %zu checks, %d cases\n", k,
                static_cast<long long>(kService.count()), checks.size(), cases);
    const Figures one = run_once(catalogue, k, 1, false, checks, cases);
    const Figures fixed = run_once(catalogue, k, 8, false, checks, cases);
    const Figures adapting = run_once(catalogue, k, 8, true, checks, cases);
    const auto line = [&](const char* name, const Figures& f) {
        std::printf("  %-26s %7.1f s  %5.2f× the fixed --jobs 8  (%s)\n", name, f.seconds, f.seconds / fixed.seconds,
                    f.verdict.c_str());
    };
    line("--jobs 1", one);
    line("--jobs 8, fixed", fixed);
    line("--jobs 8, adapting", adapting);
    std::printf("  adapting: %s\n",
                adapting.in_flight.empty() ? "requests in flight never changed from 8" : adapting.in_flight.c_str());
    return 0;
}
