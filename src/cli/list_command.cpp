// `conformance list`: the table of every check.
#include <iomanip>
#include <iostream>

#include "check/check.hpp"
#include "cli/commands.hpp"

namespace bds::cli {

void add_list_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("list", "Print every check: id, level, spec reference, title");
    cmd->callback([] {
        const auto checks = all_checks();
        for (const auto& c : checks)
            std::cout << std::left << std::setw(10) << c.id << std::setw(9) << to_string(c.level) << std::setw(22) << c.spec << c.title << "\n";
        std::cout << checks.size() << " checks\n";
    });
}

}  // namespace bds::cli
