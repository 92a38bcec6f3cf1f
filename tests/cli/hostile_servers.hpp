#pragma once
// The hostile targets of docs/reliability.md ("Targets that are not yet right"), by name, and a run of the real
// program against one at the default settings, measured: tests/cli/hostile_targets_test.cpp holds each run to its
// deadline, bench/hostile_bench.cpp prints the figures of two runs at once.
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

namespace bds::test {

/// A hostile target while it runs (its server, or the stub and the proxy that spoils its answers).
class RunningTarget {
public:
    virtual ~RunningTarget() = default;
    virtual std::string base_url() const = 0;
    /// What a run against it adds to the command line (a target file).
    virtual std::vector<std::string> args() const { return {}; }
    /// Every bearer token the harness sent it (seen by a proxy in front of the stub; empty for the others).
    virtual std::set<std::string> tokens() const { return {}; }
};

/// A hostile target: what it does, how a run against it may end, and how to start it.
struct HostileTarget {
    std::string name;  ///< "early413"
    std::string what;  ///< what it does, in a few words
    /// The exit codes a run against it may end with (1 or 4 for most: a failure, or undecided).
    std::set<int> codes{1, 4};
    /// What the JSON report must say of it ("" for nothing in particular).
    std::string says{};
    /// Seconds a run may take beyond the deadline (the wait a Retry-After asks once).
    int extra_s = 0;
    /// It answers most requests well, so a run against it is a whole run (fewer cases under AddressSanitizer).
    bool whole_run = false;
    std::function<std::unique_ptr<RunningTarget>()> start;
};

/// Every hostile target, by name, in a fixed order.
const std::vector<HostileTarget>& hostile_targets();
/// The hostile target named `name`; std::out_of_range for another.
const HostileTarget& hostile_target(const std::string& name);

/// How a run of `conformance run` ended, and what it left.
struct Finished {
    int code = -1;  ///< exit code, or -signal
    double seconds = 0;
    bool killed = false;  ///< still running at the hard limit: killed
    long max_rss_kb = 0;
    std::string output;                          ///< stdout and stderr
    std::map<std::string, std::string> reports;  ///< format → text ("" when not written)
};

/// The report formats a run writes.
const std::vector<std::string>& hostile_report_formats();

/// Runs `exe run --base-url URL --seed 1 --timeout-ms T` and every report of hostile_report_formats(), then `extra`,
/// as a child process, and waits for it; past `hard_limit_s` it is killed (Finished::killed).
Finished run_against(const std::filesystem::path& exe, const std::string& base_url,
                     const std::vector<std::string>& extra, double hard_limit_s, int timeout_ms = 1000);

/// A target file in `dir` for `base_url` with the stub's demo users and query template, and `settings` (ca_file,
/// insecure); its path.
std::string write_target(const std::filesystem::path& dir, const std::string& base_url, const nlohmann::json& settings);

/// The five slowest checks of a JSON report, with their requests and outcome: where a run that took too long went.
std::string slowest_checks(const std::string& report);

}  // namespace bds::test
