#pragma once
/// What `conformance run` and `conformance merge` share at their end: the --report files, the --baseline, the
/// summary on stdout, and the exit code of the gate.
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "run/baseline.hpp"
#include "run/result.hpp"

namespace bds::cli {

/// (format, file) pairs from "FORMAT=FILE" texts; ExitError (usage) for a malformed one or an unknown format.
/// `with_diffs`: also the kinds that compare the run with its --baseline, "diff-md", "diff-html", "diff-json".
std::vector<std::pair<std::string, std::string>> parse_report_specs(const std::vector<std::string>& specs,
                                                                    bool with_diffs = false);

/// (format, file) pairs of a command that writes one result in several formats (`diff`, `history`): "md" to stdout
/// when none is given, a file "-" for stdout; ExitError (usage) naming `command` for a malformed spec, a format not
/// in `formats`, or a file that cannot be written.
std::vector<std::pair<std::string, std::string>> output_specs(const std::string& command,
                                                              const std::vector<std::string>& specs,
                                                              const std::vector<std::string>& formats);

/// Writes each output with `write(format, stream)` (files whole or not at all); false when one could not be
/// written (said on stderr).
bool write_outputs(const std::string& command, const std::vector<std::pair<std::string, std::string>>& outputs,
                   const std::function<void(const std::string& format, std::ostream& out)>& write);

/// The run a JSON report file holds; ExitError (usage) saying which file and why ("`what`: F is not JSON", or
/// where in it the report is wrong, a JSON pointer) when it is not one.
run::RunResult read_report_file(const std::string& file, const std::string& what);

/// The run of --baseline `file`, read back whole when `reports` asks for a diff-* kind; ExitError (usage) when one
/// is asked without a baseline.
std::optional<run::RunResult> baseline_run_for_diffs(const std::vector<std::pair<std::string, std::string>>& reports,
                                                     const std::string& file);

/// ExitError (usage) naming `why` when `reports` asks for a HAR (`har=FILE`): only `conformance run` keeps every
/// exchange; another command would write a HAR that passes for a whole run's but is not.
void refuse_har(const std::vector<std::pair<std::string, std::string>>& reports, const std::string& why);

/// The baseline of --baseline FILE, or nullopt for ""; ExitError (usage) when it cannot be read.
std::optional<run::Baseline> load_baseline(const std::string& file);

/// The table of suites with their counts, each failure and error, the baseline comparison, the notes, and a
/// last line with the totals.
void print_summary(const run::RunResult& run, std::ostream& out);

/// Writes the reports (each whole or not at all), prints the summary, and throws ExitError: `exit_code` with `why`
/// when given (a run that could not begin), else 1 when the gate fails, 4 when the run is incomplete, 128 + the
/// signal's number when it was interrupted, 2 when it passed but a report could not be written. The diff-* reports
/// compare `run` with `baseline_run` (baseline_run_for_diffs).
void finish(const run::RunResult& run, const std::vector<std::pair<std::string, std::string>>& reports,
            std::optional<std::pair<int, std::string>> exit_with = std::nullopt,
            const std::optional<run::RunResult>& baseline_run = std::nullopt);

/// Refuses a --history file that is no history (or of a newer schema) before a run spends its time: ExitError
/// (usage). Creates the file when missing. Nothing for "".
void prepare_history_file(const std::string& file);

/// Appends `result` to --history `file` (nothing for ""); false, said on stderr and in the run's notes, when it
/// could not.
bool record_in_history(const std::string& file, run::RunResult& result);

/// finish(), and exit code 2 for a run that passed but could not be appended to its history (as for a report that
/// could not be written).
void finish_recorded(const run::RunResult& result, const std::vector<std::pair<std::string, std::string>>& reports,
                     std::optional<std::pair<int, std::string>> exit_with,
                     const std::optional<run::RunResult>& baseline_run, bool recorded);

}  // namespace bds::cli
