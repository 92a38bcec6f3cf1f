// The run history as JSON (history_view.hpp; reports/history.schema.json describes it).
#include <nlohmann/json.hpp>

#include "history/history_view.hpp"
#include "report/reporters.hpp"

namespace bds::history {
namespace {

using nlohmann::ordered_json;

ordered_json hist_index(const std::optional<std::size_t>& index, const HistoryView& view) {
    return index ? ordered_json(view.runs[*index].id) : ordered_json(nullptr);
}

ordered_json tracks_json(const std::vector<Track>& tracks, const HistoryView& view) {
    ordered_json out = ordered_json::array();
    for (const auto& t : tracks) {
        ordered_json cells = ordered_json::array();
        for (const auto& c : t.cells)
            cells.push_back(c ? ordered_json{{"outcome", std::string(run::to_string(c->outcome))}, {"flaky", c->flaky}}
                              : ordered_json(nullptr));
        const auto rate = t.pass_rate();
        out.push_back({{"id", report::valid_utf8(t.id)},
                       {"text", report::valid_utf8(t.text)},
                       {"level", t.level},
                       {"flaky", t.flaky},
                       {"passed", t.passed},
                       {"decided", t.decided},
                       {"pass_rate", rate ? ordered_json(*rate) : ordered_json(nullptr)},
                       {"first_failed_run", hist_index(t.first_failed, view)},
                       {"runs", cells}});
    }
    return out;
}

}  // namespace

void write_history_json(const HistoryView& view, std::ostream& out) {
    ordered_json runs = ordered_json::array(), behaviour = ordered_json::array(), timing = ordered_json::array();
    for (const auto& r : view.runs)
        runs.push_back({{"id", r.id},
                        {"started_at", r.started_at},
                        {"target", report::valid_utf8(r.target)},
                        {"release", report::valid_utf8(r.release)},
                        {"harness_version", r.harness_version},
                        {"seed", r.seed},
                        {"cases", r.cases},
                        {"verdict", r.verdict},
                        {"requests", r.requests},
                        {"duration_ms", r.duration_ms},
                        {"reruns", r.reruns}});
    for (const auto& b : view.behaviour)
        behaviour.push_back(
            {{"check", b.check},
             {"text", report::valid_utf8(b.text)},
             {"first_run", view.runs[b.first].id},
             {"last_run", view.runs[b.last].id},
             {"seen", b.seen},
             {"change", report::valid_utf8(b.change)},
             {"changed_at_run", b.changed_at ? ordered_json(view.runs[*b.changed_at].id) : ordered_json(nullptr)}});
    for (const auto& t : view.timing) {
        ordered_json values = ordered_json::array();
        for (const auto& ms : t.ms_per_request) values.push_back(ms ? ordered_json(*ms) : ordered_json(nullptr));
        timing.push_back({{"suite", t.suite}, {"ms_per_request", values}});
    }
    out << ordered_json{{"file", report::valid_utf8(view.file)},
                        {"runs", runs},
                        {"statements", tracks_json(view.statements, view)},
                        {"checks", tracks_json(view.checks, view)},
                        {"behaviour", behaviour},
                        {"timing", timing}}
               .dump(2)
        << "\n";
}

}  // namespace bds::history
