#pragma once
/// Files written whole or not at all (the reports: docs/verdict-and-reports.md, "The verdict"). The text goes to a
/// temporary file beside the target, is flushed to disk, and is renamed over the target in one step: a reader sees the
/// old file or the new one, never a part of either, and a program killed at any moment leaves the last good file in
/// place. The temporary file is hidden (".NAME.tmp-…"), so that CI globs such as reports/*.xml never take it for a
/// report.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace bds {

/// Writes `text` to `path` whole, as above. Throws std::runtime_error ("cannot write PATH: why") and leaves `path`
/// as it was, and no temporary file, when any step fails (no such folder, no permission, a full disk, a folder in
/// the way).
void write_whole_file(const std::filesystem::path& path, std::string_view text);

/// Why write_whole_file(`path`, …) would fail now, found by making and removing a temporary file beside it, or
/// nothing; `path` itself is not touched.
std::optional<std::string> cannot_write(const std::filesystem::path& path);

}  // namespace bds
