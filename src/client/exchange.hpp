#pragma once
/// One HTTP request and its response, as a finding shows it. Secrets are redacted when an exchange is made
/// (the bearer token, the token request's password, the issued access_token), so nothing that holds an
/// Exchange can leak them into a report.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace bds::client {

using Headers = std::vector<std::pair<std::string, std::string>>;

struct Exchange {
    std::string method{};
    std::string url{};           ///< full URL with the query string
    Headers request_headers{};   ///< as sent, Authorization redacted
    std::string request_body{};  ///< as sent, passwords redacted, cut after kMaxShownBody bytes
    int status = 0;              ///< 0: no HTTP response (see `error`)
    Headers response_headers{};
    std::string response_body{};  ///< access_token redacted, cut after kMaxShownBody bytes
    std::string error{};          ///< transport error ("connection refused", "timeout after 10000 ms"), or empty
    double duration_ms = 0;
    /// Its number among the run's requests (1-based, in the order they were sent), which is its entry in the run's
    /// HAR report; 0: none (the run kept no log of its exchanges, or the request was never sent).
    std::uint64_t serial = 0;

    /// A shell line that repeats the request, with `$TOKEN` in place of the bearer token.
    std::string curl() const;
    /// "GET /api/resources/CliFor?PageSize=5 → 200" (or "→ connection refused").
    std::string summary() const;
};

/// A 2xx status: the target accepted the request (0, no response at all, is not one).
constexpr bool is_success(int status) { return status >= 200 && status < 300; }

/// Bodies longer than this are shown cut, with a note of their full length (`--record DIR` keeps them whole).
inline constexpr std::size_t kMaxShownBody = 4 * 1024;

/// Redacts secrets in a header value ("Bearer abc" → "Bearer <redacted>"), a form body (password=…) or a
/// JSON body ("access_token": "…", "password": "…").
std::string redact_header(const std::string& name, const std::string& value);
std::string redact_body(const std::string& body);

/// The body cut to `max` bytes (on a UTF-8 boundary) with a note of the full length, and bytes that are not UTF-8
/// shown as \xNN (valid UTF-8 stays text): servers under test (and robustness checks) send such bytes, and
/// reports are JSON, which must stay valid.
std::string shown_body(const std::string& body, std::size_t max = kMaxShownBody);

/// shown_body(redact_body(body)) without copying a large body whole: only the part shown is redacted, cut after
/// redaction (a secret whose value the cut ends is redacted to its end, never shown in part).
std::string shown_redacted(const std::string& body, std::size_t max = kMaxShownBody);

/// `text` with every byte that is not part of valid UTF-8 written as \xNN.
std::string escape_invalid_utf8(const std::string& text);

}  // namespace bds::client
