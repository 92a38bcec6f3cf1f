#pragma once
/// A whole-number option with a default and a range, as most of the commands' limits are (--jobs, --cases,
/// --max-time …): its --help shows both, and a value outside the range is a usage error naming the option.
#include <CLI/CLI.hpp>

#include <string>

namespace bds::cli {

/// Adds `name` to `cmd`, bound to `value`, accepting `lowest` to `highest`.
template <class Number>
CLI::Option* add_bounded(CLI::App& cmd, const std::string& name, Number& value, const std::string& help, Number lowest,
                         Number highest) {
    return cmd.add_option(name, value, help)->capture_default_str()->check(CLI::Range(lowest, highest));
}

}  // namespace bds::cli
