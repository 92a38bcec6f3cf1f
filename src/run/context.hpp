#pragma once
/// What a running check reaches (check/check.hpp declares it): the catalogue, the target, an Api of its
/// own, its key namespace, the run's seed and cases, and the ways to report: a finding, an observation, a
/// skip. A check's run() reads like a test: call the target, compare with an oracle, report.
#include <any>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "check/check.hpp"
#include "client/api.hpp"
#include "run/journal.hpp"
#include "run/result.hpp"

namespace bds::gen {
class KeyNumbers;
}

namespace bds {
namespace run {
class ShrinkBudget;
}

/// Thrown by Context::skip: the check cannot run here (a missing user, --read-only, nothing to read).
struct SkipCheck {
    std::string reason;
};
/// Thrown by Context::fail: the check stops at a broken rule (already recorded).
struct CheckFailed {};
/// The harness could not judge: no answer from the target, a broken precondition of the check (the target's
/// doing: ErrorSource::Target), or a fault of the harness itself (ErrorSource::Harness).
class CheckError : public std::runtime_error {
public:
    CheckError(const std::string& message, std::optional<client::Exchange> exchange = std::nullopt,
               run::ErrorSource source = run::ErrorSource::Target)
        : std::runtime_error(message), exchange_(std::move(exchange)), source_(source) {}
    const std::optional<client::Exchange>& exchange() const { return exchange_; }
    run::ErrorSource source() const { return source_; }

private:
    std::optional<client::Exchange> exchange_;
    run::ErrorSource source_;
};

/// A CheckError that is the harness's own fault (a bug, or a catalogue or generator that cannot serve the check).
inline CheckError harness_error(const std::string& message) {
    return CheckError(message, std::nullopt, run::ErrorSource::Harness);
}

/// Where a check's findings stand (Context::findings_mark): a property judges a case, then drops or keeps what it
/// found since.
struct FindingsMark {
    std::size_t kept = 0;      ///< findings kept
    std::size_t not_kept = 0;  ///< findings past run::kMaxFindingsKept, counted
    /// Every finding made, kept or not: what tells a property that a case failed.
    std::size_t made() const { return kept + not_kept; }
};

/// Findings taken out of a check's (Context::take_findings): those kept, and how many more were not.
struct TakenFindings {
    std::vector<run::Finding> kept;
    std::size_t not_kept = 0;
    bool any() const { return !kept.empty() || not_kept > 0; }
};

/// Shrinking budget of one property: tries after the first failing case, and time (run/shrinking.hpp; the run's
/// budget bounds them all: run/shrink_budget.hpp).
inline constexpr int kShrinkTries = 400;
inline constexpr std::chrono::seconds kShrinkTime{15};

struct Context {
    const Catalogue& catalogue;
    const client::TargetConfig& target;
    client::Api& api;
    const Check& check;
    /// Text keys written by this check start with it (run prefix + the check's own code).
    std::string prefix;
    std::uint64_t seed = 0;
    int cases = kDefaultCases;
    /// Everything the run wrote, for the clean-up at its end.
    run::Journal& journal;

    // --- reporting ---
    /// Records a broken rule and goes on (several findings per check are allowed).
    void finding(run::Finding f);
    /// Records a broken rule and stops the check.
    [[noreturn]] void fail(run::Finding f);
    /// Records what the target chose (once: the same text again is dropped; past the first few, without the exchange;
    /// past run::kMaxObservationsKept, counted).
    void observe(std::string text, std::optional<client::Exchange> exchange = std::nullopt);
    /// Stops the check as skipped.
    [[noreturn]] void skip(std::string reason);

    /// Where the findings stand now.
    FindingsMark findings_mark() const { return {findings.size(), findings_not_kept}; }
    /// The findings made since `mark`, taken out: the check's findings are back where they stood at `mark`.
    TakenFindings take_findings(FindingsMark mark);
    /// Records `taken` as findings made now (those kept, within run::kMaxFindingsKept; the rest counted).
    void put_findings(TakenFindings taken);

    /// Judges the cell (`rule`, `endpoint`) of the service matrix (catalogue/service_matrix.hpp) by `judge`, and
    /// records how it ended there: fail (findings made), skip (a skip: the check goes on with its next cell), error (a
    /// CheckError: likewise), else pass. The runner derives the check's outcome from its cells: an error where no
    /// cell failed, a skip where every cell skipped.
    void cell(std::string_view rule, std::string_view endpoint, const std::function<void()>& judge);

    // --- preconditions (the users a check needs are in its row: Check::needs) ---
    /// The response, or CheckError when no HTTP answer came (a transport failure is never the server's rule).
    const client::HttpResponse& answered(const client::HttpResponse& r);
    /// The page of a list read that must succeed as a precondition: a non-200 or unreadable page is a
    /// CheckError here (the checks that test reads themselves look at ListResult directly).
    const client::ListPage& page_of(const client::ListResult& r, const std::string& what);

