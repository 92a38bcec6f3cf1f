// `conformance selfcheck --connector`: the connector checks judged by the sample connector, both ways. The sample
// must pass every scenario; each of its defects (`bds-sample-connector --list-defects`) must be caught. Each
// certification is a process of its own (RapidCheck's state is per process), N at a time.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "certify/connector_process.hpp"
#include "certify/temp_dir.hpp"
#include "cli/commands.hpp"
#include "cli/connector_selfcheck.hpp"
#include "cli/selfcheck_support.hpp"
#include "report/kill_matrix.hpp"
#include "report/read_report.hpp"

namespace bds::cli {
namespace {

namespace fs = std::filesystem;

struct SampleDefect {
    std::string name, level, rule, description;
};

/// The sample's defects, from its --list-defects: one per line, "name<TAB>MUST|SHOULD<TAB>rule<TAB>description".
std::vector<SampleDefect> sample_defects(const std::string& sample) {
    const auto listed = certify::run_process({sample, "--list-defects"}, "", {});
    if (!listed.succeeded()) throw ExitError{kUsage, "selfcheck: " + sample + " --list-defects: " + listed.summary() + "\n" + listed.err};
    std::vector<SampleDefect> out;
    std::istringstream lines(listed.out);
    for (std::string line; std::getline(lines, line);) {
        std::istringstream fields(line);
        SampleDefect d;
        if (std::getline(fields, d.name, '\t') && std::getline(fields, d.level, '\t') && std::getline(fields, d.rule, '\t') &&
            std::getline(fields, d.description))
            out.push_back(d);
    }
    if (out.empty()) throw ExitError{kUsage, "selfcheck: " + sample + " --list-defects listed no defect"};
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
        if (it == defects.end()) throw ExitError{kUsage, "selfcheck: the sample connector has no defect \"" + name + "\""};
        chosen.push_back(*it);
    }
    return chosen;
}

/// Certifies the sample as `names[i]` ("faithful", or the defect it turns on), each report into `dir`. Short limits:
/// the sample answers at once, and a hang or a flood is caught as soon as one scenario shows it; answers slower than
/// the 1 s short-timeout gives up after.
std::vector<certify::ProcessResult> certify_each(const std::vector<std::string>& names, const ConnectorSelfcheck& a, const std::string& sample,
                                                 const fs::path& dir) {
    const std::string exe = self_executable();
    std::vector<certify::ProcessResult> results(names.size());
    run_pool(names.size(), a.jobs, [&](std::size_t i) {
        std::vector<std::string> argv{exe, "certify", "--seed", std::to_string(a.seed), "--scenario-time", "60",
                                      "--quiet-time", "5", "--slow-ms", "1100", "--max-requests", "2000", "--report",
                                      "json=" + (dir / (names[i] + ".json")).string(), "--", sample, "--url", "{base_url}", "--user",
                                      "{username}", "--password", "{password}", "--resource", "{resource}", "--mode", "{mode}", "--input",
                                      "{input}", "--output", "{output}", "--since", "{since}", "--timeout-s", "5"};
        if (i > 0) argv.insert(argv.end(), {"--defect", names[i]});
        certify::ProcessLimits limits;
        limits.time = std::chrono::minutes(30);
        results[i] = certify::run_process(argv, "", limits);
        return names[i] + ": " + results[i].summary();
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

void run_connector_selfcheck(const ConnectorSelfcheck& a) {
    const std::string sample = a.sample.empty() ? default_sample() : a.sample;
    const auto defects = chosen_defects(sample, a.only);
    const certify::TempDir dir("bds-selfcheck");
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::string> names{"faithful"};
    for (const auto& d : defects) names.push_back(d.name);
    const auto results = certify_each(names, a, sample, dir.path());

    std::vector<report::DefectRun> runs;
    for (std::size_t i = 1; i < names.size(); ++i) {
        const auto& d = defects[i - 1];
        runs.push_back({d.name, "connector", d.rule, d.description, read_certification(names[i], results[i], dir.path()),
                        d.level == "SHOULD" ? Level::Should : Level::Must, ""});
    }
    const auto kill = report::kill_matrix(read_certification(names[0], results[0], dir.path()), runs);
    report::KillMatrixHeading heading;
    heading.title = "Connector kill matrix";
    heading.subject = "sample connector";
    heading.intro = "Written by `conformance selfcheck --connector` (seed " + std::to_string(a.seed) + ", " + std::to_string(kill.checks) +
                    " connector checks): `conformance certify` of the sample connector (`connector/sample_connector.cpp`), every "
                    "scenario for CliFor and StoricoDocumentiT, then of the sample with each of its defects "
                    "(`bds-sample-connector --list-defects`), each breaking one rule of what the seeds ask of a sender. A defect is "
                    "caught when a MUST check fails on it (a defect against a SHOULD rule, marked (SHOULD): a MUST or SHOULD check).";
    write_file(a.out, [&](std::ostream& out) { report::write_kill_matrix(kill, out, heading); });

    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << kill.caught() << " of " << kill.rows.size() << " connector defects caught; sample connector: " << kill.faithful_must.size()
              << " MUST failures, " << kill.faithful_errors.size() << " errors; connector kill matrix in " << a.out << "\n"
              << names.size() << " certifications in " << std::fixed << std::setprecision(1) << seconds << " s\n";
    for (const auto& r : kill.rows)
        if (!r.caught()) std::cout << "NOT CAUGHT  " << r.name << ": " << r.description << "\n";
    for (const auto& id : kill.faithful_must) std::cout << "FALSE ALARM " << id << " fails on the sample connector\n";
    for (const auto& id : kill.faithful_errors) std::cout << "ERROR       " << id << " errs on the sample connector\n";
    if (!kill.complete()) throw ExitError{kFailure, "selfcheck: the connector checks miss defects or raise false alarms"};
}

}  // namespace bds::cli
