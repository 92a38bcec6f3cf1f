// `conformance diff BASE.json NEW.json [--report FORMAT=FILE]... [--timing-threshold R]`: two runs' JSON reports
// compared (report/run_diff.hpp), written as Markdown, HTML or JSON; exit 1 when a MUST check newly fails.
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/run_output.hpp"
#include "common/whole_file.hpp"
#include "report/run_diff.hpp"
#include "run/baseline.hpp"

namespace bds::cli {
namespace {

struct DiffArgs {
    std::string base, next;
    std::vector<std::string> reports;
    double timing_threshold = report::DiffOptions{}.timing_ratio;
};

}  // namespace

void add_diff_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("diff", "Compare two runs' JSON reports: outcomes, failures, observations, timing");
    auto a = std::make_shared<DiffArgs>();
    cmd->add_option("base", a->base, "The earlier run's JSON report (`conformance run --report json=F`)")->required();
    cmd->add_option("new", a->next, "The later run's JSON report")->required();
    cmd->add_option("--report", a->reports,
                    "FORMAT=FILE, repeatable (formats: md, html, json; FILE - for stdout); default: md to stdout");
    cmd->add_option("--timing-threshold", a->timing_threshold,
                    "List a check's time per request when it moved by this factor (and 2 ms, both runs 20 requests "
                    "or more); 0 compares no timing")
        ->capture_default_str()
        ->check(CLI::NonNegativeNumber);
    cmd->footer(
        "Exit codes: 0 no MUST check newly fails; 1 a MUST check fails in NEW that did not in BASE, or fails in a new "
        "way; 2 usage error, or a file that is not a JSON report.");
    cmd->callback([a] {
        if (a->timing_threshold > 0 && a->timing_threshold < 1)
            throw ExitError{kUsage, "diff: --timing-threshold: 0, or a factor of 1 or more"};
        const auto outputs = output_specs("diff", a->reports, {"html", "json", "md"});
        const auto base = read_report_file(a->base, "diff");
        const auto next = read_report_file(a->next, "diff");
        report::DiffOptions options;
        options.timing_ratio = a->timing_threshold;
        options.base_label = a->base;
        options.next_label = a->next;
        const auto diff = report::diff_runs(base, next, options);
        const bool written = write_outputs("diff", outputs, [&diff](const std::string& format, std::ostream& out) {
            report::diff_writers().at(format)(diff, out);
        });
        if (!diff.must_newly_failing.empty())
            throw ExitError{kFailure, "MUST checks newly failing: " + run::id_list(diff.must_newly_failing)};
        if (!written) throw ExitError{kUsage, "a diff could not be written (see above)"};
    });
}

}  // namespace bds::cli
