#include "run/runner.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <shared_mutex>
#include <thread>
#include <iostream>

#include <rapidcheck.h>
#include <rapidcheck/detail/Configuration.h>

#include "client/api.hpp"
#include "client/recorder.hpp"
#include "run/context.hpp"
#include "run/journal.hpp"
#include "run/root_causes.hpp"

namespace bds::run {
namespace {

/// The resources a check touches, views widened to the records they are derived from (a write to CliFor
/// changes MCPClienti).
std::vector<std::string> touched(const Catalogue& cat, const Check& check) {
    std::set<std::string> out;
    for (const auto& tag : check.tags) {
        if (tag == "*") {
            for (const Record* r : cat.resources()) out.insert(r->name);
        } else if (cat.find(tag)) {
            out.insert(tag);
        }
    }
    bool grew = true;
    while (grew) {
        grew = false;
        for (const auto& rel : cat.relations())
            if ((rel.kind == "view" || rel.kind == "nested") && out.contains(rel.from_record) && !out.contains(rel.to_record)) {
                out.insert(rel.to_record);
                grew = true;
            }
    }
    return {out.begin(), out.end()};
}

/// Readers-writer locks per resource, taken in name order (no deadlock).
class ResourceLocks {
public:
    class Held {
    public:
        Held(ResourceLocks& locks, const std::vector<std::string>& names, bool exclusive) : exclusive_(exclusive) {
            for (const auto& n : names) {
                std::shared_mutex& m = locks.get(n);
                exclusive ? m.lock() : m.lock_shared();
                held_.push_back(&m);
            }
        }
        ~Held() {
            for (auto it = held_.rbegin(); it != held_.rend(); ++it) exclusive_ ? (*it)->unlock() : (*it)->unlock_shared();
        }
        Held(const Held&) = delete;
        Held& operator=(const Held&) = delete;

    private:
        bool exclusive_;
        std::vector<std::shared_mutex*> held_;
    };

    std::shared_mutex& get(const std::string& name) {
        std::lock_guard lock(mutex_);
        return locks_[name];
    }

private:
    std::mutex mutex_;
    std::map<std::string, std::shared_mutex> locks_;
};

/// RapidCheck prints "Using configuration: …" to stderr the first time it reads its configuration; the
/// harness passes its parameters explicitly, so that line is noise in a report-producing tool.
void load_rapidcheck_configuration_quietly() {
    static std::once_flag once;
    std::call_once(once, [] {
        std::streambuf* saved = std::cerr.rdbuf(nullptr);
        rc::detail::configuration();
        std::cerr.rdbuf(saved);
        std::cerr.clear();  // writing to a null buffer set badbit
    });
}

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
    return "TOKEN=$(curl -sS --data-urlencode 'username=" + user->username + "' --data-urlencode \"password=$PASSWORD\" -d '" + form + "' '" +
           target.base_url + target.token_path + "' | jq -r .access_token)";
}

/// A result that names `check`, not yet run.
CheckResult result_for(const Check& check, std::string replay) {
    CheckResult res;
    res.id = check.id;
    res.suite = check.suite;
    res.title = check.title;
    res.spec = check.spec;
    res.seed_text = check.seed_text;
    res.level = check.level;
    res.tags = check.tags;
    res.replay = "conformance run " + replay;
    return res;
}

/// What the run must never show: the users' passwords and the token form's secrets (tokens add themselves as
/// they are issued).
void add_secrets(const client::TargetConfig& target, client::RunLimits& limits) {
    for (const auto& [role, user] : target.users) limits.add_secret(user.password);
    for (const auto& [key, value] : target.token_form) {
        std::string k = key;
        std::transform(k.begin(), k.end(), k.begin(), [](unsigned char c) { return std::tolower(c); });
        if (k.find("secret") != std::string::npos || k.find("password") != std::string::npos) limits.add_secret(value);
    }
}


void chosen_skip(CheckResult& res, std::string reason) {
    res.outcome = Outcome::Skip;
    res.reason = std::move(reason);
    res.skip_chosen = true;
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
    res.findings = std::move(ctx.findings);
    res.observations = std::move(ctx.observations);
    if (res.outcome == Outcome::Pass && !res.findings.empty()) res.outcome = check.level == Level::Observe ? Outcome::Pass : Outcome::Fail;
}

}  // namespace

