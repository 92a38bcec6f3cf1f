#include "run/runner.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>

#include "client/api.hpp"
#include "client/recorder.hpp"
#include "common/text.hpp"
#include "generate/rapidcheck_adapter.hpp"
#include "run/cleanup.hpp"
#include "run/context.hpp"
#include "run/journal.hpp"
#include "run/key_pool.hpp"
#include "run/resource_locks.hpp"
#include "run/root_causes.hpp"

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

using gen::load_rapidcheck_configuration_quietly;

std::string random_prefix() {
    std::random_device rd;
    // A letter first (some servers dislike keys starting with a digit), then two base-36 characters; lower
    // case only, so that no two runs' prefixes differ only by case.
    return std::string(1, static_cast<char>('a' + rd() % 26)) + base36(rd() % (36 * 36), 2);
}

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

/// A result that names `check`, not yet run.
CheckResult result_for(const Check& check, std::string replay) {
    CheckResult res = result_named(check);
    res.replay = "conformance run " + replay;
    return res;
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

/// What the checks of one run share: the limits and secrets, tokens, the envelope and page size the target showed,
/// the journal of what was written, and the recorder.
struct Session {
    Session(const Catalogue& catalogue, const client::TargetConfig& target, const RunOptions& options)
        : catalogue(catalogue),
          target(target),
          options(options),
          limits(target.rate_per_s, options.jobs, options.adapt_in_flight),
          envelope(target.envelope),
          page_size(target.max_page_size),
          dialect(catalogue, target.dialect),
          cleanup_limits(target.rate_per_s),
          journal(catalogue) {
        add_secrets(target, limits);
        add_secrets(target, cleanup_limits);
        open_journal_file();
        if (!options.record_dir.empty()) recorder.emplace(options.record_dir);
        auto token_client = std::make_unique<client::HttpClient>(client::http_settings(target), &limits);
        if (recorder) token_client->record_to(&*recorder, "tokens");
        if (options.log_exchanges) token_client->log_to(&log, "tokens");
        tokens.emplace(target, std::move(token_client));
    }
    client::Api api() { return client::Api(target, *tokens, envelope, page_size, &limits, &gate, &dialect); }
    const std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();

    const Catalogue& catalogue;
    const client::TargetConfig& target;
    const RunOptions& options;
    client::RunLimits limits;
    std::optional<client::Recorder> recorder;
    client::ExchangeLog log;  ///< used when options.log_exchanges
    std::optional<client::TokenSource> tokens;
    client::EnvelopeState envelope;
    client::PageSizeState page_size;
    client::DialectState dialect;
    client::WriteGate gate;
    /// The clean-up's own limits, bounded by cleanup_bounds: the target watch or a long 429 stopping them is undone
    /// while the clean-up's time lasts (run/cleanup.hpp).
    client::RunLimits cleanup_limits;
    std::optional<CleanupBounds> cleanup_bounds;  ///< set as the clean-up begins; guarded by interrupt_mutex
    Journal journal;
    /// The key pool's lock (RunOptions::key_pool), taken before the run writes anything.
    std::unique_ptr<PoolLock> pool_lock = lock_pool(options.key_pool, options.journal_dir, options.journal_file);
    std::string run_prefix = options.key_pool.empty() ? random_prefix() : pool_prefix(options.key_pool);
    std::unique_ptr<JournalFile> journal_file;  ///< options.journal_file or _dir, when the run may write

    /// The journal on disk (RunOptions::journal_file), before any check writes.
    void open_journal_file() {
        if (target.read_only) return;
        try {
            journal_file = open_run_journal(options.journal_file, options.journal_dir, run_prefix, target.base_url,
                                            utc_now(), options.harness_version);
        } catch (const std::runtime_error& e) {
            if (!options.journal_file.empty()) throw;  // asked for: a configuration to fix
            journal_problem = std::string("no journal on disk (") + e.what() + "): give --journal FILE to keep one";
        }
        journal.write_to(journal_file.get());
    }
    std::string journal_problem;  ///< why the default journal file could not be written
    /// Ends the clean-up by `by` for `why` (an interrupt); with interrupt_mutex held.
    void end_clean_up_by(std::chrono::steady_clock::time_point by, const std::string& why) {
        if (!cleanup_bounds) return;
        cleanup_bounds->end_by(by, why);
        for (auto* l : {&limits, &cleanup_limits}) l->set_deadline(std::min(l->deadline().value_or(by), by));
    }

    /// Where the run is, for what an interrupt does (interrupted_by); guarded by interrupt_mutex.
    enum class Phase { Checks, CleanUp, Ended };
    std::mutex interrupt_mutex;
    Phase phase = Phase::Checks;
    std::string interrupted;  ///< the first interrupt's signal, before the run's end
    std::string second;       ///< a second interrupt's signal: what is left of the clean-up is skipped

    /// The `count`-th interrupt (run/interruption.hpp): the first stops the checks, or once they ended leaves the
    /// clean-up kStopGrace at most; a second stops again, cutting the clean-up. After the run's end, none is its.
    void interrupted_by(const std::string& signal, int count) {
        std::lock_guard lock(interrupt_mutex);
        if (phase == Phase::Ended) return;
        if (count == 1) {
            interrupted = signal;
            if (phase == Phase::Checks)
                limits.stop("interrupted by " + signal);
            else
                end_clean_up_by(
                    std::chrono::steady_clock::now() + kStopGrace,
                    "interrupted by " + signal + ": its grace of " + std::to_string(kStopGrace.count()) + " s ended");
        } else if (second.empty()) {
            second = signal;
            limits.stop("interrupted by " + signal);
            end_clean_up_by(std::chrono::steady_clock::now(), "a second signal (" + signal + ")");
            cleanup_limits.stop("interrupted by " + signal);
        }
    }
    std::string interrupt_signal(bool second_one) {
        std::lock_guard lock(interrupt_mutex);
        return second_one ? second : interrupted;
    }
};

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

/// Why the run ended before its checks did: a stop's reason, or the time limit.
std::string ended(const Session& s) {
    return s.limits.stopped().value_or("the run's time limit (--max-time " + std::to_string(s.options.max_time_s) +
                                       " s) was reached");
}

/// Why `check` is not started at all (the run's limits, a choice of the run, a missing user), or nothing.
bool not_started(const Check& check, const Session& s, int failed, CheckResult& res) {
    const RunOptions& options = s.options;
    if (s.limits.past_deadline()) {
        res.outcome = Outcome::Skip;  // not chosen: the rule stays undecided, and the verdict says so
        res.reason = "not run: " + ended(s);
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
    if (s.recorder) api.http().record_to(&*s.recorder, check.id);
    if (options.log_exchanges) api.http().log_to(&s.log, check.id);
    Context ctx{s.catalogue, s.target, api, check, s.run_prefix + base36(index, 2), options.seed, options.cases,
                s.journal,   {},       {},  {}};
    ctx.shrink_time = options.shrink_time;
    if (!options.key_pool.empty()) ctx.key_numbers = std::make_shared<std::atomic<std::uint64_t>>(0);
    ctx.on_wait = std::move(on_wait);
    if (options.on_case)
        ctx.on_case = [&](int number) {
            std::lock_guard lock(report);
            options.on_case(check, number);
        };
    run_check(check, ctx, res);
    if (res.outcome == Outcome::Error && s.limits.past_deadline())
        res.reason = "stopped (" + ended(s) + "): " + res.reason;
    res.duration_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    res.requests = api.http().requests_sent();
}

/// Runs the checks on `jobs` threads: each holds its resources as hold_of says (run/resource_locks.hpp); drawing
/// from RapidCheck's generators takes gen::GenerationLock, for the drawing only where a check draws its cases first
/// (run/block_property.hpp). A check that `waits` runs on a thread of its own from the start, its resources let go
/// while it waits.
class Scheduler {
public:
    Scheduler(Session& session, const std::vector<Check>& checks)
        : s_(session), checks_(checks), results_(checks.size()) {}

    std::vector<CheckResult> run(int jobs) {
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
        for (int j = 0; j < jobs; ++j)
            workers.emplace_back([&] {
                while (const auto i = locks_.take_first(queue_)) run_one(*i, true);
            });
        for (auto& w : workers) w.join();
        return std::move(results_);
    }
    long requests() const { return requests_; }

private:
    /// What check `i` holds; a row naming a resource the catalogue lacks holds nothing (run_one reports it).
    Want want(std::size_t i) const {
        try {
            return {touched(s_.catalogue, checks_[i]), hold_of(checks_[i])};
        } catch (const CheckError&) {
            return {{}, Hold::Read};
        }
    }

    /// Runs check `index`; `taken`: its holds were taken by take_first (they are let go here either way).
    void run_one(std::size_t index, bool taken) {
        const Check& check = checks_[index];
        const RunOptions& options = s_.options;
        CheckResult& res = results_[index];
        res = result_for(check, (options.replay_prefix.empty() ? "" : options.replay_prefix + " ") + "--check " +
                                    check.id + " --seed " + std::to_string(options.seed) + " --cases " +
                                    std::to_string(options.cases));
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

    Session& s_;
    const std::vector<Check>& checks_;
    std::vector<CheckResult> results_;
    std::deque<std::pair<std::size_t, Want>> queue_;  ///< the checks not started (ResourceLocks::take_first takes them)
    std::atomic<int> failed_{0};
    std::atomic<long> requests_{0};
    std::mutex report_;
    ResourceLocks locks_;
};

/// Ended early (the time limit, or a stop): a note of why and how many checks did not run. Called with
/// s.interrupt_mutex held.
void note_ended(Session& s, RunResult& run, const std::vector<CheckResult>& results) {
    const std::string why = ended(s);
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
    client::Api api(s.target, *s.tokens, s.envelope, s.page_size, &s.cleanup_limits, &s.gate, &s.dialect);
    if (s.options.log_exchanges) api.http().log_to(&s.log, "clean-up");
    run.records_written = s.journal.size();
    auto blocks = s.journal.take_cleanup(static_cast<std::size_t>(s.target.max_block));
    std::size_t live = 0;
    for (const auto& block : blocks) live += block.records.size();
    CleanupPolicy policy;
    policy.stall = cleanup_stall(s.target.timeout_ms);
    policy.settle = kCutWriteSettle;
    const CleanupTally tally = send_back_deleted(api, s.cleanup_limits, std::move(blocks), *s.cleanup_bounds, policy);
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
    return api.http().requests_sent();
}

}  // namespace

RunResult run_checks(const Catalogue& catalogue, const client::TargetConfig& target, const std::vector<Check>& checks,
                     const RunOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    load_rapidcheck_configuration_quietly();
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
    attribute_causes(checks, results);
    run.results = std::move(results);
    run.exchanges = session.log.take();
    run.exchanges_not_kept = session.log.not_kept();
    run.duration_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    scrub(run, session.limits);
    return run;
}

}  // namespace bds::run
