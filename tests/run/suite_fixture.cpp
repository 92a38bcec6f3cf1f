#include "run/suite_fixture.hpp"
#include "oracle/compare.hpp"
#include "stub/variation/choices.hpp"
#include "suites/registry.hpp"

#include <gtest/gtest.h>

#include <mutex>
#include <sstream>

namespace bds::test {

std::string describe(const run::RunResult& result) {
    std::ostringstream out;
    for (const auto& r : result.results) {
        if (r.outcome == run::Outcome::Skip && r.level == Level::Must && !r.skip_chosen)
            out << r.id << " skip (undecided) " << r.reason << "\n";
        if (r.outcome == run::Outcome::Pass || r.outcome == run::Outcome::Skip) continue;
        out << r.id << " " << run::to_string(r.outcome) << " " << r.reason << "\n";
        for (const auto& f : r.findings)
            out << "  expected " << f.expected << "\n  actual   " << f.actual << "\n"
                << (f.exchange ? "  " + f.exchange->summary() + "\n" : "")
                << (f.counterexample.empty() ? "" : "  counterexample " + f.counterexample + "\n");
    }
    return out.str();
}

run::RunResult run_all(const Catalogue& cat, const client::TargetConfig& target, const std::vector<std::string>& ids,
                       int jobs) {
    run::RunOptions options;
    options.seed = 42;
    options.cases = 5;
    options.jobs = jobs;
    return run::run_checks(cat, target, select_checks(all_checks(), {}, ids), options);
}

run::CheckResult result_on_stub(const std::string& id, stub::Defect defect, const std::string& choices) {
    const Catalogue cat = builtin_catalogue();
    stub::StubOptions options;
    stub::apply_choices(options.choices, choices);
    options.defect = defect;
    auto stub = bundled::start_embedded_stub(cat, options);
    return result_of(run_all(cat, stub.target, {id}), id);
}

run::CheckResult result_under_defect(const std::string& defect, const std::string& id) {
    return result_on_stub(id, stub::Defect::named(defect));
}

std::string findings_text(const run::CheckResult& r) {
    std::string all;
    for (const auto& f : r.findings) all += f.expected + " | " + f.actual + " @ " + f.pointer + "\n";
    return all;
}

Check waiting_an_hour() {
    return {.id = "ZZZ-01",
            .title = "waits an hour",
            .waits = true,
            .run = [](Context& ctx) { ctx.wait_for(std::chrono::hours(1)); },
            .suite = "zzz"};
}

const run::CheckResult& result_of(const run::RunResult& run, const std::string& id) {
    for (const auto& r : run.results)
        if (r.id == id) return r;
    throw std::runtime_error("no result for " + id);
}

std::string observed(const run::CheckResult& r, const std::string& prefix) {
    for (const auto& o : r.observations)
        if (o.text.rfind(prefix, 0) == 0) return o.text;
    return "";
}

void expect_clean(const run::RunResult& result) {
    for (const auto& r : result.results) {
        EXPECT_NE(r.outcome, run::Outcome::Error) << describe(result);
        if (r.level != Level::Observe) {
            EXPECT_NE(r.outcome, run::Outcome::Fail) << describe(result);
        }
    }
}

std::vector<std::string> trouble_notes(const run::RunResult& result) {
    std::vector<std::string> out;
    for (const auto& note : result.notes)
        if (note.rfind("requests in flight:", 0) != 0 && note.rfind("longest chains", 0) != 0) out.push_back(note);
    return out;
}

Broken::Broken(BreakingProxy::Before before, BreakingProxy::After after, BreakingProxy::Rewrite rewrite,
               stub::StubOptions options)
    : stub(bundled::start_embedded_stub(cat, options)) {
    proxy = std::make_unique<BreakingProxy>(stub.server->base_url(), before, after, rewrite);
    target = stub.target;
    target.base_url = proxy->base_url();
}

run::CheckResult Broken::expect_fail(const std::string& id) {
    const auto result = run_all(cat, target, {id});
    const auto& r = result_of(result, id);
    EXPECT_EQ(r.outcome, run::Outcome::Fail) << id << " through the breaking proxy\n"
                                             << r.reason << "\n"
                                             << describe(result);
    return r;
}

run::CheckResult Broken::expect_pass(const std::string& id) {
    const auto result = run_all(cat, target, {id});
    const auto& r = result_of(result, id);
    EXPECT_EQ(r.outcome, run::Outcome::Pass) << id << " through the proxy\n" << r.reason << "\n" << describe(result);
    return r;
}

run::CheckResult Broken::expect_pass_without_proxy(const std::string& id) {
    const auto result = run_all(cat, stub.target, {id});
    const auto& r = result_of(result, id);
    EXPECT_EQ(r.outcome, run::Outcome::Pass) << id << " against the faithful stub\n"
                                             << r.reason << "\n"
                                             << describe(result);
    return r;
}

BreakingProxy::Before answer(const std::string& method, const std::string& path, int status, const std::string& body) {
    return [=](const httplib::Request& req, httplib::Response& res) {
        if (req.method != method || req.path != path) return false;
        res.status = status;
        res.set_content(body, "application/json");
        return true;
    };
}

nlohmann::json& records_of(nlohmann::json& body) { return body.at("Records"); }

BreakingProxy::Rewrite edit_sent_records(const Catalogue& cat,
                                         std::function<bool(nlohmann::json& record, const Record& resource)> edit) {
    auto mutex = std::make_shared<std::mutex>();
    return [&cat, edit, mutex](std::string& target, httplib::Headers&, std::string& body) {
        const std::string path = target.substr(0, target.find('?'));
        const Record* resource = path.rfind("/api/sync/", 0) == 0 ? cat.find(path.substr(10)) : nullptr;
        nlohmann::json block = nlohmann::json::parse(body, nullptr, false);
        if (!resource || !block.is_array()) return;
        std::lock_guard lock(*mutex);
        nlohmann::json kept = nlohmann::json::array();
        for (auto& r : block)
            if (!r.is_object() || edit(r, *resource)) kept.push_back(std::move(r));
        body = kept.dump();
    };
}

std::string key_of(const nlohmann::json& record, const Record& resource) {
    return resource.name + "/" + oracle::index_key(resource, record, Collation::CaseInsensitive);
}

void keep_rows(httplib::Response& res, const std::function<bool(const nlohmann::json&)>& keep) {
    auto doc = nlohmann::json::parse(res.body);
    nlohmann::json kept = nlohmann::json::array();
    for (auto& r : records_of(doc))
        if (keep(r)) kept.push_back(r);
    records_of(doc) = kept;
    doc["TotalRowsCount"] = kept.size();
    res.body = doc.dump();
}

}  // namespace bds::test
