#pragma once
/// JSON text from outside (a server under test, a client of the stub) read within limits: its nesting is counted
/// before it is parsed, because a parsed value 100,000 arrays deep overflows the stack when it is copied, printed
/// or destroyed (all recursive).
#include <nlohmann/json.hpp>

#include <string_view>

namespace bds {

/// The deepest nesting the harness reads in a server's answer; deeper is unreadable, and said so.
inline constexpr int kMaxJsonDepth = 64;

/// The depth of nesting of arrays and objects in a JSON text, counted without parsing it (strings skipped); stops
/// counting past `stop_at`.
int json_depth(std::string_view text, int stop_at = 1 << 30);

/// `text` parsed, or a discarded value (is_discarded()) when it is no JSON or nests deeper than `max_depth`.
nlohmann::json parse_bounded(std::string_view text, int max_depth = kMaxJsonDepth);

}  // namespace bds
