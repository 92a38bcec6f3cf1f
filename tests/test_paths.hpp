#pragma once
// Where the tests find the project's files, the seeds and the built program.
#include <filesystem>
#include <string>

namespace bds::test {

/// The project's source directory.
std::filesystem::path source_dir();
/// ../shared/seeds beside the project (override with BDS_SEEDS_DIR).
std::filesystem::path seeds_dir();
/// The `conformance` executable under test.
std::filesystem::path conformance_exe();
/// A file's whole text; fails the calling test (throws) if it cannot be read.
std::string read_text(const std::filesystem::path& path);

/// The exit code of a `conformance` process and what it printed.
struct ProcessResult {
    int code;
    std::string out;
};
/// Runs `conformance <args>` (a shell command line); `out` is its stdout, with stderr too when `with_stderr`.
ProcessResult run_conformance(const std::string& args, bool with_stderr);

}  // namespace bds::test
