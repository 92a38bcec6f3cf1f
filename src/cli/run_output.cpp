#include "cli/run_output.hpp"

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/commands.hpp"
#include "client/exchange.hpp"
#include "common/whole_file.hpp"
#include "history/history_store.hpp"
#include "report/read_report.hpp"
#include "report/reporters.hpp"
#include "report/run_diff.hpp"
#include "run/interruption.hpp"

namespace bds::cli {

namespace {

constexpr std::string_view kDiffPrefix = "diff-";

bool known_format(const std::string& format, bool with_diffs) {
    if (report::reporters().contains(format)) return true;
    return with_diffs && format.starts_with(kDiffPrefix) &&
           report::diff_writers().contains(format.substr(kDiffPrefix.size()));
}

/// The text of the report `format` (a reporter's, or a diff-* kind's against `baseline_run`).
std::string report_text(const std::string& format, const run::RunResult& run,
                        const std::optional<run::RunResult>& baseline_run) {
    std::ostringstream text;
    if (format.starts_with(kDiffPrefix)) {
        report::DiffOptions options;
        options.base_label = run.baseline ? run.baseline->source : "baseline";
        options.next_label = "this run";
        report::diff_writers().at(format.substr(kDiffPrefix.size()))(
            report::diff_runs(baseline_run.value(), run, options), text);
    } else {
        report::reporters().at(format)(run, text);
    }
    return text.str();
}

/// `file` parsed as JSON; a usage error naming `what` (the option or command) when it cannot be read or is not JSON.
nlohmann::json read_json_file(const std::string& file, const std::string& what) {
    std::ifstream in(file);
    if (!in) throw ExitError{kUsage, what + ": cannot read " + file};
    auto doc = nlohmann::json::parse(in, nullptr, false);
    if (doc.is_discarded()) throw ExitError{kUsage, what + ": " + file + " is not JSON"};
    return doc;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> parse_report_specs(const std::vector<std::string>& specs,
                                                                    bool with_diffs) {
    std::vector<std::pair<std::string, std::string>> reports;
    for (const auto& spec : specs) {
        const auto eq = spec.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
            throw ExitError{kUsage, "--report: expected FORMAT=FILE, found \"" + spec + "\""};
        const std::string format = spec.substr(0, eq);
        if (!known_format(format, with_diffs)) {
            std::string known;
            for (const auto& [name, w] : report::reporters()) known += (known.empty() ? "" : ", ") + name;
            if (with_diffs)
                for (const auto& [name, w] : report::diff_writers()) known += ", " + std::string(kDiffPrefix) + name;
            throw ExitError{kUsage, "--report: unknown format \"" + format + "\" (known: " + known + ")"};
        }
        // Found now, not after the whole run: a file that cannot be written. Nothing is made in its place (an empty
        // file left by a run killed before its end would be read as its report).
        if (const auto why = cannot_write(spec.substr(eq + 1)))
            throw ExitError{kUsage, "--report: cannot write " + spec.substr(eq + 1) + ": " + *why};
        reports.emplace_back(format, spec.substr(eq + 1));
    }
    return reports;
}

void refuse_har(const std::vector<std::pair<std::string, std::string>>& reports, const std::string& why) {
    for (const auto& [format, file] : reports)
        if (format == "har") throw ExitError{kUsage, "--report har=" + file + ": " + why};
}

std::optional<run::Baseline> load_baseline(const std::string& file) {
    if (file.empty()) return std::nullopt;
    const auto doc = read_json_file(file, "--baseline");
    try {
        return run::read_baseline(doc, file);
    } catch (const std::runtime_error& e) {
        throw ExitError{kUsage, std::string("--baseline: ") + e.what()};
    }
}

run::RunResult read_report_file(const std::string& file, const std::string& what) {
    const auto doc = read_json_file(file, what);
    try {
        return report::from_json(doc);
    } catch (const std::runtime_error& e) {
        throw ExitError{kUsage, what + ": " + file + " is not a JSON report of `conformance run`: at " + e.what()};
    }
}

std::optional<run::RunResult> baseline_run_for_diffs(const std::vector<std::pair<std::string, std::string>>& reports,
                                                     const std::string& file) {
    const auto diff =
        std::find_if(reports.begin(), reports.end(), [](const auto& r) { return r.first.starts_with(kDiffPrefix); });
    if (diff == reports.end()) return std::nullopt;
    if (file.empty())
        throw ExitError{kUsage, "--report " + diff->first + ": compares the run with its baseline: give --baseline F"};
    return read_report_file(file, "--baseline");
}

void print_summary(const run::RunResult& run, std::ostream& out) {
    std::map<std::string, report::Tally> by_suite;
    std::vector<std::string> suite_order;
    for (const auto& r : run.results) {
        if (!by_suite.contains(r.suite)) suite_order.push_back(r.suite);
        by_suite[r.suite].add(r.outcome);
    }
    out << std::left << std::setw(14) << "suite" << std::right << std::setw(6) << "pass" << std::setw(6) << "fail"
        << std::setw(6) << "skip" << std::setw(7) << "error"
        << "\n";
    for (const auto& s : suite_order) {
        const auto& c = by_suite[s];
        out << std::left << std::setw(14) << s << std::right << std::setw(6) << c.pass << std::setw(6) << c.fail
            << std::setw(6) << c.skip << std::setw(7) << c.error << "\n";
    }
    // Root causes first; what probably follows from one is listed under it, in a line.
    std::map<std::string, std::vector<std::string>> following;
    // Errors sharing one reason (a target that stopped answering) are said once.
    std::map<std::string, std::vector<std::string>> erred;
    for (const auto& r : run.results)
        if (r.outcome == run::Outcome::Error && r.caused_by.empty()) erred[r.reason].push_back(r.id);
    for (const auto& [reason, ids] : erred)
        if (ids.size() > 2) out << "ERROR " << ids.size() << " checks: " << reason << ": " << run::id_list(ids) << "\n";
    for (const auto& r : run.results) {
        if (!r.caused_by.empty()) {
            following[r.caused_by.front()].push_back(r.id);
            continue;
        }
        if (r.outcome == run::Outcome::Fail)
            out << "FAIL  " << std::left << std::setw(9) << r.id << std::setw(8) << to_string(r.level) << r.title
                << "\n"
                << "      expected " << client::shown_body(r.findings.front().expected, 300) << "\n      got      "
                << client::shown_body(r.findings.front().actual, 300) << "\n"
                << (r.replay.empty() ? "" : "      replay   " + r.replay + "\n")
                << (r.reruns.empty() ? "" : "      rerun    " + run::rerun_text(r) + "\n");
        if (r.outcome == run::Outcome::Error && erred[r.reason].size() <= 2)
            out << "ERROR " << std::left << std::setw(9) << r.id << std::setw(8) << to_string(r.level) << r.title
                << "\n      " << (r.error_source == run::ErrorSource::Target ? "the target: " : "the harness: ")
                << r.reason << "\n";
        if (r.outcome == run::Outcome::Skip && r.level == Level::Must && !r.skip_chosen)
            out << "SKIP  " << std::left << std::setw(9) << r.id << std::setw(8) << "MUST" << r.title << "\n      "
                << r.reason << "\n";
    }
    for (const auto& [cause, ids] : following)
        out << "      … and " << ids.size() << " more that rely on " << cause
            << " and probably follow from it: " << run::id_list(ids) << "\n";
    if (run.baseline)
        out << "baseline " << run.baseline->source
            << ": new MUST failures: " << run::id_list(run.baseline->new_failures)
            << "; known: " << run::id_list(run.baseline->known_failures)
            << "; fixed: " << run::id_list(run.baseline->fixed) << "\n";
    for (const auto& n : run.notes) out << "note: " << n << "\n";
    const auto undecided = run.undecided();
    out << run.results.size() << " checks, " << run.must_failures() << " MUST failures, " << undecided.size()
        << " MUST checks undecided, " << run.requests << " requests in " << std::fixed << std::setprecision(1)
        << run.duration_ms / 1000 << " s against " << run.target << " (seed " << run.seed << ", envelope "
        << run.envelope << ")\n";
    out << "verdict: " << run::verdict_text(run) << "\n";
}

void finish(const run::RunResult& run, const std::vector<std::pair<std::string, std::string>>& reports,
            std::optional<std::pair<int, std::string>> exit_with, const std::optional<run::RunResult>& baseline_run) {
    // Each report whole or not at all (common/whole_file.hpp); one that cannot be written leaves the file there as
    // it was, is said, and the others are still written.
    bool unwritten = false;
    for (const auto& [format, file] : reports) {
        try {
            write_whole_file(file, report_text(format, run, baseline_run));
        } catch (const std::runtime_error& e) {
            std::cerr << "conformance: --report: " << e.what()
                      << " (the file there before, if any, is left as it was)\n";
            unwritten = true;
        }
    }
    print_summary(run, std::cout);
    if (exit_with) throw ExitError{exit_with->first, exit_with->second};
    switch (run.verdict()) {
        case run::Verdict::Pass:
            // A report left as it was may be an older run's: the gate must not pass on it.
            if (unwritten) throw ExitError{kUsage, "a report could not be written (see above)"};
            return;
        case run::Verdict::Fail: throw ExitError{kFailure, run::verdict_text(run)};
        case run::Verdict::Incomplete: throw ExitError{kIncomplete, run::verdict_text(run)};
        case run::Verdict::Interrupted:
            // The shell's code for the signal; no message after the summary: its verdict line stays the last one.
            if (const int code = run::interrupt_exit_code(run.interrupted)) throw ExitError{code, ""};
            throw ExitError{kIncomplete, ""};
    }
}

std::vector<std::pair<std::string, std::string>> output_specs(const std::string& command,
                                                              const std::vector<std::string>& specs,
                                                              const std::vector<std::string>& formats) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& spec : specs) {
        const auto eq = spec.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
            throw ExitError{kUsage, command + ": --report: expected FORMAT=FILE, found \"" + spec + "\""};
        const std::string format = spec.substr(0, eq), file = spec.substr(eq + 1);
        if (std::find(formats.begin(), formats.end(), format) == formats.end()) {
            std::string known;
            for (const auto& f : formats) known += (known.empty() ? "" : ", ") + f;
            throw ExitError{kUsage, command + ": --report: unknown format \"" + format + "\" (known: " + known + ")"};
        }
        if (file != "-")
            if (const auto why = cannot_write(file))
                throw ExitError{kUsage, command + ": --report: cannot write " + file + ": " + *why};
        out.emplace_back(format, file);
    }
    if (out.empty()) out.emplace_back("md", "-");
    return out;
}

bool write_outputs(const std::string& command, const std::vector<std::pair<std::string, std::string>>& outputs,
                   const std::function<void(const std::string& format, std::ostream& out)>& write) {
    bool written = true;
    for (const auto& [format, file] : outputs) {
        std::ostringstream text;
        write(format, text);
        if (file == "-") {
            std::cout << text.str();
            continue;
        }
        try {
            write_whole_file(file, text.str());
        } catch (const std::runtime_error& e) {
            std::cerr << "conformance: " << command << ": --report: " << e.what() << "\n";
            written = false;
        }
    }
    return written;
}

void prepare_history_file(const std::string& file) {
    if (file.empty()) return;
    try {
        history::prepare_history(file);
    } catch (const std::runtime_error& e) {  // HistoryError, and SQLite's own (a folder that cannot be written)
        throw ExitError{kUsage, std::string("--history: ") + e.what()};
    }
}

bool record_in_history(const std::string& file, run::RunResult& result) {
    if (file.empty()) return true;
    try {
        const auto id = history::append_run(file, result);
        std::cerr << "conformance: run #" << id << " appended to the history " << file << "\n";
        return true;
    } catch (const std::runtime_error& e) {
        std::cerr << "conformance: --history: " << e.what() << "\n";
        result.notes.push_back(std::string("the run could not be appended to the history: ") + e.what());
        return false;
    }
}

void finish_recorded(const run::RunResult& result, const std::vector<std::pair<std::string, std::string>>& reports,
                     std::optional<std::pair<int, std::string>> exit_with,
                     const std::optional<run::RunResult>& baseline_run, bool recorded) {
    finish(result, reports, exit_with, baseline_run);  // throws unless the run passed
    if (!recorded) throw ExitError{kUsage, "the run passed but could not be appended to its history"};
}

}  // namespace bds::cli
