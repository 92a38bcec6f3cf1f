#include "certify/certify.hpp"

#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>

#include "certify/fault_injector.hpp"
#include "certify/temp_dir.hpp"
#include "client/http_client.hpp"
#include "common/text.hpp"
#include "generate/record_gen.hpp"
#include "run/runner.hpp"
#include "stub/stub_server.hpp"

namespace bds::certify {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

constexpr int kTenant = 1;
constexpr std::size_t kMaxKeptFiles = 16 << 20;

std::string random_hex(std::mt19937_64& random, int chars) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (int i = 0; i < chars; ++i) out += digits[random() % 16];
    return out;
}

void write_lines(const fs::path& file, const std::vector<json>& records) {
    std::ofstream out(file, std::ios::binary);
    for (const auto& r : records) out << r.dump() << '\n';
    if (!out) throw std::runtime_error("cannot write " + file.string());
}

/// The records the connector wrote to {output}, one JSON object per line; `error` says what was wrong.
std::vector<json> read_lines(const fs::path& file, std::string& error) {
    std::vector<json> out;
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        error = "no file was written to {output}";
        return out;
    }
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        json r = json::parse(line, nullptr, false);
        if (!r.is_object()) {
            error = "line " + std::to_string(n) + " of {output} is no JSON object";
            return out;
        }
        out.push_back(std::move(r));
    }
    return out;
}

/// stdout, stderr and the text of the files the connector left in its working directory (bounded).
std::string kept_text(const ProcessResult& process, const fs::path& dir, const std::vector<fs::path>& ours) {
    std::string text = process.out + "\n" + process.err;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (!it->is_regular_file(ec) || std::find(ours.begin(), ours.end(), it->path()) != ours.end()) continue;
        std::ifstream in(it->path(), std::ios::binary);
        std::string content(
            std::min<std::uintmax_t>(it->file_size(ec), kMaxKeptFiles - std::min(kMaxKeptFiles, text.size())), '\0');
        in.read(content.data(), static_cast<std::streamsize>(content.size()));
        text += "\n" + content;
        if (text.size() >= kMaxKeptFiles) break;
    }
    return text;
}

/// The records of the change-feed scenario: `old` loaded two days ago, then `changed` (the same keys with new
/// values, a quarter of them logically deleted, plus new keys) one day ago; LastUtcRun lies between.
struct Feed {
    std::vector<json> old, changed;
};

Feed feed_records(const Catalogue& catalogue, const Record& record, std::uint64_t seed, std::size_t changes) {
    gen::RecordGenOptions options;
    options.active_only = true;
    Feed feed;
    const std::size_t added = changes / 8;  // new records; the others change old ones
    feed.old = gen::distinct_records(catalogue, record, static_cast<int>(changes - added + 20), seed, options);
    auto fresh = gen::distinct_records(catalogue, record, static_cast<int>(changes), seed + 1, options);
    for (std::size_t i = 0; i < fresh.size(); ++i) {
        json r = std::move(fresh[i]);
        if (i < changes - added)
            for (const auto& k : record.key)
                if (feed.old[i].contains(k)) r[k] = feed.old[i][k];
        r["flg_isdeleted"] = i % 4 == 0;
        gen::tie_lines(r);
        feed.changed.push_back(std::move(r));
    }
    return feed;
}

/// The connector's command run in `dir`, stopped at the scenario's time, when it floods the stub or when it has
/// sent nothing for --quiet-time.
ProcessResult run_connector(const CertifyOptions& options, const std::vector<std::string>& command, const fs::path& dir,
                            const FaultInjector& injector) {
    ProcessLimits limits;
    limits.time = options.scenario_time;
    const auto quiet_ms = static_cast<double>(std::chrono::milliseconds(options.quiet_time).count());
    return run_process(command, dir.string(), limits, [&]() -> std::optional<std::string> {
        if (auto flood = injector.stop_reason(); !flood.empty()) return flood;
        if (injector.quiet_ms() > quiet_ms)
            return "it sent no request for " + std::to_string(options.quiet_time.count()) + " s (--quiet-time)";
        return std::nullopt;
    });
}

