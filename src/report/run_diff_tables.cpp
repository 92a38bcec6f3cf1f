// The diff's sections as plain-text tables (run_diff_tables.hpp); no escaping here, the writers do it.
#include "report/run_diff_tables.hpp"

#include <cstdio>

#include "run/baseline.hpp"

namespace bds::report {
namespace {

std::string decimals_text(double value, int decimals) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return buf;
}

std::string outcome(run::Outcome o) { return std::string(run::to_string(o)); }
std::string level(Level l) { return std::string(bds::to_string(l)); }
std::string or_dash(const std::string& text) { return text.empty() ? "—" : text; }

DiffTable totals_table(const RunDiff& d) {
    DiffTable t{.title = "Runs", .note = {}, .header = {"", d.base.label, d.next.label}, .rows = {}};
    auto row = [&](std::string name, std::string base, std::string next) {
        t.rows.push_back({std::move(name), std::move(base), std::move(next)});
    };
    row("target", d.base.target, d.next.target);
    row("started", d.base.started_at, d.next.started_at);
    row("harness", d.base.harness_version, d.next.harness_version);
    row("seed", std::to_string(d.base.seed), std::to_string(d.next.seed));
    row("verdict", d.base.verdict_text, d.next.verdict_text);
    row("checks", std::to_string(d.base.checks), std::to_string(d.next.checks));
    row("MUST failures", std::to_string(d.base.must_failures), std::to_string(d.next.must_failures));
    row("requests", std::to_string(d.base.requests), std::to_string(d.next.requests));
    row("records written", std::to_string(d.base.records_written), std::to_string(d.next.records_written));
    row("duration", decimals_text(d.base.duration_ms / 1000, 1) + " s",
        decimals_text(d.next.duration_ms / 1000, 1) + " s");
    return t;
}

DiffTable outcomes_table(const RunDiff& d) {
    DiffTable t{
        .title = "Outcomes changed", .note = {}, .header = {"check", "level", "title", "before", "after"}, .rows = {}};
    for (const auto& o : d.outcomes)
        t.rows.push_back({o.id, level(o.level), o.title, outcome(o.before), outcome(o.after)});
    return t;
}

DiffTable only_table(std::string title, const std::vector<CheckRef>& refs) {
    DiffTable t{.title = std::move(title), .note = {}, .header = {"check", "level", "title", "outcome"}, .rows = {}};
    for (const auto& r : refs) t.rows.push_back({r.id, level(r.level), r.title, outcome(r.outcome)});
    return t;
}

DiffTable failures_table(std::string title, std::string note, const std::vector<FailureChange>& failures) {
    DiffTable t{.title = std::move(title),
                .note = std::move(note),
                .header = {"check", "level", "expected", "got"},
                .rows = {}};
    for (const auto& f : failures) t.rows.push_back({f.id, level(f.level), f.expected, f.actual});
    return t;
}

std::string ids_text(const std::vector<std::string>& ids) {
    std::string out;
    for (const auto& id : ids) out += (out.empty() ? "" : ", ") + id;
    return or_dash(out);
}

DiffTable groups_table(const RunDiff& d) {
    DiffTable t{.title = "Behaviour changed, by cause",
                .note =
                    "Observations that changed alike: one value changed the same way, in any check; else "
                    "reworded, gone or new, by the rows of spec/assumptions.md they cite.",
                .header = {"group", "change", "observations", "checks", "assumptions"},
                .rows = {}};
    for (std::size_t i = 0; i < d.groups.size(); ++i) {
        const auto& g = d.groups[i];
        t.rows.push_back({std::to_string(i + 1), g.change.empty() ? to_string(g.kind) : g.change,
                          std::to_string(g.members.size()), ids_text(g.checks), ids_text(g.assumptions)});
    }
    return t;
}

DiffTable observations_table(const RunDiff& d) {
    DiffTable t{.title = "Behaviour changed (observations)",
                .note = d.seeds_differ()
                            ? "The runs' seeds differ: texts that describe generated cases (row counts, sampled "
                              "inputs) may differ with no behaviour change. Run both with one seed to compare "
                              "behaviour alone."
                            : "Texts as the runs wrote them, the run's key prefix as ~, with the rows of "
                              "spec/assumptions.md they cite; by group.",
                .header = {"group", "check", "assumptions", "before", "after"},
                .rows = {}};
    for (std::size_t i = 0; i < d.groups.size(); ++i)
        for (const auto m : d.groups[i].members) {
            const auto& o = d.observations[m];
            t.rows.push_back(
                {std::to_string(i + 1), o.id, ids_text(o.assumptions), or_dash(o.before), or_dash(o.after)});
        }
    return t;
}

DiffTable timing_table(const RunDiff& d) {
    DiffTable t{.title = "Time per request",
                .note = d.timing_compared ? "Moved beyond the noise: see DiffOptions in src/report/run_diff.hpp."
                                          : "Not compared (--timing-threshold 0).",
                .header = {"check", "title", "before", "after", "requests"},
                .rows = {}};
    for (const auto& m : d.timing)
        t.rows.push_back({m.id, m.title, decimals_text(m.ms_per_request_before, 2) + " ms",
                          decimals_text(m.ms_per_request_after, 2) + " ms",
                          std::to_string(m.requests_before) + " → " + std::to_string(m.requests_after)});
    return t;
}

}  // namespace

std::string diff_headline(const RunDiff& diff) {
    if (diff.must_newly_failing.empty()) return "no MUST check newly fails";
    return "MUST checks newly failing: " + run::id_list(diff.must_newly_failing);
}

std::vector<DiffTable> diff_tables(const RunDiff& diff) {
    std::vector<DiffTable> all{
        totals_table(diff),
        outcomes_table(diff),
        only_table("Only in " + diff.base.label, diff.only_in_base),
        only_table("Only in " + diff.next.label, diff.only_in_next),
        failures_table("New failures", "Ways of failing (the baseline's signatures) the base run did not have.",
                       diff.new_failures),
        failures_table("Fixed failures", "Ways of failing of the base run that the new run, judging the check, lacks.",
                       diff.fixed_failures),
        groups_table(diff),
        observations_table(diff),
        timing_table(diff)};
    std::vector<DiffTable> shown;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const bool timing_off = i + 1 == all.size() && !diff.timing_compared;
        if (i == 0 || !all[i].rows.empty() || timing_off) shown.push_back(std::move(all[i]));
    }
    return shown;
}

}  // namespace bds::report
