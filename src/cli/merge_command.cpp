// `conformance merge REPORT.json... [--report FORMAT=FILE]... [--baseline F] [--history FILE]`: the JSON reports of
// shards joined into one run, written in any format, gated like a run.
#include <memory>

#include "check/check.hpp"
#include "cli/commands.hpp"
#include "cli/run_output.hpp"
#include "run/merge.hpp"
#include "suites/registry.hpp"

namespace bds::cli {

void add_merge_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("merge", "Join the JSON reports of sharded runs into one and write its reports");
    struct Args {
        std::vector<std::string> inputs, reports;
        std::string baseline, history;
    };
    auto a = std::make_shared<Args>();
    cmd->add_option("reports", a->inputs, "JSON reports of `conformance run --shard k/n --report json=F`")->required();
    cmd->add_option("--report", a->reports,
                    "FORMAT=FILE, repeatable (formats: html, json, junit, md; with --baseline also diff-md, diff-html, "
                    "diff-json)");
    cmd->add_option("--baseline", a->baseline,
                    "A previous JSON report: exit 1 only for MUST failures it does not have");
    cmd->add_option("--history", a->history,
                    "Append the merged run to this history file (as `conformance run --history FILE` does)");
    cmd->callback([a] {
        const auto reports = parse_report_specs(a->reports, true);
        // A JSON report holds only the exchanges of findings and observations: each shard's run writes its HAR.
        refuse_har(reports,
                   "merge has only the exchanges of findings, not every request; write a HAR file with each shard's "
                   "run (conformance run --shard k/n --report har=FILE)");
        const auto baseline = load_baseline(a->baseline);
        const auto baseline_run = baseline_run_for_diffs(reports, a->baseline);
        prepare_history_file(a->history);
        std::vector<run::RunResult> runs;
        for (const auto& file : a->inputs) runs.push_back(read_report_file(file, "merge"));
        std::vector<std::string> order;
        for (const auto& c : all_checks()) order.push_back(c.id);
        run::RunResult merged;
        try {
            merged = run::merge_runs(runs, order);
        } catch (const std::runtime_error& e) {
            throw ExitError{kUsage, e.what()};
        }
        if (baseline) merged.baseline = run::compare_with(merged, *baseline);
        const bool recorded = record_in_history(a->history, merged);
        finish_recorded(merged, reports, std::nullopt, baseline_run, recorded);
    });
}

}  // namespace bds::cli
