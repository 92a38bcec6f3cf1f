#pragma once
/// What `conformance run` prints while it runs: on a terminal one live line that fits its width
/// ("[done/total] suite id title  case n/N"); elsewhere (CI logs) a line as each suite ends.
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "run/runner.hpp"

namespace bds::cli {

class Progress {
public:
    /// `checks` in run order; `tty`: whether `out` is a terminal; `cases` per property.
    Progress(std::ostream& out, const std::vector<Check>& checks, bool tty, int cases);
    /// Hooks the runner's callbacks to this (which must outlive the run).
    void attach(run::RunOptions& options);

private:
    void line(const Check& check, const std::string& tail);
    void finished(const run::CheckResult& result);

    std::ostream& out_;
    bool tty_;
    int cases_;
    std::size_t total_, done_ = 0;
    std::map<std::string, int> left_;                           // suite → checks not finished
    std::map<std::string, std::map<std::string, int>> counts_;  // suite → outcome → n
};

/// The width of the terminal on stderr, or 80.
std::size_t terminal_width();

}  // namespace bds::cli
