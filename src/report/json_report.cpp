#include <optional>

#include "report/reporters.hpp"

namespace bds::report {
namespace {

using nlohmann::ordered_json;

ordered_json exchange_json(const std::optional<client::Exchange>& e) {
    if (!e) return nullptr;
    ordered_json headers_out = ordered_json::array(), headers_in = ordered_json::array();
    for (const auto& [k, v] : e->request_headers) headers_out.push_back({k, v});
    for (const auto& [k, v] : e->response_headers) headers_in.push_back({k, v});
    ordered_json out = {{"method", e->method},
                        {"url", e->url},
                        {"request_headers", headers_out},
                        {"request_body", e->request_body},
                        {"status", e->status},
                        {"response_headers", headers_in},
                        {"response_body", e->response_body},
                        {"error", e->error},
                        {"duration_ms", e->duration_ms},
                        {"curl", e->curl()}};
    // Only a run that kept its exchanges (a HAR report) numbers them: reports of other runs stay as they were.
    if (e->serial != 0) out["serial"] = e->serial;
    return out;
}

ordered_json baseline_json(const run::RunResult& run) {
    if (!run.baseline) return nullptr;
    return {{"source", run.baseline->source},
            {"new_failures", run.baseline->new_failures},
            {"known_failures", run.baseline->known_failures},
            {"fixed", run.baseline->fixed}};
}

}  // namespace

ordered_json to_json(const run::RunResult& run) {
    ordered_json checks = ordered_json::array();
    for (const auto& r : run.results) {
        ordered_json findings = ordered_json::array(), observations = ordered_json::array();
        for (const auto& f : r.findings)
            findings.push_back({{"expected", f.expected},
                                {"actual", f.actual},
                                {"pointer", f.pointer},
                                {"counterexample", f.counterexample},
                                {"exchange", exchange_json(f.exchange)}});
        for (const auto& o : r.observations)
            observations.push_back({{"text", o.text}, {"exchange", exchange_json(o.exchange)}});
        checks.push_back({{"id", r.id},
                          {"suite", r.suite},
                          {"title", r.title},
                          {"spec", r.spec},
                          {"seed_text", r.seed_text},
                          {"verifies", r.verifies},
                          {"level", std::string(to_string(r.level))},
                          {"tags", r.tags},
                          {"outcome", std::string(run::to_string(r.outcome))},
                          {"reason", r.reason},
                          {"skip_chosen", r.skip_chosen},
                          {"error_source", std::string(run::to_string(r.error_source))},
                          {"caused_by", r.caused_by},
                          {"duration_ms", r.duration_ms},
                          {"started_ms", r.started_ms},
                          {"requests", r.requests},
                          {"chain", r.chain},
                          {"cases", r.cases},
                          {"replay", r.replay},
                          {"findings", findings},
                          {"observations", observations}});
        // Only when something was cut, so that reports of checks that kept everything read as before.
        if (r.findings_not_kept > 0) checks.back()["findings_not_kept"] = r.findings_not_kept;
        if (r.observations_not_kept > 0) checks.back()["observations_not_kept"] = r.observations_not_kept;
        if (!r.cells.empty()) {  // only a check that judged several matrix cells one by one has them
            ordered_json cells = ordered_json::array();
            for (const auto& c : r.cells)
                cells.push_back({{"rule", c.rule},
                                 {"endpoint", c.endpoint},
                                 {"outcome", std::string(run::to_string(c.outcome))},
                                 {"reason", c.reason}});
            checks.back()["cells"] = cells;
        }
        if (!r.reruns.empty()) {
            ordered_json reruns = ordered_json::array();
            for (const auto& rerun : r.reruns)
                reruns.push_back({{"seed", rerun.seed}, {"outcome", std::string(run::to_string(rerun.outcome))}});
            checks.back()["reruns"] = reruns;
            checks.back()["flaky"] = r.flaky();
        }
    }
    ordered_json out = {{"target", run.target}};
    if (!run.release.empty()) out["release"] = run.release;  // reports without one read as before
    const ordered_json rest = {{"harness_version", run.harness_version},
                               {"catalogue_sha256", run.catalogue_sha256},
                               {"seed", run.seed},
                               {"cases", run.cases},
                               {"started_at", run.started_at},
                               {"duration_ms", run.duration_ms},
                               {"requests", run.requests},
                               {"envelope", run.envelope},
                               {"run_prefix", run.run_prefix},
                               {"records_written", run.records_written},
                               {"notes", run.notes},
                               {"token_command", run.token_command},
                               {"must_failures", run.must_failures()},
                               {"verdict", std::string(run::to_string(run.verdict()))},
                               {"verdict_text", run::verdict_text(run)},
                               {"undecided", run.undecided()},
                               {"shard", run.shard},
                               {"stopped", run.stopped},
                               {"interrupted", run.interrupted},
                               {"baseline", baseline_json(run)},
                               {"checks", checks}};
    for (auto it = rest.begin(); it != rest.end(); ++it) out[it.key()] = it.value();
    return out;
}

}  // namespace bds::report
