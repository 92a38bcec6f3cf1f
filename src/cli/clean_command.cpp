// `conformance clean --target T.json (--journal FILE | --prefix P)`: sends back deleted what a run left on a target
// (docs/reliability.md, "Cleaning up after a run"), with the clean-up's retries (run/cleanup.hpp).
#include <algorithm>
#include <iostream>
#include <memory>

#include "bundled/embedded_stub.hpp"
#include "catalogue/catalogue.hpp"
#include "cli/bounded_option.hpp"
#include "cli/commands.hpp"
#include "cli/signal_watch.hpp"
#include "client/api.hpp"
#include "run/cleanup.hpp"
#include "run/prefix_scan.hpp"
#include "run/runner.hpp"

namespace bds::cli {
namespace {

struct CleanArgs {
    std::string target_file, base_url, journal, prefix;
    int max_time_s = 0;
    int timeout_ms = 0;
};

/// The target, as `conformance run` reads it (a base URL alone: the bundled stub's demo users).
client::TargetConfig clean_target_of(const CleanArgs& a) {
    try {
        client::TargetConfig target;
        if (!a.target_file.empty())
            target = client::load_target(a.target_file);
        else
            target = bundled::stub_target({}, client::target_from_json({{"base_url", a.base_url}}).base_url);
        if (!a.target_file.empty() && !a.base_url.empty())
            target.base_url = client::target_from_json({{"base_url", a.base_url}}).base_url;
        if (a.timeout_ms > 0) target.timeout_ms = a.timeout_ms;
        return target;
    } catch (const std::runtime_error& e) {
        throw ExitError{kUsage, e.what()};
    }
}

/// A token for `role`, or the exit a run would end with: 3 when the target does not answer, 2 when it refuses.
void first_token(client::TokenSource& tokens, const std::string& role) {
    try {
        tokens.token(role);
    } catch (const client::TokenError& e) {
        const int status = e.exchange().status;
        throw ExitError{status == 0 ? kUnreachable : kUsage,
                        std::string(e.what()) + " (" + e.exchange().summary() + ")" +
                            (status == 0 ? "" : ": check users." + role + " in the target file")};
    }
}

/// Everything a clean talks to the target with.
struct Session {
    explicit Session(const client::TargetConfig& t)
        : target(t),
          limits(t.rate_per_s),
          tokens(t, std::make_unique<client::HttpClient>(client::http_settings(t), &limits)),
          envelope(t.envelope),
          page_size(t.max_page_size),
          api(t, tokens, envelope, page_size, &limits) {
        run::add_secrets(t, limits);
    }
    const client::TargetConfig& target;
    client::RunLimits limits;
    client::TokenSource tokens;
    client::EnvelopeState envelope;
    client::PageSizeState page_size;
    client::Api api;
};

/// The journal's records into `journal`; false when its clean-up already finished (nothing to send).
bool from_journal(const CleanArgs& a, const client::TargetConfig& target, run::Journal& journal) {
    run::JournalContents contents;
    try {
        contents = run::read_journal_file(a.journal);
    } catch (const std::runtime_error& e) {
        throw ExitError{kUsage, e.what()};
    }
    const std::string prefix = contents.header.value("run_prefix", "?");
    // Sync is an upsert: records sent to another server would be written there, deleted. Only a --base-url given on
    // purpose cleans elsewhere (the same server under another name).
    if (const std::string written = contents.header.value("target", ""); written != target.base_url) {
        if (a.base_url.empty())
            throw ExitError{kUsage, "the journal's run wrote to " + written + ", the target file names " +
                                        target.base_url + ": give --base-url to clean there all the same"};
        std::cerr << "conformance clean: the journal's run wrote to " << written << "; cleaning " << target.base_url
                  << " (--base-url)\n";
    }
    if (contents.finished()) {
        std::cout << "journal " << a.journal << " (run prefix " << prefix
                  << "): its clean-up finished, nothing is left to send (" << contents.status->dump() << ")\n";
        return false;
    }
    journal.replay(contents.entries);
    std::cout << "journal " << a.journal << " (run prefix " << prefix << "): " << contents.entries.size() << " lines, "
              << journal.size() << " records\n";
    return true;
}

/// The rows carrying the prefix, as each role that writes (the writer; the other tenant's are its own) reads them.
bool from_prefix(const CleanArgs& a, Session& s, const Catalogue& catalogue, run::Journal& journal) {
    if (!s.target.user(client::kWriter) && !s.target.user(client::kOtherTenant))
        throw ExitError{kUsage, "the target file gives no \"writer\" (nor \"other_tenant\") user to read as"};
    bool whole = true;
    for (const std::string role : {client::kWriter, client::kOtherTenant}) {
        if (!s.target.user(role)) continue;
        first_token(s.tokens, role);
        const auto scan = run::find_prefixed(s.api, s.limits, catalogue, role, a.prefix, journal);
        std::cout << "as " << role << ": " << scan.rows_read << " rows read, " << scan.found
                  << " active rows with keys starting with \"" << a.prefix << "\" (" << scan.already_deleted
                  << " already deleted)\n";
        for (const auto& problem : scan.problems) std::cout << "  not read whole: " << s.limits.scrub(problem) << "\n";
        whole = whole && scan.problems.empty();
    }
    return whole;
}

void clean(const CleanArgs& a) {
    if (a.journal.empty() == a.prefix.empty()) throw ExitError{kUsage, "give one of --journal FILE and --prefix P"};
    if (!a.prefix.empty())
        if (const auto why = run::unusable_prefix(a.prefix)) throw ExitError{kUsage, *why};
    if (a.target_file.empty() && a.base_url.empty()) throw ExitError{kUsage, "give --target FILE (or --base-url URL)"};
    // Before any thread starts: a signal stops the clean (what is left stays in the journal) instead of killing it.
    run::Interruption interruption;
    const SignalWatch watch(interruption, std::cerr);
    const Catalogue catalogue = builtin_catalogue();
    const client::TargetConfig target = clean_target_of(a);
    client::ignore_sigpipe();
    Session s(target);
    run::Journal journal(catalogue);
    run::CleanupBounds bounds(run::CleanupBounds::Clock::time_point::max(), "");
    const auto listening = interruption.listen([&](const std::string& signal, int) {
        bounds.end_by(run::CleanupBounds::Clock::now(), "interrupted by " + signal);
        s.limits.stop("interrupted by " + signal);
    });
    // --max-time bounds the search by prefix as well as the sending.
    if (a.max_time_s > 0) s.limits.set_deadline(std::chrono::steady_clock::now() + std::chrono::seconds(a.max_time_s));
    bool whole = true;
    if (!a.journal.empty() && !from_journal(a, target, journal)) return;
    if (a.journal.empty()) whole = from_prefix(a, s, catalogue, journal);
    const std::size_t records = journal.size();
    auto blocks = journal.take_cleanup(static_cast<std::size_t>(target.max_block));
    if (!blocks.empty() && target.user(blocks.front().role)) first_token(s.tokens, blocks.front().role);
    const auto budget = a.max_time_s > 0 ? std::chrono::seconds(a.max_time_s) : run::cleanup_budget(records);
    bounds.end_by(run::CleanupBounds::Clock::now() + budget,
                  "its budget of " + std::to_string(std::chrono::duration_cast<std::chrono::seconds>(budget).count()) +
                      " s was spent");
    run::CleanupPolicy policy;
    policy.stall = run::cleanup_stall(target.timeout_ms);
    const auto tally = run::send_back_deleted(s.api, s.limits, std::move(blocks), bounds, policy);
    std::cout << records << " records: " << run::describe(tally) << "\n";
    for (const auto& note : tally.notes) std::cout << "  " << s.limits.scrub(note) << "\n";
    if (!tally.gave_up.empty()) std::cout << "  stopped: " << s.limits.scrub(tally.gave_up) << "\n";
    if (!a.journal.empty())
        run::append_journal_status(a.journal,
                                   run::cleanup_status(tally.sent, tally.refused, tally.left, run::utc_now()));
    if (interruption.count() > 0) throw ExitError{run::interrupt_exit_code(interruption.first()), ""};
    if (tally.left > 0 || tally.refused > 0 || !whole) throw ExitError{kIncomplete, ""};
}

}  // namespace

void add_clean_command(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "clean", "Send back deleted the records a run left on a target: those of its journal, or those of its prefix");
    auto a = std::make_shared<CleanArgs>();
    cmd->add_option("--target", a->target_file, "Target file (JSON; ${VAR} expands from the environment)");
    cmd->add_option("--base-url", a->base_url,
                    "Base URL of the target; with no --target, the demo users of the bundled stub are assumed");
    cmd->add_option("--journal", a->journal,
                    "The run's journal (conformance run --journal FILE; by default conformance-journal-<prefix>.jsonl "
                    "beside its reports): every record in it goes back deleted");
    cmd->add_option("--prefix", a->prefix,
                    "The run's key prefix (its notes and report name it): every active record of every writable "
                    "resource whose text keys start with it goes back deleted, none other");
    add_bounded(*cmd, "--max-time", a->max_time_s, "Seconds the clean may take (0: 120 s and 50 ms per record)", 0,
                7 * 24 * 3600);
    cmd->add_option("--timeout-ms", a->timeout_ms, "Per-request timeout in milliseconds (overrides the target file's)")
        ->check(CLI::Range(1, 3600000));
    cmd->footer(
        "Exit codes: 0 every record sent back deleted; 2 usage or configuration error (a journal that cannot be read, "
        "credentials the target refused); 3 the target does not answer; 4 incomplete: records left or refused, or a "
        "resource that could not be read whole (--prefix); 128 + the signal's number interrupted (run it again).");
    cmd->callback([a] { clean(*a); });
}

}  // namespace bds::cli
