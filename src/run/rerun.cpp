#include "run/rerun.hpp"

#include <algorithm>
#include <chrono>
#include <random>

namespace bds::run {
namespace {

/// The checks of `checks` whose result in `run` failed and has no passing rerun yet.
std::vector<Check> still_failing(const std::vector<Check>& checks, const RunResult& run) {
    std::vector<Check> out;
    for (const auto& check : checks) {
        const auto r = std::find_if(run.results.begin(), run.results.end(),
                                    [&check](const CheckResult& c) { return c.id == check.id; });
        if (r != run.results.end() && r->outcome == Outcome::Fail && !r->flaky()) out.push_back(check);
    }
    return out;
}

bool interrupt_came(const RunOptions& options) { return options.interruption && options.interruption->count() > 0; }

}  // namespace

std::uint64_t rerun_seed(int attempt, std::uint64_t seed, const std::function<std::uint64_t()>& fresh) {
    return attempt % 2 == 1 ? seed : fresh();
}

void rerun_failures(const Catalogue& catalogue, const client::TargetConfig& target, const std::vector<Check>& checks,
                    const RunOptions& options, int times, RunResult& run,
                    const std::function<void(const std::string&)>& say) {
    const auto began = std::chrono::steady_clock::now();
    std::random_device random;
    for (int attempt = 1; attempt <= times && run.interrupted.empty() && !interrupt_came(options); ++attempt) {
        const auto failing = still_failing(checks, run);
        if (failing.empty()) return;
        RunOptions again = options;
        again.seed = rerun_seed(attempt, options.seed, [&random] { return random() % 1000000; });
        again.on_start = {};
        again.on_result = {};
        again.on_case = {};
        again.log_exchanges = false;
        if (!again.journal_file.empty()) again.journal_file += ".rerun-" + std::to_string(attempt);
        if (options.max_time_s > 0) {  // what is left of the run's time limit (the main run's share counted)
            const auto spent =
                std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - began);
            again.max_time_s = options.max_time_s - static_cast<int>(run.duration_ms / 1000 + spent.count());
            if (again.max_time_s <= 0) return;
        }
        say("rerun " + std::to_string(attempt) + " of " + std::to_string(times) + ": " +
            std::to_string(failing.size()) + " failed check(s), seed " + std::to_string(again.seed));
        RunResult rerun;
        try {
            rerun = run_checks(catalogue, target, failing, again);
        } catch (const std::runtime_error& e) {  // Unreachable, NoToken: the target went away since the run
            say("rerun " + std::to_string(attempt) + " could not begin: " + e.what());
            return;
        }
        if (!rerun.interrupted.empty()) run.interrupted = rerun.interrupted;
        for (const auto& r : rerun.results) {
            auto it = std::find_if(run.results.begin(), run.results.end(),
                                   [&r](const CheckResult& c) { return c.id == r.id; });
            if (it != run.results.end() && (r.outcome == Outcome::Pass || r.outcome == Outcome::Fail))
                it->reruns.push_back({again.seed, r.outcome});
        }
        run.requests += rerun.requests;
        run.records_written += rerun.records_written;
    }
}

}  // namespace bds::run
