// `conformance selfcheck --connector`: the connector checks judged by the sample connector, both ways. The sample
// must pass every scenario, under its defaults and under each of its choices (`bds-sample-connector
// --list-choices`: no MUST failure, no error, no new SHOULD failure); each of its defects (`--list-defects`) must
// be caught. Each certification is a process of its own (RapidCheck's state is per process), N at a time.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "certify/sample_command.hpp"
#include "certify/connector_process.hpp"
#include "certify/temp_dir.hpp"
#include "cli/commands.hpp"
#include "cli/connector_selfcheck.hpp"
#include "cli/selfcheck_support.hpp"
#include "coverage/coverage.hpp"
#include "report/connector_tolerance.hpp"
#include "report/kill_matrix.hpp"
#include "report/markdown_cells.hpp"
#include "report/read_report.hpp"

namespace bds::cli {
namespace {

namespace fs = std::filesystem;

struct SampleDefect {
    std::string name, level, rule, breaks, description;
};

/// The lines of `sample --list-…`, each split at its tabs into `fields` fields; ExitError (usage) when it fails or
/// lists nothing.
std::vector<std::vector<std::string>> sample_table(const std::string& sample, const std::string& flag,
                                                   std::size_t fields) {
    const auto listed = certify::run_process({sample, flag}, "", {});
    if (!listed.succeeded())
        throw ExitError{kUsage, "selfcheck: " + sample + " " + flag + ": " + listed.summary() + "\n" + listed.err};
    std::vector<std::vector<std::string>> out;
    std::istringstream lines(listed.out);
    for (std::string line; std::getline(lines, line);) {
        std::vector<std::string> row;
        std::istringstream cells(line);
        for (std::string cell; row.size() + 1 < fields && std::getline(cells, cell, '\t');) row.push_back(cell);
        if (std::string rest; std::getline(cells, rest)) row.push_back(rest);
        if (row.size() == fields) out.push_back(std::move(row));
    }
    if (out.empty()) throw ExitError{kUsage, "selfcheck: " + sample + " " + flag + " listed nothing"};
    return out;
}

/// The sample's defects, from its --list-defects: one per line,
/// "name<TAB>MUST|SHOULD<TAB>rule<TAB>breaks<TAB>description" (breaks: the statements of spec/requirements.json it
/// breaks, joined by ", ").
std::vector<SampleDefect> sample_defects(const std::string& sample) {
    std::vector<SampleDefect> out;
    for (auto& row : sample_table(sample, "--list-defects", 5)) out.push_back({row[0], row[1], row[2], row[3], row[4]});
    return out;
}

/// Each value of the sample's choices but the default, from its --list-choices: one choice per line,
/// "name<TAB>default,other,…<TAB>row<TAB>description".
std::vector<report::ConnectorChoice> sample_choices(const std::string& sample) {
    std::vector<report::ConnectorChoice> out;
    for (const auto& row : sample_table(sample, "--list-choices", 4)) {
        std::istringstream values(row[1]);
        std::string value;
        std::getline(values, value, ',');  // the default: the faithful run has it
        while (std::getline(values, value, ',')) out.push_back({row[0] + "=" + value, row[2], row[3]});
    }
    return out;
}

/// The sample connector next to this program (the build directory, or the installed bin directory).
std::string default_sample() {
    char self[4096];
    const auto n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return "bds-sample-connector";
    return (fs::path(std::string(self, static_cast<std::size_t>(n))).parent_path() / "bds-sample-connector").string();
}

}  // namespace

namespace {

/// The sample connector's defects named by `only` (all when empty); ExitError (usage) for a name it lacks.
std::vector<SampleDefect> chosen_defects(const std::string& sample, const std::vector<std::string>& only) {
    auto defects = sample_defects(sample);
    if (only.empty()) return defects;
    std::vector<SampleDefect> chosen;
    for (const auto& name : only) {
        const auto it = std::find_if(defects.begin(), defects.end(), [&](const auto& d) { return d.name == name; });
        if (it == defects.end())
            throw ExitError{kUsage, "selfcheck: the sample connector has no defect \"" + name + "\""};
        chosen.push_back(*it);
    }
    return chosen;
}

/// One certification of the sample: its name (the report's file name too) and what the sample is given beyond the
/// common command line ("--defect NAME", "--choose NAME=VALUE"; nothing for the faithful sample).
struct Certification {
    std::string name;
    std::vector<std::string> args;
};

/// Certifies the sample as each of `runs`, each report into `dir`. Short limits: the sample answers at once, and a
/// hang or a flood is caught as soon as one scenario shows it; answers slower than the 1 s short-timeout gives up
/// after.
std::vector<certify::ProcessResult> certify_each(const std::vector<Certification>& runs, const ConnectorSelfcheck& a,
                                                 const std::string& sample, const fs::path& dir) {
    const std::string exe = self_executable();
    std::vector<certify::ProcessResult> results(runs.size());
    run_pool(runs.size(), a.jobs, [&](std::size_t i) {
        std::vector<std::string> argv{exe,
                                      "certify",
                                      "--seed",
                                      std::to_string(a.seed),
                                      "--scenario-time",
                                      "60",
                                      "--quiet-time",
                                      "5",
                                      "--slow-ms",
                                      "1100",
                                      "--max-requests",
                                      "2000",
                                      "--report",
                                      "json=" + (dir / (runs[i].name + ".json")).string(),
                                      "--"};
        const auto sample_argv = certify::sample_command(sample);
        argv.insert(argv.end(), sample_argv.begin(), sample_argv.end());
        argv.insert(argv.end(), runs[i].args.begin(), runs[i].args.end());
        certify::ProcessLimits limits;
        limits.time = std::chrono::minutes(30);
        results[i] = certify::run_process(argv, "", limits);
        return runs[i].name + ": " + results[i].summary();
    });
    return results;
}

/// The report of a finished certification; ExitError with its error output when it did not finish.
run::RunResult read_certification(const std::string& name, const certify::ProcessResult& r, const fs::path& dir) {
    // 0, 1 and 4 are finished certifications; their reports say the rest.
    if (!r.exit_code || (*r.exit_code != 0 && *r.exit_code != 1 && *r.exit_code != 4))
        throw ExitError{kFailure, "selfcheck: the certification of " + name + " ended: " + r.summary() + "\n" + r.err};
    std::ifstream in(dir / (name + ".json"));
    try {
        return report::from_json(nlohmann::json::parse(in));
    } catch (const std::exception& e) {
        throw ExitError{kFailure, "selfcheck: the report of " + name + " cannot be read: " + e.what() + "\n" + r.err};
    }
}

}  // namespace

namespace {

/// The kill matrix of the defects' certifications (`results[1 + i]` is `defects[i]`'s), written to `a.out`.
report::KillMatrix write_kill(const std::vector<SampleDefect>& defects,
                              const std::vector<certify::ProcessResult>& results, const run::RunResult& faithful,
                              const ConnectorSelfcheck& a, const fs::path& dir) {
    std::vector<report::DefectRun> runs;
    for (std::size_t i = 0; i < defects.size(); ++i) {
        const auto& d = defects[i];
        runs.push_back({d.name, "connector", d.rule, d.description, read_certification(d.name, results[1 + i], dir),
                        d.level == "SHOULD" ? Level::Should : Level::Must, "", coverage::split_ids(d.breaks)});
    }
    const auto kill = report::kill_matrix(faithful, runs);
    report::KillMatrixHeading heading;
    heading.title = "Connector kill matrix";
    heading.subject = "sample connector";
    heading.intro =
        "Written by `conformance selfcheck --connector` (seed " + std::to_string(a.seed) + ", " +
        std::to_string(kill.checks) +
        " connector checks): `conformance certify` of the sample connector (`connector/sample_connector.cpp`), every "
        "scenario for CliFor and StoricoDocumentiT, then of the sample with each of its defects "
        "(`bds-sample-connector --list-defects`), each breaking one rule of what the seeds ask of a sender. A defect is "
        "caught when a MUST check that verifies a statement it breaks fails on it (a defect against a SHOULD rule, marked "
        "(SHOULD): a MUST or SHOULD check; those checks in bold). "
        "The sample under each of its choices, the other half: `" +
        a.tolerance_out + "`.";
    write_file(a.out, [&](std::ostream& out) { report::write_kill_matrix(kill, out, heading); });
    return kill;
}

/// The tolerance matrix of the choices' certifications (`results[first + i]` is `choices[i]`'s), written to
/// `a.tolerance_out`.
report::ToleranceMatrix write_tolerance(const std::vector<report::ConnectorChoice>& choices,
                                        const std::vector<certify::ProcessResult>& results, std::size_t first,
                                        const run::RunResult& faithful, const ConnectorSelfcheck& a,
                                        const fs::path& dir) {
    std::vector<report::ChoiceRun> runs;
    for (std::size_t i = 0; i < choices.size(); ++i)
        runs.push_back({choices[i].label, choices[i].label,
                        read_certification("choose " + choices[i].label, results[first + i], dir), false});
    // The faithful run twice: which observations are noise is not asked (a choice need not be seen, only be clean).
    const auto tolerance = report::tolerance_matrix(faithful, faithful, runs);
    write_file(a.tolerance_out, [&](std::ostream& out) { report::write_connector_tolerance(tolerance, choices, out); });
    return tolerance;
}

}  // namespace

void run_connector_selfcheck(const ConnectorSelfcheck& a) {
    const std::string sample = a.sample.empty() ? default_sample() : a.sample;
    const auto defects = chosen_defects(sample, a.only);
    // Every choice, even when only some defects are asked for: they are few, and they are what keeps a check from
    // failing a way of reporting the seeds allow.
    const auto choices = sample_choices(sample);
    const certify::TempDir dir("bds-selfcheck");
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<Certification> runs{{"faithful", {}}};
    for (const auto& d : defects) runs.push_back({d.name, {"--defect", d.name}});
    for (const auto& c : choices) runs.push_back({"choose " + c.label, {"--choose", c.label}});
    const auto results = certify_each(runs, a, sample, dir.path());

    const auto faithful = read_certification("faithful", results[0], dir.path());
    const auto kill = write_kill(defects, results, faithful, a, dir.path());
    const auto tolerance = write_tolerance(choices, results, 1 + defects.size(), faithful, a, dir.path());

    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << kill.caught() << " of " << kill.rows.size()
              << " connector defects caught; sample connector: " << kill.faithful_must.size() << " MUST failures, "
              << kill.faithful_errors.size() << " errors; connector kill matrix in " << a.out << "\n";
    std::cout << tolerance.clean() << " of " << tolerance.rows.size()
              << " choices of the sample connector clean; connector tolerance matrix in " << a.tolerance_out << "\n";
    std::cout << runs.size() << " certifications in " << std::fixed << std::setprecision(1) << seconds << " s\n";
    for (const auto& r : kill.rows)
        if (!r.caught()) std::cout << "NOT CAUGHT  " << r.name << ": " << r.description << "\n";
    for (const auto& id : kill.faithful_must) std::cout << "FALSE ALARM " << id << " fails on the sample connector\n";
    for (const auto& id : kill.faithful_errors) std::cout << "ERROR       " << id << " errs on the sample connector\n";
    for (const auto& r : tolerance.rows)
        if (!r.clean())
            std::cout << "FALSE ALARM " << r.label << ": MUST failures " << report::joined(r.must) << "; errors "
                      << report::joined(r.errors) << "; new SHOULD failures " << report::joined(r.should) << "\n";
    if (!kill.complete() || !tolerance.complete())
        throw ExitError{kFailure, "selfcheck: the connector checks miss defects or raise false alarms"};
}

}  // namespace bds::cli