    // --- writing ---
    /// POST sync of `block` as `role`, journaled for clean-up when it is accepted (2xx).
    client::HttpResponse sync(const std::string& role, const std::string& resource, const nlohmann::json& block);

    // --- reuse across cases ---
    /// What `make()` returns, made the first time this check asks for `name` and kept for its later cases (a
    /// generator built from the catalogue's schema). std::logic_error when `name` was kept with another type.
    template <class T, class Make>
    const T& kept(const std::string& name, Make&& make) {
        auto [it, added] = kept_values.try_emplace(name);
        if (added) it->second = T(make());
        const T* value = std::any_cast<T>(&it->second);
        if (!value) throw std::logic_error("Context::kept: \"" + name + "\" was kept with another type");
        return *value;
    }

    // --- waiting ---
    /// Waits `d` (cut at the run's time limit) without holding the check's resources, so that other checks run
    /// meanwhile when the check's row says `waits`.
    void wait_for(std::chrono::steady_clock::duration d);

    // --- parts at once (run/at_once.hpp) ---
    /// A context for a part of this check run on another thread, on `other` (a connection of the check's own): the
    /// same check, keys, journal and shrinking settings; findings, observations, cells and kept values of its own,
    /// which merge() takes; no connections of its own (its parts run one after another).
    Context fork(client::Api& other) const;
    /// What `part` (a fork) found, observed and judged, as if done here now.
    void merge(Context& part);

    // Filled by the runner; checks use the functions above.
    std::vector<run::Finding> findings;
    std::vector<run::Observation> observations;
    /// Told the number of each property case as it starts (progress on a terminal); may be empty.
    std::function<void(int number)> on_case;
    /// Property cases run so far (shrinking tries not counted), for the report.
    int cases_run = 0;
    /// Does the waiting of wait_for (lets the check's resources go meanwhile); empty: wait_for only sleeps.
    std::function<void(std::chrono::steady_clock::duration)> on_wait{};
    /// How long shrinking a failing case may take (RunOptions::shrink_time).
    std::chrono::seconds shrink_time = kShrinkTime;
    /// What shrinking may still cost the whole run, shared by its checks (run/shrink_budget.hpp); null: no bound but
    /// each property's.
    run::ShrinkBudget* shrink_budget = nullptr;
    /// kept()'s values (a member, not private, so that the runner can build a Context as an aggregate).
    std::map<std::string, std::any> kept_values{};
    /// The cells judged so far (cell()).
    std::vector<run::CellOutcome> cells{};
    /// Findings made past run::kMaxFindingsKept: counted, not kept (the report says how many).
    std::size_t findings_not_kept{};
    /// Observations of new texts past run::kMaxObservationsKept: counted, not kept.
    std::size_t observations_not_kept{};
    /// Set in the runs of a key pool (RunOptions::key_pool): the numbers of the check's drawn keys
    /// (gen::RecordGenOptions::key_numbers, through gen_options).
    std::shared_ptr<gen::KeyNumbers> key_numbers{};
    /// In the runs of a key pool, what a marker of this check's records says in place of its prefix (the run's own
    /// random prefix and the check's code): the pool's keys come back every run, a run's markers must not. Empty: the
    /// prefix.
    std::string marker_prefix{};
    /// The check's `i`-th other Api (from 0), on a connection of its own, with the run's tokens, limits and states:
    /// made when first asked, the same one after (the races suite's clients, suites/common/race_clients.hpp). Its
    /// requests count as the check's. Set by the runner; empty where a check runs without one (such a check errs).
    std::function<client::Api&(std::size_t i)> connection{};
    /// Requests one after another that the parts this context ran at once added, beyond those of its own Api (the
    /// longest part each time): with api's, what a far target makes the check cost in round trips (CheckResult::chain).
    long chain_beyond{};
};

/// Runs `property` as a RapidCheck property with the context's seed and cases: values come from `*gen`
/// inside it. A failing case (ctx.fail / ctx.finding) is shrunk to its minimal counterexample; the findings
/// kept are those of that minimal case, with the counterexample attached. A CheckError or skip in any case
/// ends the property at once (no shrinking) and propagates. Shrinking stops after kShrinkTries tries or
/// ctx.shrink_time, or once the run's budget is spent (run/shrinking.hpp; the counterexample then says so). It holds
/// RapidCheck's lock throughout, its exchanges too: the suites' properties are block properties
/// (run/block_property.hpp), which exchange without it.
void for_all(Context& ctx, const std::string& description, const std::function<void()>& property);

}  // namespace bds