/// A pull scenario's feed into `server`: the old records written two days back and the changed ones a day back by
/// the stub's clock (`shift`, seconds behind), and `out.since` between them (000 §4.3).
void load_feed(stub::StubServer& server, std::atomic<long long>& shift, const Feed& feed, ScenarioRun& out) {
    shift.store(2 * 86400);
    server.load(kTenant, out.record->name, json(feed.old));
    shift.store(86400);
    server.load(kTenant, out.record->name, json(feed.changed));
    shift.store(0);
    out.since = utc_formatted(std::chrono::system_clock::now() - std::chrono::hours(36), "%Y-%m-%d %H:%M:%S.000");
    out.feed = feed.changed;
}

class ScenarioRunner {
public:
    ScenarioRunner(const Catalogue& catalogue, const CertifyOptions& options, client::RunLimits& secrets)
        : catalogue_(catalogue), options_(options), secrets_(secrets), random_(options.seed) {}

    ScenarioRun run(const Scenario& scenario, const Record& record, const std::vector<json>& input);

private:
    const Catalogue& catalogue_;
    const CertifyOptions& options_;
    client::RunLimits& secrets_;
    std::mt19937_64 random_;
};

ScenarioRun ScenarioRunner::run(const Scenario& scenario, const Record& record, const std::vector<json>& input) {
    ScenarioRun out;
    out.scenario = scenario;
    out.catalogue = &catalogue_;
    out.record = &record;
    out.compare.profile = {options_.choices.precision(), options_.choices.scale()};
    out.marker = "BDS-CERT-" + random_hex(random_, 12);
    const bool pull = scenario.mode == Mode::Pull;

    const std::string password = random_hex(random_, 20);
    secrets_.add_secret(password);
    stub::StubOptions stub_options;
    stub_options.users = {stub::User{"connector", password, kTenant, true, {"*"}}};
    stub_options.choices = options_.choices;
    stub_options.port = options_.port;
    if (pull) stub_options.choices.page_cap = stub::Choices::PageCap::C100;
    auto shift = std::make_shared<std::atomic<long long>>(0);  // seconds the stub's clock runs behind
    stub_options.clock = [shift] { return std::chrono::system_clock::now() - std::chrono::seconds(shift->load()); };
    stub::StubServer* server_ref = nullptr;
    FaultSettings faults{scenario.fault,
                         scenario.name,
                         out.marker,
                         options_.slow_ms,
                         options_.max_requests,
                         [&server_ref](const std::string& resource, const json& records) {
                             server_ref->load(kTenant, resource, records);
                         }};
    auto injector = std::make_shared<FaultInjector>(faults);
    stub_options.interceptor = injector;
    stub::StubServer server(catalogue_, stub_options);
    server_ref = &server;

    const TempDir dir("bds-certify");
    const fs::path input_file = dir.path() / "input.jsonl", output_file = dir.path() / "output.jsonl";
    if (pull) {
        load_feed(server, *shift, feed_records(catalogue_, record, options_.seed + 7, options_.feed_records), out);
    } else {
        write_lines(input_file, input);
    }
    server.start();
    out.base_url = server.base_url();

    const bool port_mode = options_.command.empty();
    out.input_given = !pull && (port_mode || uses_placeholder(options_.command, "input"));
    if (out.input_given) out.input = input;
    out.output_given = pull && (port_mode || uses_placeholder(options_.command, "output"));
    out.exit_status_judged = options_.exit_status && !port_mode;
    const std::map<std::string, std::string> values = {
        {"base_url", out.base_url},
        {"username", "connector"},
        {"password", password},
        {"resource", record.name},
        {"mode", std::string(to_string(scenario.mode))},
        {"input", pull ? "" : input_file.string()},
        {"output", output_file.string()},
        {"since", pull ? out.since : "1900-01-01 00:00:00.000"}};  // push: the whole feed, should the command read it
    if (port_mode) {
        options_.wait(Invitation{scenario.name, record.name, std::string(to_string(scenario.mode)), out.base_url,
                                 "connector", password, values.at("input"), output_file.string(), out.since});
    } else {
        out.process = run_connector(options_, expand_placeholders(options_.command, values), dir.path(), *injector);
    }
    server.stop();
    out.recording = injector->recording();
    for (const auto& token : out.recording.tokens) secrets_.add_secret(token);
    if (!pull) {
        for (auto& r : server.rows(kTenant, record.name)) out.stored.push_back(std::move(r));
    } else if (out.output_given) {
        out.output = read_lines(output_file, out.output_error);
    }
    out.kept_text = kept_text(out.process, dir.path(), {input_file, output_file});
    return out;
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

}  // namespace

