#include "cli/stub_options.hpp"

#include "cli/commands.hpp"

namespace bds::cli {

stub::Defect parse_defect(const std::string& option, const std::string& name) {
    if (name.empty()) return stub::Defect::None;
    if (const auto defect = stub::defect_from_name(name)) return *defect;
    std::string names;
    for (const auto& d : stub::defects()) names.append(names.empty() ? "" : ", ").append(d.name);
    throw ExitError{kUsage, option + ": unknown defect \"" + name + "\"; known: " + names};
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
