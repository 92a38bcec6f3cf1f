#pragma once
/// What both selfchecks (the server matrices and the connector kill matrix) share: this program's path to run it
/// again, a pool running numbered jobs N at a time, and writing a matrix to its file.
#include <cstddef>
#include <functional>
#include <ostream>
#include <string>

namespace bds::cli {

/// This program's path (/proc/self/exe); ExitError (usage) when it cannot be found.
std::string self_executable();

/// Calls `job(i)` for every i below `count`, `threads` at a time; `job` returns a line of progress ("name: exit 0"),
/// shown on a terminal as "[i/count] line".
void run_pool(std::size_t count, int threads, const std::function<std::string(std::size_t)>& job);

/// Writes `path` (its folder made first) with `write`, whole or not at all; ExitError (usage) when it cannot be
/// written.
void write_file(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace bds::cli
