// `conformance coverage [--report FORMAT=FILE]... [--quiet]`: the requirement map. Exits 1 while a statement of the
// seeds is held by nothing (no check, no assumption row, no written reason), a stated rule a check judges is broken by
// no defect and says not why, or a source names an unknown statement.
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/run_output.hpp"
#include "common/whole_file.hpp"
#include "coverage/coverage_report.hpp"

namespace bds::cli {

void add_coverage_command(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "coverage",
        "Print which check judges each statement of the seeds (or which assumption interprets it, or "
        "why it is not judged); exit 1 when one is held by nothing");
    struct Args {
        std::vector<std::string> reports;
        bool quiet = false;
    };
    auto a = std::make_shared<Args>();
    cmd->add_option("--report", a->reports, "FORMAT=FILE, repeatable (formats: md, json, html)");
    cmd->add_flag("--quiet", a->quiet, "Print only the counts and the problems, not a line per statement");
    cmd->callback([a] {
        const auto reports = parse_report_specs(a->reports);
        const auto matrix = coverage::build(coverage::builtin_sources());
        for (const auto& [format, file] : reports) {
            std::ostringstream text;
            if (format == "md")
                coverage::write_markdown(matrix, text);
            else if (format == "json")
                text << coverage::to_json(matrix).dump(2) << '\n';
            else if (format == "html")
                coverage::write_html(matrix, text);
            else
                throw ExitError{kUsage, "coverage: --report " + format + ": the formats are md, json and html"};
            try {
                write_whole_file(file, text.str());
            } catch (const std::runtime_error& e) {
                throw ExitError{kUsage, std::string("coverage: ") + e.what()};
            }
        }
        std::ostringstream table;
        coverage::write_console(matrix, table);
        std::string text = table.str();
        if (a->quiet) text = text.substr(text.find("\n\n") + 2);
        std::cout << text;
        if (!matrix.complete())
            throw ExitError{kFailure, "coverage: " + std::to_string(matrix.count(coverage::Status::Untraced)) +
                                          " statements held by nothing, " + std::to_string(matrix.unproved()) +
                                          " stated rules judged but proved by no defect, " +
                                          std::to_string(matrix.problems.size()) + " problems"};
    });
}

}  // namespace bds::cli
