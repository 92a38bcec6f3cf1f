#pragma once
// What tests of the suites share: running checks against a target, reading a result, and a stub behind a
// proxy that breaks one rule (so a test shows a check fails on a server that breaks its rule).
#include <httplib.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "bundled/embedded_stub.hpp"
#include "run/proxy_fixture.hpp"
#include "run/runner.hpp"

namespace bds::test {

/// Every result that is not pass or skip, with its findings: the message of a failed expectation.
std::string describe(const run::RunResult& result);

/// Runs the checks whose id starts with one of `ids` (all when empty), seed 42, 5 cases.
run::RunResult run_all(const Catalogue& cat, const client::TargetConfig& target,
                       const std::vector<std::string>& ids = {}, int jobs = 1);

/// The result of check `id`; throws if the run has none.
const run::CheckResult& result_of(const run::RunResult& run, const std::string& id);

/// The observation of `r` that starts with `prefix`, or "".
std::string observed(const run::CheckResult& r, const std::string& prefix);

/// The result of check `id` run alone (as run_all) against the bundled stub set to `defect` under `choices`
/// (`conformance stub --choose` form).
run::CheckResult result_on_stub(const std::string& id, stub::Defect defect = stub::Defect::None,
                                const std::string& choices = "");
/// The result of check `id` run alone against the bundled stub set to the defect named `defect`.
run::CheckResult result_under_defect(const std::string& defect, const std::string& id);
/// Each finding of `r` as "expected | actual @ pointer", a line each: what a test searches for a finding's words.
std::string findings_text(const run::CheckResult& r);

/// A check ZZZ-01 that waits an hour (Context::wait_for): what a deadline or an interrupt must cut.
Check waiting_an_hour();

/// No check errs, and no MUST or SHOULD check fails.
void expect_clean(const run::RunResult& result);

/// The run's notes, but for the story of its requests in flight: how the run followed the target's speed, which moves
/// with the machine's load (a sanitized build's slower answers lower the limit), and tells of no trouble.
std::vector<std::string> trouble_notes(const run::RunResult& result);

/// A stub behind a proxy that breaks one rule; `target` points at the proxy, `stub.target` at the stub.
struct Broken {
    Catalogue cat = builtin_catalogue();
    bundled::EmbeddedStub stub;
    std::unique_ptr<BreakingProxy> proxy;
    client::TargetConfig target;
    explicit Broken(BreakingProxy::Before before, BreakingProxy::After after = {}, BreakingProxy::Rewrite rewrite = {},
                    stub::StubOptions options = {});

    /// Check `id`, run through the proxy, fails (a test failure with the run's description otherwise).
    /// Returns its result.
    run::CheckResult expect_fail(const std::string& id);
    /// Check `id`, run through the proxy, passes: what the proxy changes is no rule of the seeds. Returns its result.
    run::CheckResult expect_pass(const std::string& id);
    /// Check `id`, run against the stub directly, passes. Returns its result.
    run::CheckResult expect_pass_without_proxy(const std::string& id);
};

/// A proxy hook that answers `method path` (any query) itself with `status` and `body`.
BreakingProxy::Before answer(const std::string& method, const std::string& path, int status, const std::string& body);

/// A rewrite hook that hands each record of a POST sync block to `edit` with its resource, one block at a time (an
/// edit that remembers what it saw needs no lock of its own); a record for which `edit` returns false is left out.
BreakingProxy::Rewrite edit_sent_records(const Catalogue& cat,
                                         std::function<bool(nlohmann::json& record, const Record& resource)> edit);

/// The key of a sent record, "CliFor/C|K1" (its resource, then its key fields as the stub indexes them).
std::string key_of(const nlohmann::json& record, const Record& resource);

/// The rows of a list response in the stub's default envelope ({"TotalRowsCount", "Records"}).
nlohmann::json& records_of(nlohmann::json& body);

/// Keeps only the rows of a list response (the stub's default envelope) for which `keep` is true, and sets
/// TotalRowsCount to their number.
void keep_rows(httplib::Response& res, const std::function<bool(const nlohmann::json&)>& keep);

}  // namespace bds::test
