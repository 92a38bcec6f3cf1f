#include "run/scheduler.hpp"

#include <algorithm>
#include <memory>
#include <mutex>
#include <map>
#include <set>
#include <thread>

#include "common/text.hpp"
#include "generate/value_gen.hpp"

namespace bds::run {
namespace {

/// The resources a check touches, views widened to the records they are derived from (a write to CliFor
/// changes MCPClienti). A name the catalogue lacks is the check's fault (tests/check validates every row).
std::vector<std::string> touched(const Catalogue& cat, const Check& check) {
    std::set<std::string> out;
    for (const auto& name : check.resources) {
        if (name == "*") {
            for (const Record* r : cat.resources()) out.insert(r->name);
        } else if (cat.find(name)) {
            out.insert(name);
        } else {
            throw harness_error(check.id + " names a resource the catalogue does not have: \"" + name + "\"");
        }
    }
    bool grew = true;
    while (grew) {
        grew = false;
        for (const auto& rel : cat.relations())
            if ((rel.kind == "view" || rel.kind == "nested") && out.contains(rel.from_record) &&
                !out.contains(rel.to_record)) {
                out.insert(rel.to_record);
                grew = true;
            }
    }
    return {out.begin(), out.end()};
}

/// How `check` holds its resources: checks of their own rows share, other readers read, other writers hold alone.
Hold hold_of(const Check& check) {
    if (check.own_rows) return Hold::OwnRows;
    return check.writes ? Hold::Whole : Hold::Read;
}

void chosen_skip(CheckResult& res, std::string reason) {
    res.outcome = Outcome::Skip;
    res.reason = std::move(reason);
    res.skip_chosen = true;
}

/// A check that judged its matrix cells one by one (Context::cell) and failed none: in error where a cell erred (it
/// could not decide there), skipped where every cell was skipped.
void from_cells(CheckResult& res) {
    std::string errors, skips;
    bool decided = false;
    for (const auto& c : res.cells) {
        std::string& to = c.outcome == Outcome::Error ? errors : skips;
        if (c.outcome == Outcome::Error || c.outcome == Outcome::Skip)
            to += (to.empty() ? "" : "; ") + c.endpoint + " (" + c.rule + "): " + c.reason;
        if (c.outcome == Outcome::Error && c.error_source == ErrorSource::Harness)
            res.error_source = ErrorSource::Harness;
        decided = decided || c.outcome == Outcome::Pass;
    }
    if (!errors.empty()) {
        res.outcome = Outcome::Error;
        res.reason = errors;
    } else if (!res.cells.empty() && !decided) {
        res.outcome = Outcome::Skip;
        res.reason = skips;
    }
}

/// Runs `check` in `ctx` and records how it ended: a skip, a failure (findings), an error and whose (never the
/// server's rule), or a pass.
void run_check(const Check& check, Context& ctx, CheckResult& res) {
    try {
        check.run(ctx);
    } catch (const SkipCheck& s) {
        res.outcome = Outcome::Skip;
        res.reason = s.reason;
    } catch (const CheckFailed&) {
    } catch (const CheckError& e) {
        res.outcome = Outcome::Error;
        res.reason = e.what();
        res.error_source = e.source();
        if (e.exchange()) ctx.observations.push_back({"the exchange where the check stopped", e.exchange()});
    } catch (const client::TokenError& e) {
        res.outcome = Outcome::Error;
        res.reason = e.what();
        ctx.observations.push_back({"the token request", e.exchange()});
    } catch (const std::exception& e) {
        res.outcome = Outcome::Error;
        res.reason = std::string("exception inside the check: ") + e.what();
        res.error_source = ErrorSource::Harness;
    }
    res.cases = ctx.cases_run;
    res.cells = std::move(ctx.cells);
    if (res.outcome == Outcome::Pass && ctx.findings.empty()) from_cells(res);
    res.findings = std::move(ctx.findings);
    res.observations = std::move(ctx.observations);
    res.findings_not_kept = ctx.findings_not_kept;
    res.observations_not_kept = ctx.observations_not_kept;
    if (res.outcome == Outcome::Pass && !res.findings.empty())
        res.outcome = check.level == Level::Observe ? Outcome::Pass : Outcome::Fail;
}

/// Why `check` needs a user the target file does not give, or nothing.
std::optional<std::string> missing_user(const Check& check, const client::TargetConfig& target) {
    static const std::map<std::string, std::string> kWhat = {
        {client::kWriter, "a user enabled for writing, who may use every resource"},
        {client::kReader, "a user of the writer's tenant not enabled for writing"},
        {client::kOtherTenant, "a user of another tenant"},
        {client::kLimited, "a user limited to some resources, with \"resources\" listing them"}};
    for (const auto& role : check.needs)
        if (!target.user(role))
            return "the target file gives no \"" + role + "\" user: add users." + role + " (" +
                   (kWhat.contains(role) ? kWhat.at(role) : "a user") + ") to run it";
    return std::nullopt;
}

/// Why `check` is not started at all (the run's limits, a choice of the run, a missing user), or nothing.
bool not_started(const Check& check, const Session& s, int failed, CheckResult& res) {
    const RunOptions& options = s.options;
    if (s.limits.past_deadline()) {
        res.outcome = Outcome::Skip;  // not chosen: the rule stays undecided, and the verdict says so
        res.reason = "not run: " + s.ended();
    } else if (options.max_failures > 0 && failed >= options.max_failures) {
        chosen_skip(res, "not run: --max-failures " + std::to_string(options.max_failures) + " reached");
    } else if (check.writes && s.target.read_only) {
        chosen_skip(res, "read-only run: this check writes (run without --read-only to run it)");
    } else if (auto why = missing_user(check, s.target)) {
        res.outcome = Outcome::Skip;
        res.reason = std::move(*why);
    } else {
        return false;
    }
    return true;
}

/// Runs one started check with an Api and key namespace of its own; `report` serialises the progress callbacks,
/// `on_wait` does its Context::wait_for.
void run_started(const Check& check, std::size_t index, Session& s, std::mutex& report, CheckResult& res,
                 std::function<void(std::chrono::steady_clock::duration)> on_wait) {
    const RunOptions& options = s.options;
    const auto t0 = std::chrono::steady_clock::now();
    res.started_ms = std::chrono::duration<double, std::milli>(t0 - s.started).count();
    client::Api api = s.api();
    // Its place among the requests waiting for a slot (client/urgency.hpp), its parts' too: against a far target, the
    // most round trips ahead first (Scheduler::run starts the checks in that order too).
    const auto urgency = std::make_shared<client::Urgency>(static_cast<std::uint64_t>(res.started_ms * 1000),
                                                           s.limits.in_flight().far() ? check.chain : 0);
    api.http().set_urgency(urgency, true);
    if (s.recorder) api.http().record_to(&*s.recorder, check.id);
    if (options.log_exchanges) api.http().log_to(&s.log, check.id);
    Context ctx{s.catalogue, s.target, api, check, s.run_prefix + base36(index, 2), options.seed, options.cases,
                s.journal,   {},       {},  {}};
    ctx.shrink_time = options.shrink_time;
    ctx.shrink_budget = &s.shrink_budget;
    if (!options.key_pool.empty()) {
        ctx.key_numbers = std::make_shared<gen::KeyNumbers>();
        ctx.marker_prefix = s.marker_prefix + base36(index, 2);
    }
    ctx.on_wait = std::move(on_wait);
    std::mutex connecting;
    std::vector<std::unique_ptr<client::Api>> connections;  // the check's other connections (Context::connection)
    ctx.connection = [&](std::size_t i) -> client::Api& {
        std::lock_guard lock(connecting);
        while (connections.size() <= i) {
            auto& made = connections.emplace_back(s.new_api());
            made->http().set_urgency(urgency, false);
            made->http().count_as(api.http());
            if (s.recorder) made->http().record_to(&*s.recorder, check.id);
            if (options.log_exchanges) made->http().log_to(&s.log, check.id);
        }
        return *connections[i];
    };
    if (options.on_case)
        ctx.on_case = [&](int number) {
            std::lock_guard lock(report);
            options.on_case(check, number);
        };
    run_check(check, ctx, res);
    if (res.outcome == Outcome::Error && s.limits.past_deadline())
        res.reason = "stopped (" + s.ended() + "): " + res.reason;
    res.duration_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    res.requests = api.http().requests_sent();
    for (const auto& other : connections) res.requests += other->http().requests_sent();
    res.chain = api.http().requests_sent() + ctx.chain_beyond;
}

}  // namespace

CheckResult result_for(const Check& check, std::string replay) {
    CheckResult res = result_named(check);
    res.replay = "conformance run " + replay;
    return res;
}

Scheduler::Scheduler(Session& session, const std::vector<Check>& checks)
    : s_(session), checks_(checks), results_(checks.size()) {}

std::vector<CheckResult> Scheduler::run(int jobs) {
    jobs = std::max(1, std::min<int>(jobs, static_cast<int>(checks_.size())));
    // What a `first` check finds (the literal forms the target accepts) the others use: it runs alone, before.
    for (std::size_t i = 0; i < checks_.size(); ++i)
        if (checks_[i].first) run_one(i, false);
    std::vector<std::thread> workers;
    for (std::size_t i = 0; i < checks_.size(); ++i) {
        if (checks_[i].first) continue;
        if (checks_[i].waits)
            workers.emplace_back([this, i] { run_one(i, false); });
        else
            queue_.emplace_back(i, want(i));
    }
    // Against a far target the longest chains first (Check::chain): the run ends when its longest chain does, and a
    // chain started last costs its length in round trips after every other. Near, a run is its CPU's work, and the
    // table's order mixes writers and readers better (in process 4.4 s against 4.7 s); the `first` checks' answers
    // tell which.
    if (s_.limits.in_flight().far())
        std::stable_sort(queue_.begin(), queue_.end(),
                         [&](const auto& a, const auto& b) { return checks_[a.first].chain > checks_[b.first].chain; });
    // Checks at once follow the run's in-flight limit upward (a far target: client/in_flight.hpp), never below --jobs:
    // worker j takes a check only while the limit is above j; past --jobs a quarter more, since a check waits at times
    // (for a lock, a gate, its own judging) and the oldest checks get the slots first anyway.
    const auto spare = [](int limit) { return limit + limit / 4; };
    const int most =
        s_.options.adapt_in_flight
            ? std::max(jobs, std::min<int>(spare(s_.options.max_in_flight), static_cast<int>(checks_.size())))
            : jobs;
    std::atomic<bool> all_taken = false;
    for (int j = 0; j < most; ++j)
        workers.emplace_back([&, j] {
            while (true) {
                while (j >= jobs && !all_taken) {
                    const int limit = s_.limits.in_flight().limit();
                    if (limit > jobs && j < spare(limit)) break;
                    std::this_thread::sleep_for(std::chrono::milliseconds(50));
                }
                const auto i = locks_.take_first(queue_);
                if (!i) break;
                run_one(*i, true);
            }
            all_taken = true;
        });
    for (auto& w : workers) w.join();
    return std::move(results_);
}

Want Scheduler::want(std::size_t i) const {
    try {
        return {touched(s_.catalogue, checks_[i]), hold_of(checks_[i])};
    } catch (const CheckError&) {
        return {{}, Hold::Read};
    }
}

void Scheduler::run_one(std::size_t index, bool taken) {
    const Check& check = checks_[index];
    const RunOptions& options = s_.options;
    CheckResult& res = results_[index];
    res =
        result_for(check, (options.replay_prefix.empty() ? "" : options.replay_prefix + " ") + "--check " + check.id +
                              " --seed " + std::to_string(options.seed) + " --cases " + std::to_string(options.cases));
    const Want wanted = want(index);
    if (not_started(check, s_, failed_.load(), res)) {
        if (taken) ResourceLocks::Held(locks_, wanted.names, wanted.hold, true).release();
    } else {
        try {
            ResourceLocks::Held held(locks_, wanted.names, wanted.hold, taken);
            (void)touched(s_.catalogue, check);  // CheckError for a row naming a resource the catalogue lacks
            if (options.on_start) {
                std::lock_guard lock(report_);
                options.on_start(check);
            }
            run_started(check, index, s_, report_, res, [&](std::chrono::steady_clock::duration d) {
                held.release();
                s_.limits.sleep_until(std::chrono::steady_clock::now() +
                                      d);  // a stop wakes it (AUTH-06 waits a token's lifetime)
                held.retake();
            });
        } catch (const CheckError& e) {  // a row naming what the catalogue lacks
            res.outcome = Outcome::Error;
            res.reason = e.what();
            res.error_source = e.source();
        }
        requests_ += res.requests;
    }
    if (res.outcome == Outcome::Fail && check.level != Level::Observe) ++failed_;
    if (options.on_result) {
        std::lock_guard lock(report_);
        options.on_result(res);
    }
}

}  // namespace bds::run
