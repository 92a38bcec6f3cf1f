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
        // Columns padded by characters, not bytes: spec references hold "§".
        auto padded = [](const std::string& text, std::size_t width) {
            std::size_t chars = 0;
            for (unsigned char ch : text) chars += (ch & 0xC0) != 0x80;
            return text + std::string(chars < width ? width - chars : 1, ' ');
        };
        for (const auto& c : checks)
            std::cout << padded(c.id, 9) << padded(std::string(to_string(c.level)), 8) << padded(c.spec, 30) << c.title << "\n";
        std::cout << checks.size() << " checks\n";
    });
}

}  // namespace bds::cli
