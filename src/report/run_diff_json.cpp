// The diff as JSON: the model's records with their field names, in a fixed key order (a golden and a CI job read it).
#include "report/run_diff.hpp"

namespace bds::report {
namespace {

using nlohmann::ordered_json;

ordered_json totals_json(const RunTotals& t) {
    return {{"label", t.label},
            {"target", t.target},
            {"started_at", t.started_at},
            {"harness_version", t.harness_version},
            {"seed", t.seed},
            {"checks", t.checks},
            {"requests", t.requests},
            {"records_written", t.records_written},
            {"duration_ms", t.duration_ms},
            {"must_failures", t.must_failures},
            {"verdict", std::string(run::to_string(t.verdict))},
            {"verdict_text", t.verdict_text}};
}

ordered_json refs_json(const std::vector<CheckRef>& refs) {
    ordered_json out = ordered_json::array();
    for (const auto& r : refs)
        out.push_back(
            {{"id", r.id}, {"title", r.title}, {"level", to_string(r.level)}, {"outcome", run::to_string(r.outcome)}});
    return out;
}

ordered_json failures_json(const std::vector<FailureChange>& failures) {
    ordered_json out = ordered_json::array();
    for (const auto& f : failures)
        out.push_back({{"id", f.id},
                       {"level", to_string(f.level)},
                       {"signature", f.signature},
                       {"expected", f.expected},
                       {"actual", f.actual}});
    return out;
}

ordered_json observations_json(const std::vector<ObservationChange>& changes) {
    ordered_json out = ordered_json::array();
    for (const auto& o : changes)
        out.push_back({{"id", o.id},
                       {"title", o.title},
                       {"assumptions", o.assumptions},
                       {"before", o.before.empty() ? ordered_json(nullptr) : ordered_json(o.before)},
                       {"after", o.after.empty() ? ordered_json(nullptr) : ordered_json(o.after)}});
    return out;
}

ordered_json groups_json(const std::vector<ObservationGroup>& groups) {
    ordered_json out = ordered_json::array();
    for (const auto& g : groups)
        out.push_back({{"kind", to_string(g.kind)},
                       {"change", g.change.empty() ? ordered_json(nullptr) : ordered_json(g.change)},
                       {"summary", group_summary(g, g.checks.size(), g.assumptions.size())},
                       {"assumptions", g.assumptions},
                       {"checks", g.checks},
                       {"observations", g.members}});
    return out;
}

ordered_json timing_json(const RunDiff& diff) {
    if (!diff.timing_compared) return nullptr;
    ordered_json out = ordered_json::array();
    for (const auto& t : diff.timing)
        out.push_back({{"id", t.id},
                       {"title", t.title},
                       {"requests_before", t.requests_before},
                       {"requests_after", t.requests_after},
                       {"ms_per_request_before", t.ms_per_request_before},
                       {"ms_per_request_after", t.ms_per_request_after}});
    return out;
}

}  // namespace

ordered_json diff_to_json(const RunDiff& diff) {
    ordered_json outcomes = ordered_json::array();
    for (const auto& o : diff.outcomes)
        outcomes.push_back({{"id", o.id},
                            {"title", o.title},
                            {"level", to_string(o.level)},
                            {"before", run::to_string(o.before)},
                            {"after", run::to_string(o.after)}});
    return {{"base", totals_json(diff.base)},
            {"new", totals_json(diff.next)},
            {"seeds_differ", diff.seeds_differ()},
            {"must_newly_failing", diff.must_newly_failing},
            {"outcomes", outcomes},
            {"only_in_base", refs_json(diff.only_in_base)},
            {"only_in_new", refs_json(diff.only_in_next)},
            {"new_failures", failures_json(diff.new_failures)},
            {"fixed_failures", failures_json(diff.fixed_failures)},
            {"observations", observations_json(diff.observations)},
            {"groups", groups_json(diff.groups)},
            {"timing", timing_json(diff)}};
}

void write_diff_json(const RunDiff& diff, std::ostream& out) {
    out << diff_to_json(diff).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

}  // namespace bds::report
