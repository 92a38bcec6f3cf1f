// `conformance list`: the table of every check.
#include <iomanip>
#include <iostream>
#include <memory>

#include "certify/connector_check.hpp"
#include "certify/scenario.hpp"
#include "check/check.hpp"
#include "cli/commands.hpp"
#include "suites/registry.hpp"

namespace bds::cli {
namespace {

/// `text` padded to `width` characters, not bytes: spec references hold "§".
std::string padded(const std::string& text, std::size_t width) {
    std::size_t chars = 0;
    for (unsigned char ch : text) chars += (ch & 0xC0) != 0x80;
    return text + std::string(chars < width ? width - chars : 1, ' ');
}

/// A line per check, server's or connector's alike (one row type, check/check.hpp): id, level, spec reference, title.
template <class Judged>
void print_checks(const std::vector<BasicCheck<Judged>>& checks) {
    for (const auto& c : checks)
        std::cout << padded(c.id, 9) << padded(std::string(to_string(c.level)), 8) << padded(c.spec, 30) << c.title
                  << "\n";
}

}  // namespace

void add_list_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("list", "Print every check: id, level, spec reference, title");
    auto suites = std::make_shared<std::vector<std::string>>(), ids = std::make_shared<std::vector<std::string>>();
    cmd->add_option("--suite", *suites, "Only these suites (comma-separated)")->delimiter(',');
    cmd->add_option("--check", *ids, "Only these check ids or id prefixes (comma-separated)")->delimiter(',');
    auto connector = std::make_shared<bool>(false);
    cmd->add_flag("--connector", *connector, "The connector checks and scenarios of `conformance certify` instead");
    cmd->callback([suites, ids, connector] {
        if (*connector) {
            std::vector<certify::ConnectorCheck> checks;
            try {
                checks = certify::select_connector_checks(suites::connector_checks(), *ids);
            } catch (const std::invalid_argument& e) {
                throw ExitError{kUsage, std::string("--check: ") + e.what()};
            }
            print_checks(checks);
            std::cout << checks.size() << " connector checks\n\nscenarios (conformance certify --scenario NAME):\n";
            for (const auto& s : certify::scenarios())
                std::cout << "  " << padded(s.name, 25) << padded(std::string(to_string(s.mode)), 6) << s.description
                          << "\n";
            return;
        }
        std::vector<Check> checks;
        try {
            checks = select_checks(all_checks(), *suites, *ids);
        } catch (const std::invalid_argument& e) {
            throw ExitError{kUsage, std::string("--suite/--check: ") + e.what()};
        }
        print_checks(checks);
        std::cout << checks.size() << " checks\n";
    });
}

}  // namespace bds::cli
