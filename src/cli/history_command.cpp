// `conformance history FILE [--report FORMAT=FILE]... [--target T] [--since D] [--last N]`: the runs a history file
// holds (`conformance run --history FILE`) as one picture: pass rates, flaky rules, behaviour and time over the runs.
#include <iostream>
#include <memory>

#include "cli/bounded_option.hpp"
#include "cli/commands.hpp"
#include "cli/run_output.hpp"
#include "history/history_store.hpp"

namespace bds::cli {
namespace {

struct HistoryArgs {
    std::string file;
    std::vector<std::string> reports;
    history::Filter filter;
};

void write_history(const history::HistoryView& view, const std::string& format, std::ostream& out) {
    if (format == "html")
        history::write_history_html(view, out);
    else if (format == "json")
        history::write_history_json(view, out);
    else
        history::write_history_markdown(view, out);
}

}  // namespace

void add_history_command(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "history", "The runs a history file holds (`run --history FILE`): pass rates, flaky rules, behaviour and time");
    auto a = std::make_shared<HistoryArgs>();
    cmd->add_option("file", a->file, "The history file (SQLite) that `conformance run --history FILE` appends to")
        ->required();
    cmd->add_option("--report", a->reports,
                    "FORMAT=FILE, repeatable (formats: md, html, json; FILE - for stdout); default: md to stdout");
    cmd->add_option("--target", a->filter.target, "Only the runs of this base URL or release label");
    cmd->add_option("--since", a->filter.since,
                    "Only the runs started at or after this UTC date or time (2026-11-27, 2026-11-27T08:00:00Z)");
    add_bounded(*cmd, "--last", a->filter.last, "Only the last N runs (of those the other filters keep); 0: all", 0,
                1000000);
    cmd->footer("Exit codes: 0 written; 2 usage error, or a file that is no history (which, and why).");
    cmd->callback([a] {
        const auto outputs = output_specs("history", a->reports, {"html", "json", "md"});
        history::HistoryView view;
        try {
            view = history::read_history(a->file, a->filter);
        } catch (const std::runtime_error& e) {  // HistoryError, and SQLite's own
            throw ExitError{kUsage, std::string("history: ") + e.what()};
        }
        const bool written = write_outputs("history", outputs, [&view](const std::string& format, std::ostream& out) {
            write_history(view, format, out);
        });
        if (!written) throw ExitError{kUsage, "a history report could not be written (see above)"};
    });
}

}  // namespace bds::cli