std::string utc_now() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

void scrub(RunResult& run, const client::RunLimits& limits) {
    const auto text = [&](std::string& s) { s = limits.scrub(std::move(s)); };
    const auto exchange = [&](std::optional<client::Exchange>& e) {
        if (e) limits.scrub(*e);
    };
    for (auto& note : run.notes) text(note);
    for (auto& r : run.results) {
        text(r.reason);
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
}

std::string base36(std::uint64_t n, std::size_t width) {
    static constexpr char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    std::string out;
    do {
        out.insert(out.begin(), digits[n % 36]);
        n /= 36;
    } while (n > 0);
    while (out.size() < width) out.insert(out.begin(), '0');
    return out;
}

/// What every run's result says of itself before any check: the target, version, seed, cases, start, token line.
RunResult begun(const client::TargetConfig& target, const RunOptions& options) {
    RunResult run;
    run.target = target.base_url;
    run.harness_version = options.harness_version;
    run.seed = options.seed;
    run.cases = options.cases;
    run.started_at = utc_now();
    run.token_command = token_command(target);
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

RunResult run_checks(const Catalogue& catalogue, const client::TargetConfig& target, const std::vector<Check>& checks,
                     const RunOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    load_rapidcheck_configuration_quietly();
    RunResult run = begun(target, options);
    run.run_prefix = random_prefix();

    client::ignore_sigpipe();
    client::RunLimits limits(target.rate_per_s);
    add_secrets(target, limits);
    if (options.max_time_s > 0) limits.set_deadline(started + std::chrono::seconds(options.max_time_s));
    std::optional<client::Recorder> recorder;
    if (!options.record_dir.empty()) recorder.emplace(options.record_dir);
    auto token_client = std::make_unique<client::HttpClient>(client::http_settings(target), &limits);
    if (recorder) token_client->record_to(&*recorder, "tokens");
    client::TokenSource tokens(target, std::move(token_client));
    client::EnvelopeState envelope(target.envelope);
    client::PageSizeState page_size(target.max_page_size);
    Journal journal(catalogue);

    // Preflight: the first user's token tells whether anything can be judged at all.
    if (target.users.empty()) throw NoToken("the target file gives no users: add \"users\" with at least a \"writer\" (see the README's target file)");
    const std::string first = target.user(client::kWriter) ? client::kWriter : target.users.begin()->first;
    const auto give_up = started + std::chrono::seconds(options.wait_for_target_s);
    for (;;) try {
        tokens.token(first);
        break;
    } catch (const client::TokenError& e) {
        const auto& ex = e.exchange();
        if (ex.status == 0 && std::chrono::steady_clock::now() < give_up && !limits.past_deadline()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(500));  // still starting, perhaps
            continue;
        }
        if (ex.status == 0)
            throw Unreachable(std::string(e.what()) + " (" + ex.method + " " + ex.url + ")" +
                              (options.wait_for_target_s > 0 ? " after waiting " + std::to_string(options.wait_for_target_s) + " s" : ""));
        // It answered: a configuration to fix, shown with the answer (secrets redacted).
        throw NoToken(std::string(e.what()) + "; it answered: " + ex.summary() + (ex.response_body.empty() ? "" : " " + ex.response_body.substr(0, 300)) +
                      ". Check users." + first + " in the target file (username, password) and token (path, form)");
    }

    std::vector<CheckResult> results(checks.size());
    std::atomic<std::size_t> next{0};
    std::atomic<int> failed{0};
    std::atomic<long> requests{0};
    std::mutex report_mutex;
    ResourceLocks locks;
    // RapidCheck keeps its implicit parameters (the state behind `*gen` and gen::exec) in process-wide
    // storage, so generators must not run on two threads at once. Generators run in the checks that write
    // so those (and any check flagged `generates`) run one at a time; the others still run in parallel.
    std::mutex generators;

    auto run_one = [&](std::size_t index) {
        const Check& check = checks[index];
        CheckResult& res = results[index];
        res = result_for(check, (options.replay_prefix.empty() ? "" : options.replay_prefix + " ") + "--check " + check.id + " --seed " +
                                    std::to_string(options.seed) + " --cases " + std::to_string(options.cases));
        if (limits.past_deadline()) {
            res.outcome = Outcome::Skip;  // not chosen: the rule stays undecided, and the verdict says so
            res.reason = "not run: the run's time limit (--max-time " + std::to_string(options.max_time_s) + " s) was reached";
        } else if (options.max_failures > 0 && failed.load() >= options.max_failures) {
            chosen_skip(res, "not run: --max-failures " + std::to_string(options.max_failures) + " reached");
        } else if (check.writes && target.read_only) {
            chosen_skip(res, "read-only run: this check writes (run without --read-only to run it)");
        } else {
            ResourceLocks::Held held(locks, touched(catalogue, check), check.writes);
            std::unique_lock<std::mutex> generating(generators, std::defer_lock);
            if (check.writes || check.generates) generating.lock();
            if (options.on_start) {
                std::lock_guard lock(report_mutex);
                options.on_start(check);
            }
            const auto t0 = std::chrono::steady_clock::now();
            client::Api api(target, tokens, envelope, page_size, &limits);
            if (recorder) api.http().record_to(&*recorder, check.id);
            Context ctx{catalogue, target, api, check, run.run_prefix + base36(index, 2), options.seed, options.cases, journal, {}, {}, {}};
            ctx.shrink_time = options.shrink_time;
            if (options.on_case)
                ctx.on_case = [&](int number) {
                    std::lock_guard lock(report_mutex);
                    options.on_case(check, number);
                };
            run_check(check, ctx, res);
            if (res.outcome == Outcome::Error && limits.past_deadline())
                res.reason = "stopped by the run's time limit (--max-time " + std::to_string(options.max_time_s) + " s): " + res.reason;
            res.duration_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
            res.requests = api.http().requests_sent();
            requests += res.requests;
        }
        if (res.outcome == Outcome::Fail && check.level != Level::Observe) ++failed;
        if (options.on_result) {
            std::lock_guard lock(report_mutex);
            options.on_result(res);
        }
    };

    const int jobs = std::max(1, std::min<int>(options.jobs, static_cast<int>(checks.size())));
    std::vector<std::thread> workers;
    for (int j = 0; j < jobs; ++j)
        workers.emplace_back([&] {
            for (std::size_t i = next++; i < checks.size(); i = next++) run_one(i);
        });
    for (auto& w : workers) w.join();

    if (limits.past_deadline()) {
        const auto not_run = std::count_if(results.begin(), results.end(), [](const CheckResult& r) {
            return r.outcome == Outcome::Skip && r.reason.starts_with("not run: the run's time limit");
        });
        run.notes.push_back("the run's time limit (--max-time " + std::to_string(options.max_time_s) + " s) was reached: " +
                            std::to_string(not_run) + " checks not run");
        // The records written still go back deleted, within a bounded grace.
        limits.set_deadline(std::chrono::steady_clock::now() + std::min<std::chrono::seconds>(kCleanupGrace, std::chrono::seconds(options.max_time_s)));
    }

    // Clean-up: everything written goes back logically deleted (the seeds' only deletion, 000 §1).
    client::Api api(target, tokens, envelope, page_size, &limits);
    run.records_written = journal.size();
    for (const auto& block : journal.cleanup(static_cast<std::size_t>(target.max_block))) {
        try {
            const auto r = api.sync_post(block.role, block.resource, block.records);
            if (r.status < 200 || r.status >= 300)
                run.notes.push_back("clean-up of " + std::to_string(block.records.size()) + " " + block.resource +
                                    " records was refused: " + r.exchange.summary());
        } catch (const std::exception& e) {
            run.notes.push_back("clean-up of " + block.resource + " failed: " + e.what());
        }
    }
    requests += api.http().requests_sent();

    run.requests = requests + tokens.issued();
    run.envelope = client::to_string(envelope.get());
    attribute_causes(checks, results);
    run.results = std::move(results);
    run.duration_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    scrub(run, limits);
    return run;
}

}  // namespace bds::run
