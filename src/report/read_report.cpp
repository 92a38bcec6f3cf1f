#include "report/read_report.hpp"

#include <initializer_list>
#include <stdexcept>

#include "run/interruption.hpp"

namespace bds::report {
namespace {

using nlohmann::json;

/// Member `key` of `obj` (at `where`) as T; std::runtime_error naming the pointer otherwise.
template <typename T>
T member(const json& obj, const char* key, const std::string& where) {
    if (!obj.is_object() || !obj.contains(key)) throw std::runtime_error(where + "/" + key + ": missing");
    try {
        return obj.at(key).get<T>();
    } catch (const json::exception&) {
        throw std::runtime_error(where + "/" + key + ": unexpected " + std::string(obj.at(key).type_name()) + " " +
                                 obj.at(key).dump().substr(0, 80));
    }
}

/// The enumerator of `all` whose to_string is `text`; std::runtime_error at `where` naming the spellings otherwise.
template <class E>
E spelled(std::initializer_list<E> all, const std::string& text, const std::string& where) {
    std::string known;
    std::size_t i = 0;
    for (E e : all) {
        if (to_string(e) == text) return e;
        known.append(i == 0 ? "" : i + 1 == all.size() ? " or " : ", ").append(to_string(e));
        ++i;
    }
    throw std::runtime_error(where + ": expected " + known + ", got \"" + text + "\"");
}

Level level_of(const std::string& text, const std::string& where) {
    return spelled({Level::Must, Level::Should, Level::Observe}, text, where);
}

run::Outcome outcome_of(const std::string& text, const std::string& where) {
    return spelled({run::Outcome::Pass, run::Outcome::Fail, run::Outcome::Skip, run::Outcome::Error}, text, where);
}

client::Headers headers_of(const json& pairs, const std::string& where) {
    client::Headers out;
    if (!pairs.is_array()) throw std::runtime_error(where + ": expected an array of [name, value]");
    for (const auto& p : pairs) {
        if (!p.is_array() || p.size() != 2)
            throw std::runtime_error(where + ": expected [name, value], got " + p.dump().substr(0, 80));
        out.emplace_back(p[0].get<std::string>(), p[1].get<std::string>());
    }
    return out;
}

std::optional<client::Exchange> exchange_of(const json& e, const std::string& where) {
    if (e.is_null()) return std::nullopt;
    client::Exchange x;
    x.method = member<std::string>(e, "method", where);
    x.url = member<std::string>(e, "url", where);
    x.request_headers = headers_of(e.value("request_headers", json::array()), where + "/request_headers");
    x.request_body = member<std::string>(e, "request_body", where);
    x.status = member<int>(e, "status", where);
    x.response_headers = headers_of(e.value("response_headers", json::array()), where + "/response_headers");
    x.response_body = member<std::string>(e, "response_body", where);
    x.error = member<std::string>(e, "error", where);
    x.duration_ms = member<double>(e, "duration_ms", where);
    if (e.contains("serial")) x.serial = member<std::uint64_t>(e, "serial", where);
    return x;
}

}  // namespace

run::RunResult from_json(const json& doc) {
    if (!doc.is_object())
        throw std::runtime_error("/: expected a JSON report object, got " + std::string(doc.type_name()));
    run::RunResult run;
    run.target = member<std::string>(doc, "target", "");
    run.release = doc.value("release", std::string());
    run.harness_version = member<std::string>(doc, "harness_version", "");
    run.catalogue_sha256 = member<std::string>(doc, "catalogue_sha256", "");
    run.seed = member<std::uint64_t>(doc, "seed", "");
    run.cases = member<int>(doc, "cases", "");
    run.started_at = member<std::string>(doc, "started_at", "");
    run.duration_ms = member<double>(doc, "duration_ms", "");
    run.requests = member<long>(doc, "requests", "");
    run.envelope = member<std::string>(doc, "envelope", "");
    run.run_prefix = member<std::string>(doc, "run_prefix", "");
    run.records_written = member<std::size_t>(doc, "records_written", "");
    run.notes = member<std::vector<std::string>>(doc, "notes", "");
    run.token_command = member<std::string>(doc, "token_command", "");
    run.shard = doc.value("shard", "");
    run.stopped = doc.value("stopped", "");
    run.interrupted = doc.value("interrupted", "");
    if (!run.interrupted.empty() && run::interrupt_exit_code(run.interrupted) == 0)
        throw std::runtime_error("/interrupted: expected \"\", SIGHUP, SIGINT or SIGTERM, got \"" + run.interrupted +
                                 "\"");
    if (doc.contains("baseline") && !doc["baseline"].is_null()) {
        const json& b = doc["baseline"];
        run.baseline = run::BaselineComparison{member<std::string>(b, "source", "/baseline"),
                                               member<std::vector<std::string>>(b, "new_failures", "/baseline"),
                                               member<std::vector<std::string>>(b, "known_failures", "/baseline"),
                                               member<std::vector<std::string>>(b, "fixed", "/baseline")};
    }
    const json& checks = doc.contains("checks") ? doc["checks"] : json();
    if (!checks.is_array()) throw std::runtime_error("/checks: expected an array");
    for (std::size_t i = 0; i < checks.size(); ++i) {
        const json& c = checks[i];
        const std::string where = "/checks/" + std::to_string(i);
        run::CheckResult r;
        r.id = member<std::string>(c, "id", where);
        r.suite = member<std::string>(c, "suite", where);
        r.title = member<std::string>(c, "title", where);
        r.spec = member<std::string>(c, "spec", where);
        r.seed_text = member<std::string>(c, "seed_text", where);
        r.verifies = member<std::vector<std::string>>(c, "verifies", where);
        r.level = level_of(member<std::string>(c, "level", where), where + "/level");
        r.tags = member<std::vector<std::string>>(c, "tags", where);
        r.outcome = outcome_of(member<std::string>(c, "outcome", where), where + "/outcome");
        r.reason = member<std::string>(c, "reason", where);
        r.skip_chosen = member<bool>(c, "skip_chosen", where);
        r.caused_by = member<std::vector<std::string>>(c, "caused_by", where);
        r.error_source = member<std::string>(c, "error_source", where) == run::to_string(run::ErrorSource::Harness)
                             ? run::ErrorSource::Harness
                             : run::ErrorSource::Target;
        r.duration_ms = member<double>(c, "duration_ms", where);
        r.started_ms = c.value("started_ms", 0.0);  // reports of earlier versions have none
        r.requests = member<long>(c, "requests", where);
        r.chain = c.value("chain", 0L);  // reports of earlier versions have none
        r.cases = member<int>(c, "cases", where);
        r.replay = member<std::string>(c, "replay", where);
        const json findings = member<json>(c, "findings", where), observations = member<json>(c, "observations", where);
        for (std::size_t k = 0; k < findings.size(); ++k) {
            const std::string at = where + "/findings/" + std::to_string(k);
            const json& f = findings[k];
            r.findings.push_back({.expected = member<std::string>(f, "expected", at),
                                  .actual = member<std::string>(f, "actual", at),
                                  .pointer = member<std::string>(f, "pointer", at),
                                  .exchange = exchange_of(f.value("exchange", json()), at + "/exchange"),
                                  .counterexample = member<std::string>(f, "counterexample", at)});
        }
        for (std::size_t k = 0; k < observations.size(); ++k) {
            const std::string at = where + "/observations/" + std::to_string(k);
            const json& o = observations[k];
            r.observations.push_back(
                {member<std::string>(o, "text", at), exchange_of(o.value("exchange", json()), at + "/exchange")});
        }
        r.findings_not_kept = c.value("findings_not_kept", std::size_t{0});
        r.observations_not_kept = c.value("observations_not_kept", std::size_t{0});
        for (const json& cell : c.value("cells", json::array()))
            r.cells.push_back({cell.value("rule", ""), cell.value("endpoint", ""),
                               outcome_of(cell.value("outcome", ""), where + "/cells"), cell.value("reason", "")});
        for (const json& rerun : c.value("reruns", json::array()))
            r.reruns.push_back(
                {rerun.value("seed", std::uint64_t{0}), outcome_of(rerun.value("outcome", ""), where + "/reruns")});
        run.results.push_back(std::move(r));
    }
    return run;
}

}  // namespace bds::report