run::RunResult certify(const Catalogue& catalogue, const std::vector<ConnectorCheck>& checks,
                       const CertifyOptions& options) {
    const auto chosen = select_scenarios(options.scenarios);
    std::vector<const Record*> resources;
    for (const auto& name : options.resources) {
        const Record* r = catalogue.find(name);
        if (!r || !r->writable())
            throw std::invalid_argument(
                "--resource " + name +
                ": expected a resource with POST sync (e.g. CliFor, Articoli, StoricoDocumentiT)");
        resources.push_back(r);
    }
    CertifyOptions resolved = options;
    if (!resolved.command.empty()) resolved.command.front() = resolve_program(resolved.command.front());
    run::RunResult result;
    result.target = options.command.empty() ? "a connector started by hand" : "connector: " + joined(options.command);
    result.harness_version = std::string(run::harness_version());
    result.catalogue_sha256 = builtin_catalogue_sha256();
    result.seed = options.seed;
    result.started_at = run::utc_now();
    for (const auto& info : stub::choice_table())
        if (info.id == "A-07")
            result.envelope = std::string(stub::value_of(info, options.choices)) + " (served by the stub)";
    const auto start = std::chrono::steady_clock::now();

    client::RunLimits secrets;
    ScenarioRunner runner(catalogue, resolved, secrets);
    std::vector<ScenarioRun> runs;
    for (const Record* record : resources) {
        const int count = options.push_records > 0              ? options.push_records
                          : record->name == "StoricoDocumentiT" ? 120
                                                                : 520;
        gen::RecordGenOptions gen_options;
        const auto input = gen::distinct_records(catalogue, *record, count, options.seed, gen_options);
        for (const auto& scenario : chosen) {
            if (scenario.mode == Mode::Pull && !record->has(Operation::GetSync)) {
                result.notes.push_back("scenario " + scenario.name + " not run for " + record->name +
                                       ": the seeds list no GET sync for it");
                continue;
            }
            if (scenario.mode == Mode::Pull && !options.command.empty() && !uses_placeholder(options.command, "mode")) {
                result.notes.push_back("scenario " + scenario.name +
                                       " not run: the command has no {mode} placeholder, so the connector only sends");
                continue;
            }
            if (options.progress) options.progress(scenario.name + ", " + record->name + ": running");
            runs.push_back(runner.run(scenario, *record, input));
            const auto& run = runs.back();
            result.requests += static_cast<long>(run.recording.requests.size());
            const std::string ended =
                (options.command.empty() ? std::string("was started by hand") : run.process.summary()) + ", " +
                std::to_string(run.recording.requests.size()) + " requests";
            result.notes.push_back("scenario " + run.label() + " (" + scenario.description + "): the connector " +
                                   ended);
            if (options.progress) options.progress(run.label() + ": " + ended);
        }
    }
    result.results = judge_runs(checks, runs);
    for (auto& r : result.results) {  // the same certification, this check only
        r.replay = "conformance certify --seed " + std::to_string(options.seed) + " --check " + r.id;
        for (const auto& name : options.resources) r.replay += " --resource " + name;
        for (const auto& name : options.scenarios) r.replay += " --scenario " + name;
        if (options.push_records > 0) r.replay += " --records " + std::to_string(options.push_records);
        if (!options.command.empty()) r.replay += " -- " + joined(options.command);
    }
    result.duration_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    run::scrub(result, secrets);
    return result;
}

}  // namespace bds::certify
