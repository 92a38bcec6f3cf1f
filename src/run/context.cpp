#include "run/context.hpp"

#include <rapidcheck.h>

#include <chrono>
#include <map>
#include <optional>
#include <sstream>
#include <thread>
#include <utility>

#include "generate/rapidcheck_adapter.hpp"
#include "run/shrinking.hpp"

namespace bds {

namespace {

/// What a report shows of a finding's texts: bounded, the length said (a 1 MiB test string printed whole made a
/// 4 MB report).
constexpr std::size_t kMaxShownText = 2048;
/// How many of a check's observations keep their exchange (each can be tens of kB).
constexpr std::size_t kMaxObservedExchanges = 10;

run::Finding bounded(run::Finding f) {
    for (auto* text : {&f.expected, &f.actual, &f.counterexample}) *text = client::shown_body(*text, kMaxShownText);
    return f;
}

}  // namespace

void Context::finding(run::Finding f) {
    if (findings.size() < run::kMaxFindingsKept)
        findings.push_back(bounded(std::move(f)));
    else
        ++findings_not_kept;
}

void Context::fail(run::Finding f) {
    finding(std::move(f));
    throw CheckFailed{};
}

TakenFindings Context::take_findings(FindingsMark mark) {
    TakenFindings taken;
    if (findings.size() > mark.kept) {
        taken.kept.assign(std::make_move_iterator(findings.begin() + static_cast<long>(mark.kept)),
                          std::make_move_iterator(findings.end()));
        findings.resize(mark.kept);
    }
    taken.not_kept = findings_not_kept > mark.not_kept ? findings_not_kept - mark.not_kept : 0;
    findings_not_kept = mark.not_kept;
    return taken;
}

void Context::put_findings(TakenFindings taken) {
    for (auto& f : taken.kept) finding(std::move(f));
    findings_not_kept += taken.not_kept;
}

void Context::observe(std::string text, std::optional<client::Exchange> exchange) {
    text = client::shown_body(text, kMaxShownText);
    std::size_t with_exchange = 0;
    for (const auto& o : observations) {
        if (o.text == text) return;  // property cases repeat what they see
        with_exchange += o.exchange ? 1 : 0;
    }
    if (observations.size() >= run::kMaxObservationsKept) {
        ++observations_not_kept;
        return;
    }
    // A block of a hundred cases observes a hundred times: the texts are kept, their exchanges only the first few.
    if (with_exchange >= kMaxObservedExchanges) exchange.reset();
    observations.push_back({std::move(text), std::move(exchange)});
}

Context Context::fork(client::Api& other) const {
    Context part{catalogue, target, other, check, prefix, seed, cases, journal, {}, {}, {}};
    part.shrink_time = shrink_time;
    part.shrink_budget = shrink_budget;
    part.key_numbers = key_numbers;
    part.marker_prefix = marker_prefix;
    return part;
}

void Context::merge(Context& part) {
    put_findings(part.take_findings({}));
    for (auto& o : part.observations) observe(std::move(o.text), std::move(o.exchange));
    part.observations.clear();
    observations_not_kept += std::exchange(part.observations_not_kept, 0);
    for (auto& c : part.cells) cells.push_back(std::move(c));
    part.cells.clear();
    cases_run += std::exchange(part.cases_run, 0);
}

void Context::skip(std::string reason) { throw SkipCheck{std::move(reason)}; }

void Context::cell(std::string_view rule, std::string_view endpoint, const std::function<void()>& judge) {
    const FindingsMark mark = findings_mark();
    run::CellOutcome c{std::string(rule), std::string(endpoint)};
    try {
        judge();
    } catch (const CheckFailed&) {
    } catch (const SkipCheck& s) {
        c.outcome = run::Outcome::Skip;
        c.reason = s.reason;
    } catch (const CheckError& e) {
        c.outcome = run::Outcome::Error;
        c.reason = e.what();
        c.error_source = e.source();
        if (e.exchange()) observe("the exchange where " + c.endpoint + " (" + c.rule + ") stopped", e.exchange());
    }
    if (findings_mark().made() > mark.made()) c.outcome = run::Outcome::Fail;
    cells.push_back(std::move(c));
}

void Context::wait_for(std::chrono::steady_clock::duration d) {
    if (on_wait)
        on_wait(d);
    else
        std::this_thread::sleep_for(d);
}

const client::HttpResponse& Context::answered(const client::HttpResponse& r) {
    if (r.transport_failed()) throw CheckError("no answer from the target: " + r.exchange.error, r.exchange);
    return r;
}

const client::ListPage& Context::page_of(const client::ListResult& r, const std::string& what) {
    answered(r.response);
    if (r.response.status != 200)
        throw CheckError(what + ": expected 200, got " + std::to_string(r.response.status), r.response.exchange);
    if (!r.page) throw CheckError(what + ": the list could not be read: " + r.problem, r.response.exchange);
    return *r.page;
}

client::HttpResponse Context::sync(const std::string& role, const std::string& resource, const nlohmann::json& block) {
    if (target.read_only) throw harness_error("internal: a writing check ran in a read-only run");
    client::HttpResponse r = api.sync_post(role, resource, block);
    // Journal whatever might have been stored: also when no answer came (the write may have happened).
    if (r.transport_failed() || client::is_success(r.status))
        journal.accepted(role, resource, block, r.transport_failed());
    return r;
}

namespace {

/// Why a property stopped early: the harness could not go on, so shrinking must not run.
struct Abort {
    std::optional<SkipCheck> skip;
    std::optional<CheckError> error;
};

}  // namespace

void for_all(Context& ctx, const std::string& description, const std::function<void()>& property) {
    std::optional<Abort> abort;
    TakenFindings last_failure;
    const FindingsMark findings_before = ctx.findings_mark();
    // Shrinking a property that talks to a server costs requests: after the first failure, a bounded number
    // of tries, then every further candidate passes at once (the last failing case is kept).
    std::optional<Shrinking> shrinking;
    bool budget_spent = false;
    int cases_started = 0;
    client::RunLimits* limits = ctx.api.http().limits();
    auto testable = [&] {
        // A run that ended (a stop, its time limit) runs no more cases: their draws would hold the GenerationLock.
        if (!abort && limits && limits->past_deadline())
            abort = Abort{std::nullopt, CheckError("cases not run: " + limits->why_ended())};
        if (abort) RC_DISCARD("stopped: the harness could not go on");
        if (shrinking && !shrinking->next_try()) {
            budget_spent = true;
            return;
        }
        ctx.take_findings(findings_before);
        if (!shrinking && ++cases_started && ctx.on_case) ctx.on_case(cases_started);
        try {
            property();
        } catch (const CheckFailed&) {
        } catch (const SkipCheck& s) {
            abort = Abort{s, std::nullopt};
        } catch (const CheckError& e) {
            abort = Abort{std::nullopt, e};
        } catch (const std::exception& e) {
            // A bug of the check (or data it did not expect), never a finding about the target.
            abort = Abort{std::nullopt, harness_error(std::string("exception inside the check: ") + e.what())};
        }
        if (abort) RC_FAIL("stopped");
        if (ctx.findings_mark().made() > findings_before.made()) {
            // Every failing case overwrites this: the last failing case is the minimal one, since every
            // shrink tried after it passed.
            last_failure = ctx.take_findings(findings_before);
            if (!shrinking) shrinking.emplace(ctx);
            RC_FAIL(last_failure.kept.empty() ? std::string("findings past the ones a check keeps")
                                              : last_failure.kept.front().expected);
        }
    };
    const auto result = gen::check_property(testable, {ctx.seed, ctx.cases, 100, ctx.check.id, description});
    ctx.cases_run += cases_started;
    ctx.take_findings(findings_before);
    if (abort) {
        if (abort->skip) throw *abort->skip;
        throw *abort->error;
    }
    using Kind = gen::PropertyOutcome::Kind;
    if (result.kind == Kind::Failed) {
        std::ostringstream shown;
        for (const auto& value : result.counterexample) shown << value << "\n";
        if (budget_spent) shown << shrinking->cut_short("shrinking", "case");
        shrinking.reset();  // its last try charged to the run
        if (!last_failure.any()) throw harness_error("property failed without a finding: " + result.description);
        for (auto& f : last_failure.kept) f.counterexample = client::shown_body(shown.str(), kMaxShownText);
        ctx.put_findings(std::move(last_failure));
        return;
    }
    if (result.kind == Kind::Error) throw harness_error("RapidCheck: " + result.description);
    if (result.kind == Kind::GaveUp) throw harness_error("RapidCheck gave up: " + result.description);
}

}  // namespace bds
