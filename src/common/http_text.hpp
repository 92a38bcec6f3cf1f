#pragma once
/// Percent-encoding of query and form text, reason phrases, and Retry-After. cpp-httplib has the encoders only in its
/// `detail` namespace: this file is the one place that reaches in, so a library upgrade that moves them breaks here
/// alone.
#include <chrono>
#include <map>
#include <optional>
#include <string>

namespace bds {

/// `text` as one query parameter's value or name (RFC 3986: unreserved characters stay, the rest %XX).
std::string url_encoded(const std::string& text);

/// `text` with %XX and '+' decoded, as a query parameter's value is read.
std::string url_decoded(const std::string& text);

/// "a=1&b=x%20y" as its names and values, decoded; a name given twice is there twice.
std::multimap<std::string, std::string> query_params(const std::string& text);

/// The reason phrase of an HTTP status the harness answers with ("Not Found" for 404; "Internal Server Error" for one
/// it does not use).
const char* reason_phrase(int status);

/// A Retry-After of delta-seconds (RFC 9110 §10.2.3), at most 999,999 s (a larger one would overflow a clock's
/// duration); nothing for an HTTP-date or anything else, which each caller waits as it waits any other try.
std::optional<std::chrono::seconds> retry_after_seconds(const std::optional<std::string>& value);

}  // namespace bds
