#pragma once
/// Running the connector under test: a command line with placeholders, in its own working directory and process
/// group, its output kept (bounded), ended by the harness when it outlives its time or is told to stop.
#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bds::certify {

/// `{name}` in any argument is replaced by values.at(name) (several in one argument too); other braces stay.
std::vector<std::string> expand_placeholders(const std::vector<std::string>& command,
                                             const std::map<std::string, std::string>& values);

/// The program `name` as an absolute path: a name with a slash from the current directory, another looked up in PATH.
/// std::invalid_argument saying why when there is no such executable file. (The connector runs in a directory of
/// its own, where a relative path would not find it.)
std::string resolve_program(const std::string& name);

/// Whether any argument of `command` holds `{name}`.
bool uses_placeholder(const std::vector<std::string>& command, const std::string& name);

struct ProcessLimits {
    std::chrono::milliseconds time{std::chrono::minutes(5)};  ///< from start to end
    std::size_t max_output = 1 << 20;  ///< bytes of stdout and of stderr kept (the rest is read and dropped)
};

/// How the connector ended and what it printed.
struct ProcessResult {
    bool started = false;
    std::string start_error;                   ///< why it could not start (no such program, not executable)
    std::optional<int> exit_code;              ///< it exited by itself with this status
    std::optional<int> signal;                 ///< it died of this signal (by itself, or when the harness ended it)
    std::string ended_by_harness;              ///< why the harness ended it ("did not end within 300 s"), or empty
    std::string out, err;                      ///< stdout and stderr, at most max_output bytes each
    std::size_t out_bytes = 0, err_bytes = 0;  ///< as many as it wrote
    double seconds = 0;

    /// It exited by itself with status 0: the only way a command reports success.
    bool succeeded() const { return exit_code && *exit_code == 0 && ended_by_harness.empty(); }
    /// "exit 0 after 1.2 s", "killed: did not end within 300 s", "could not start: …".
    std::string summary() const;
};

/// Runs `argv` (argv[0] looked up in PATH) in `cwd` with stdin from /dev/null, in a new process group, until it
/// ends, limits.time passes, or `stop` returns a reason (polled every 50 ms); then SIGTERM to the group and, after
/// a second, SIGKILL. Every process of the group is killed once it ends, so a child left behind cannot outlive it.
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& cwd, const ProcessLimits& limits,
                          const std::function<std::optional<std::string>()>& stop = {});

}  // namespace bds::certify
