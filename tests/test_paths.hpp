#pragma once
// Where the tests find the project's files, the seeds and the built program.
#include <filesystem>
#include <string>
#include <vector>

namespace bds::test {

/// The project's source directory.
std::filesystem::path source_dir();
/// Where the seed documents are: $BDS_SEEDS_DIR, or ../shared/seeds beside the project. They are the service
/// vendor's, not part of this repository.
std::filesystem::path seeds_dir();
/// Whether seeds_dir() holds the seed documents; the tests that read them skip themselves where it does not.
bool seeds_present();
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

/// A folder of its own under the system's temporary directory ("bds-NAME-PID-N"), removed when this goes, whatever
/// permissions a test left on it.
struct TempFolder {
    explicit TempFolder(const std::string& name);
    ~TempFolder();
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;
    /// Every name in the folder, sorted.
    std::vector<std::string> names() const;

    std::filesystem::path path;
};

}  // namespace bds::test
