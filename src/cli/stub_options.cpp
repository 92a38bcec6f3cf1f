#include "cli/stub_options.hpp"

#include <charconv>

#include "cli/commands.hpp"

namespace bds::cli {

stub::Defect parse_defect(const std::string& option, const std::string& name) {
    if (name.empty()) return stub::Defect::None;
    if (const auto defect = stub::defect_from_name(name)) return *defect;
    std::string names;
    for (const auto& d : stub::defects()) names.append(names.empty() ? "" : ", ").append(d.name);
    throw ExitError{kUsage, option + ": unknown defect \"" + name + "\"; known: " + names};
}

CLI::Option* add_defect_rate(CLI::App& cmd, const std::string& name, double& rate, const std::string& help) {
    // CLI::Range includes its lowest value, and a defect shown on no request is no defect.
    const CLI::Validator above_zero(
        [](std::string& text) {
            double value = 0;
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
            return ec == std::errc{} && end == text.data() + text.size() && value > 0 && value <= 1
                       ? std::string()
                       : "expected a number above 0 and at most 1, found \"" + text + "\"";
        },
        "(0, 1]");
    return cmd.add_option(name, rate, help)->capture_default_str()->check(above_zero);
}

void require_defect_for_rate(const CLI::Option& rate_option, stub::Defect defect, const std::string& defect_option) {
    if (rate_option.count() > 0 && defect == stub::Defect::None)
        throw ExitError{kUsage, rate_option.get_name() +
                                    ": the fraction of requests a defect shows on needs the defect (" + defect_option +
                                    " NAME)"};
}

stub::Choices parse_choices(const std::string& choices, const std::vector<std::string>& choose,
                            const std::string& envelope, const std::string& collation) {
    stub::Choices out;
    try {
        stub::apply_choices(out, choices);
        for (const auto& item : choose) stub::apply_choices(out, item);
        if (!envelope.empty()) stub::apply_choices(out, "A-07=" + envelope);
        if (!collation.empty()) stub::apply_choices(out, "A-17=" + collation);
    } catch (const stub::ChoiceError& e) {
        throw ExitError{kUsage, "choices: " + e.message + " (see `conformance stub --list-choices`)"};
    }
    return out;
}

void print_choices(std::ostream& out) {
    for (const auto& c : stub::choice_table()) {
        out << c.id << "\t" << c.title << "\n";
        for (std::size_t i = 0; i < c.values.size(); ++i)
            out << "\t" << c.values[i] << (i == 0 ? " (default)" : "") << "\t" << c.meanings[i] << "\n";
    }
}

}  // namespace bds::cli
