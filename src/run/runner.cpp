#include "run/runner.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>

#include "client/api.hpp"
#include "common/text.hpp"
#include "generate/rapidcheck_adapter.hpp"
#include "run/cleanup.hpp"
#include "run/context.hpp"
#include "run/root_causes.hpp"
#include "run/scheduler.hpp"
#include "run/session.hpp"

namespace bds::run {
namespace {

/// How to get the $TOKEN the reports' curl lines use, for the writer (password left to the reader).
std::string token_command(const client::TargetConfig& target) {
    const auto* user = target.user(client::kWriter);
    if (!user) return "";
    std::string form = "grant_type=password";
    for (const auto& [k, v] : target.token_form)
        if (k != "grant_type" && k != "username" && k != "password") form += "&" + k + "=" + v;
    return "TOKEN=$(curl -sS --data-urlencode 'username=" + user->username +
           "' --data-urlencode \"password=$PASSWORD\" -d '" + form + "' '" + target.base_url + target.token_path +
           "' | jq -r .access_token)";
}

}  // namespace

void add_secrets(const client::TargetConfig& target, client::RunLimits& limits) {
    for (const auto& [role, user] : target.users) limits.add_secret(user.password);
    for (const auto& [key, value] : target.token_form) {
        std::string k = key;
        std::transform(k.begin(), k.end(), k.begin(), [](unsigned char c) { return std::tolower(c); });
        if (k.find("secret") != std::string::npos || k.find("password") != std::string::npos) limits.add_secret(value);
    }
}

std::string utc_now() { return utc_formatted(std::chrono::system_clock::now(), "%Y-%m-%dT%H:%M:%SZ"); }

void scrub(RunResult& run, const client::RunLimits& limits) {
    const auto text = [&](std::string& s) { s = limits.scrub(std::move(s)); };
    const auto exchange = [&](std::optional<client::Exchange>& e) {
        if (e) limits.scrub(*e);
    };
    for (auto& note : run.notes) text(note);
    for (auto& r : run.results) {
        text(r.reason);
        for (auto& c : r.cells) text(c.reason);
        for (auto& f : r.findings) {
            text(f.expected);
            text(f.actual);
            text(f.pointer);
            text(f.counterexample);
            exchange(f.exchange);
        }
        for (auto& o : r.observations) {
            text(o.text);
            exchange(o.exchange);
        }
    }
    for (auto& logged : run.exchanges) limits.scrub(logged.exchange);
}

/// What every run's result says of itself before any check: the target, version, catalogue, seed, cases, start,
/// shard, token line, and what was left out on purpose.
RunResult begun(const client::TargetConfig& target, const RunOptions& options) {
    RunResult run;
    run.target = target.base_url;
    run.release = target.release;
    run.harness_version = options.harness_version;
    run.catalogue_sha256 = builtin_catalogue_sha256();
    run.seed = options.seed;
    run.cases = options.cases;
    run.started_at = utc_now();
    run.shard = options.shard;
    run.token_command = token_command(target);
    if (!options.excluded.empty()) {
        std::string list;
        for (const auto& e : options.excluded) list += (list.empty() ? "" : ", ") + e;
        run.notes.push_back("left unjudged on purpose (--exclude): " + list);
    }
    return run;
}

RunResult not_run(const client::TargetConfig& target, const std::vector<Check>& checks, const RunOptions& options,
                  const std::string& why) {
    RunResult run = begun(target, options);
    run.notes.push_back(why);
    for (const Check& check : checks) {
        CheckResult& res = run.results.emplace_back(result_for(check, ""));
        res.outcome = Outcome::Error;
        res.reason = "not run: " + why;
    }
    return run;
}

namespace {

/// The first user's token tells whether anything can be judged at all; a target still starting is waited for.
void preflight(Session& s, std::chrono::steady_clock::time_point started) {
    const auto& target = s.target;
    if (target.users.empty())
        throw NoToken(
            "the target file gives no users: add \"users\" with at least a \"writer\" (see docs/command-line.md, the target file)");
    const std::string first = target.user(client::kWriter) ? client::kWriter : target.users.begin()->first;
    const int wait_s = s.options.wait_for_target_s;
    const auto give_up = started + std::chrono::seconds(wait_s);
    for (;;) try {
            s.tokens->token(first);
            return;
        } catch (const client::TokenError& e) {
            // Interrupted (while waiting, say): no check will start, and the run's reports say why.
            if (!s.interrupt_signal(false).empty()) return;
            const auto& ex = e.exchange();
            if (ex.status == 0 && std::chrono::steady_clock::now() < give_up && !s.limits.past_deadline()) {
                s.limits.sleep_until(std::chrono::steady_clock::now() +
                                     std::chrono::milliseconds(500));  // still starting, perhaps
                continue;
            }
            if (ex.status == 0)
                throw Unreachable(std::string(e.what()) + " (" + ex.method + " " + ex.url + ")" +
                                  (wait_s > 0 ? " after waiting " + std::to_string(wait_s) + " s" : ""));
            // It answered: a configuration to fix, shown with the answer (secrets redacted).
            throw NoToken(std::string(e.what()) + "; it answered: " + ex.summary() +
                          (ex.response_body.empty() ? "" : " " + ex.response_body.substr(0, 300)) + ". Check users." +
                          first + " in the target file (username, password) and token (path, form)");
        }
}

/// Ended early (the time limit, or a stop): a note of why and how many checks did not run. Called with
/// s.interrupt_mutex held.
void note_ended(Session& s, RunResult& run, const std::vector<CheckResult>& results) {
    const std::string why = s.ended();
    const auto not_run = std::count_if(results.begin(), results.end(), [&](const CheckResult& r) {
        return r.outcome == Outcome::Skip && r.reason == "not run: " + why;
    });
    run.notes.push_back(why + ": " + std::to_string(not_run) + " checks not run");
    run.stopped = s.limits.stopped().value_or("");
}

/// The checks ended: the clean-up gets its bounds (a budget scaled to what the run wrote; a stopped run's target may
/// not answer at all: kStopGrace; after a second interrupt, none), and an interrupt from now on bounds the clean-up
/// instead of stopping checks.
void begin_clean_up(Session& s, RunResult& run, const std::vector<CheckResult>& results) {
    std::lock_guard lock(s.interrupt_mutex);
    s.phase = Session::Phase::CleanUp;
    if (s.limits.past_deadline()) note_ended(s, run, results);
    const auto [until, why] = cleanup_end(s.journal.size(), s.second, s.limits.stopped(), kStopGrace);
    s.cleanup_bounds.emplace(until, why);
    // The token requests (the run's limits) may go as long as the clean-up.
    for (auto* l : {&s.limits, &s.cleanup_limits}) l->set_deadline(s.cleanup_bounds->deadline());
}

/// Everything the run wrote goes back logically deleted (the seeds' only deletion, 000 §1), tried again while the
/// target answers (run/cleanup.hpp). Returns the requests.
long clean_up(Session& s, RunResult& run) {
    // As many shares at once as the checks had in flight at the end, the clean-up's limits from there.
    const int ended = s.limits.in_flight().limit();
    const auto shares = std::clamp(static_cast<std::size_t>(ended), kCleanupShares, kMostCleanupShares);
    s.cleanup_limits.in_flight().resume_at(std::max(ended, s.cleanup_limits.in_flight().limit()));
    std::vector<std::unique_ptr<client::Api>> apis;  // a connection per share (send_back_deleted_at_once)
    for (std::size_t i = 0; i < shares; ++i) {
        apis.push_back(std::make_unique<client::Api>(s.target, *s.tokens, s.envelope, s.page_size, &s.cleanup_limits,
                                                     &s.gate, &s.dialect));
        apis.back()->http().count_as(apis.front()->http());  // one client to the target watch
        if (s.options.log_exchanges) apis.back()->http().log_to(&s.log, "clean-up");
    }
    run.records_written = s.journal.size();
    auto blocks = s.journal.take_cleanup(static_cast<std::size_t>(s.target.max_block));
    std::size_t live = 0;
    for (const auto& block : blocks) live += block.records.size();
    CleanupPolicy policy;
    policy.stall = cleanup_stall(s.target.timeout_ms);
    policy.settle = kCutWriteSettle;
    const CleanupTally tally =
        send_back_deleted_at_once([&](std::size_t i) -> client::Api& { return *apis[i]; }, s.cleanup_limits,
                                  std::move(blocks), *s.cleanup_bounds, policy, shares);
    for (const auto& note : tally.notes) run.notes.push_back(note);
    const std::string second = s.interrupt_signal(true);
    if (!second.empty())
        run.notes.push_back(
            "a second signal (" + second + ") skipped the clean-up: " + std::to_string(tally.left) + " of " +
            std::to_string(live) +
            " records still live after the run were not sent back deleted; they carry the run's prefix " +
            s.run_prefix + how_to_remove(s.options.replay_prefix, s.journal_file.get(), s.run_prefix));
    else if (tally.left > 0)
        run.notes.push_back("clean-up stopped (" + tally.gave_up + "): " + std::to_string(tally.left) +
                            " records the run wrote were not sent back deleted; they carry the run's prefix " +
                            s.run_prefix + how_to_remove(s.options.replay_prefix, s.journal_file.get(), s.run_prefix));
    if (s.journal_file) {
        s.journal.write_to(nullptr);
        s.journal_file->status(cleanup_status(tally.sent, tally.refused, tally.left, utc_now()));
        if (const auto& failed = s.journal_file->failed()) run.notes.push_back(*failed);
    }
    long requests = 0;
    for (const auto& api : apis) requests += api->http().requests_sent();
    return requests;
}

/// "longest chains of requests one after another: PAG-01 58, …": what bounds the run against a far target, each
/// chain costing its length in round trips (run/at_once.hpp).
std::string longest_chains(const std::vector<CheckResult>& results) {
    std::vector<const CheckResult*> sorted;
    for (const auto& r : results) sorted.push_back(&r);
    std::sort(sorted.begin(), sorted.end(), [](const auto* a, const auto* b) { return a->chain > b->chain; });
    std::string out = "longest chains of requests one after another (each costs its length in round trips):";
    for (std::size_t i = 0; i < sorted.size() && i < 5 && sorted[i]->chain > 0; ++i)
        out += (i ? ", " : " ") + sorted[i]->id + " " + std::to_string(sorted[i]->chain);
    return out;
}

}  // namespace

RunResult run_checks(const Catalogue& catalogue, const client::TargetConfig& target, const std::vector<Check>& checks,
                     const RunOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    gen::load_rapidcheck_configuration_quietly();
    client::ignore_sigpipe();
    Session session(catalogue, target, options);
    if (options.max_time_s > 0) session.limits.set_deadline(started + std::chrono::seconds(options.max_time_s));
    session.limits.set_gone_after(options.gone_after_s > 0 ? std::chrono::milliseconds(options.gone_after_s * 1000L)
                                                           : std::chrono::milliseconds(3L * target.timeout_ms));
    // Heard until this returns (destroyed before the session): an interrupt that came before is heard at once.
    std::optional<Interruption::Listening> listening;
    if (options.interruption)
        listening.emplace(options.interruption->listen(
            [&session](const std::string& signal, int count) { session.interrupted_by(signal, count); }));
    RunResult run = begun(target, options);
    run.run_prefix = session.run_prefix;
    if (!session.journal_problem.empty()) run.notes.push_back(session.journal_problem);
    preflight(session, started);

    Scheduler scheduler(session, checks);
    std::vector<CheckResult> results = scheduler.run(options.jobs);
    begin_clean_up(session, run, results);
    const long cleanup_requests = clean_up(session, run);
    {
        std::lock_guard lock(session.interrupt_mutex);
        session.phase = Session::Phase::Ended;
        run.interrupted = session.interrupted;
    }

    // Every request sent, the token requests that gave no token too: each is an entry of the HAR report.
    run.requests = scheduler.requests() + cleanup_requests + session.tokens->requests_sent();
    run.envelope = client::to_string(session.envelope.get());
    for (auto& note : session.dialect.notes()) run.notes.push_back(std::move(note));
    for (auto& note : session.limits.in_flight().story()) run.notes.push_back(std::move(note));
    run.notes.push_back(longest_chains(results));
    attribute_causes(checks, results);
    run.results = std::move(results);
    run.exchanges = session.log.take();
    run.exchanges_not_kept = session.log.not_kept();
    run.duration_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    scrub(run, session.limits);
    return run;
}

}  // namespace bds::run
