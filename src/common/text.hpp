#pragma once
/// Small text helpers every layer needs, defined once. src/common includes nothing of the harness: any file of
/// src/, suites/, tests/, fuzz/ or bench/ may include it.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

namespace bds {

/// A duration as the reports and options say it: "30 s", "2.5 s" (tenths, truncated).
std::string seconds_text(std::chrono::milliseconds d);

/// ASCII case-insensitive equality: SQL Server's default for names (RecordSelection's keywords and fields),
/// HTTP header and query parameter names. Bytes outside ASCII compare exactly.
bool iequals(std::string_view a, std::string_view b);

/// Where to cut `text` to at most `max_bytes` without splitting a UTF-8 sequence: `text.substr(0, cut)` ends on a
/// character boundary. `text.size()` when the text is no longer than `max_bytes`.
std::size_t utf8_cut(std::string_view text, std::size_t max_bytes);

/// Base-36 text of `n` (0-9 then lower-case a-z, never upper case), zeros in front to at least `width`
/// characters: the parts of the key prefixes the harness writes.
std::string base36(std::uint64_t n, std::size_t width);

/// `t` in UTC, formatted by std::strftime's `format` (e.g. "%Y-%m-%d %H:%M:%S.000", the seeds' LastUtcRun form).
std::string utc_formatted(std::chrono::system_clock::time_point t, const char* format);

/// What the exception in `ep` says (its what()), or `otherwise` when it is not a std::exception.
std::string exception_text(std::exception_ptr ep, std::string_view otherwise);

}  // namespace bds
