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

}  // namespace bds::test
