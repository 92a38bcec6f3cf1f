#pragma once
/// The stub's choices and defects as the command line gives them (`stub`, `run --stub-…`, `selfcheck`).
#include <CLI/CLI.hpp>

#include <ostream>
#include <string>
#include <vector>

#include "stub/variation/choices.hpp"
#include "stub/variation/defects.hpp"

namespace bds::cli {

/// The defect named `name` ("" and "none": none); ExitError(kUsage) naming the known ones otherwise.
stub::Defect parse_defect(const std::string& option, const std::string& name);

/// Adds `name` (--defect-rate, --stub-defect-rate) to `cmd`, bound to `rate`: the fraction of requests the defect shows
/// on (StubOptions::defect_rate), a number above 0 and at most 1 (else a usage error naming the option).
CLI::Option* add_defect_rate(CLI::App& cmd, const std::string& name, double& rate, const std::string& help);

/// ExitError(kUsage) when `rate_option` was given (`rate` set) without a defect: a rate is of the defect it shows.
void require_defect_for_rate(const CLI::Option& rate_option, stub::Defect defect, const std::string& defect_option);

/// `choices` ("random:SEED" or "") then each `choose` item ("A-08=5000") then the shorthands when
/// given; ExitError(kUsage) saying what is wrong.
stub::Choices parse_choices(const std::string& choices, const std::vector<std::string>& choose,
                            const std::string& envelope = "", const std::string& collation = "");

/// Every choice with its values and what each does (`--list-choices`).
void print_choices(std::ostream& out);

}  // namespace bds::cli
