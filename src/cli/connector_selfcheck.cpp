// `conformance selfcheck --connector`: the connector checks judged by the sample connector, both ways. The sample
// must pass every scenario; each of its defects (`bds-sample-connector --list-defects`) must be caught. Each
// certification is a process of its own (RapidCheck's state is per process), N at a time.
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "certify/connector_process.hpp"
#include "certify/temp_dir.hpp"
#include "cli/connector_selfcheck.hpp"
#include "cli/commands.hpp"
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

void run_connector_selfcheck(const ConnectorSelfcheck& a) {
    const std::string sample = a.sample.empty() ? default_sample() : a.sample;
    auto defects = sample_defects(sample);
    if (!a.only.empty()) {
        std::vector<SampleDefect> chosen;
        for (const auto& name : a.only) {
            const auto it = std::find_if(defects.begin(), defects.end(), [&](const auto& d) { return d.name == name; });
            if (it == defects.end()) throw ExitError{kUsage, "selfcheck: the sample connector has no defect \"" + name + "\""};
            chosen.push_back(*it);
        }
        defects = chosen;
    }
    char self[4096];
    const auto n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) throw ExitError{kUsage, "selfcheck: cannot find the conformance executable (/proc/self/exe)"};
    const std::string exe(self, static_cast<std::size_t>(n));
    const certify::TempDir dir("bds-selfcheck");

    // Runs: the faithful sample, then each defect. Short limits: the sample answers at once, and a hang or a
    // flood is caught as soon as one scenario shows it; answers slower than the 1 s short-timeout gives up after.
    std::vector<std::string> names{"faithful"};
    for (const auto& d : defects) names.push_back(d.name);
    std::vector<certify::ProcessResult> results(names.size());
    std::atomic<std::size_t> next{0};
    std::mutex print;
    const auto t0 = std::chrono::steady_clock::now();
    auto worker = [&] {
        for (std::size_t i; (i = next++) < names.size();) {
            std::vector<std::string> argv{exe, "certify", "--seed", std::to_string(a.seed), "--scenario-time", "60",
                                          "--quiet-time", "5", "--slow-ms", "1100", "--max-requests", "2000", "--report",
                                          "json=" + (dir.path() / (names[i] + ".json")).string(), "--", sample, "--url", "{base_url}", "--user",
                                          "{username}", "--password", "{password}", "--resource", "{resource}", "--mode", "{mode}", "--input",
                                          "{input}", "--output", "{output}", "--since", "{since}", "--timeout-s", "5"};
            if (i > 0) argv.insert(argv.end(), {"--defect", names[i]});
            certify::ProcessLimits limits;
            limits.time = std::chrono::minutes(30);
            results[i] = certify::run_process(argv, "", limits);
            std::lock_guard lock(print);
            if (isatty(fileno(stderr))) std::cerr << "\r\033[K[" << i + 1 << "/" << names.size() << "] " << names[i] << ": " << results[i].summary() << std::flush;
        }
    };
    std::vector<std::thread> threads;
    for (int i = 0; i < a.jobs; ++i) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
    if (isatty(fileno(stderr))) std::cerr << "\r\033[K";

    const auto read = [&](std::size_t i) {
        const auto& r = results[i];
        // 0, 1 and 4 are finished certifications; their reports say the rest.
        if (!r.exit_code || (*r.exit_code != 0 && *r.exit_code != 1 && *r.exit_code != 4))
            throw ExitError{kFailure, "selfcheck: the certification of " + names[i] + " ended: " + r.summary() + "\n" + r.err};
        std::ifstream in(dir.path() / (names[i] + ".json"));
        try {
            return report::from_json(nlohmann::json::parse(in));
        } catch (const std::exception& e) {
            throw ExitError{kFailure, "selfcheck: the report of " + names[i] + " cannot be read: " + e.what() + "\n" + r.err};
        }
    };
    std::vector<report::DefectRun> runs;
    for (std::size_t i = 1; i < names.size(); ++i) {
        const auto& d = defects[i - 1];
        runs.push_back({d.name, "connector", d.rule, d.description, read(i), d.level == "SHOULD" ? Level::Should : Level::Must, ""});
    }
    const auto kill = report::kill_matrix(read(0), runs);
    report::KillMatrixHeading heading;
    heading.title = "Connector kill matrix";
    heading.subject = "sample connector";
    heading.intro = "Written by `conformance selfcheck --connector` (seed " + std::to_string(a.seed) + ", " + std::to_string(kill.checks) +
                    " connector checks): `conformance certify` of the sample connector (`connector/sample_connector.cpp`), every "
                    "scenario for CliFor and StoricoDocumentiT, then of the sample with each of its defects "
                    "(`bds-sample-connector --list-defects`), each breaking one rule of what the seeds ask of a sender. A defect is "
                    "caught when a MUST check fails on it (a defect against a SHOULD rule, marked (SHOULD): a MUST or SHOULD check).";
    if (const auto parent = fs::path(a.out).parent_path(); !parent.empty()) fs::create_directories(parent);
    std::ofstream out(a.out);
    if (!out) throw ExitError{kUsage, "selfcheck: cannot write " + a.out};
    report::write_kill_matrix(kill, out, heading);

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
