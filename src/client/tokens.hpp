#pragma once
/// Tokens for the target file's users (000 §5, A-01, A-03): obtained with the OAuth 2.0 password grant,
/// cached per role, renewed before they expire (from expires_in) and on demand after a 401. Thread-safe.
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>

#include "client/http_client.hpp"
#include "client/target.hpp"

namespace bds::client {

/// No token could be obtained: the exchange says what the token endpoint answered.
class TokenError : public std::runtime_error {
public:
    TokenError(const std::string& message, Exchange exchange)
        : std::runtime_error(message), exchange_(std::move(exchange)) {}
    const Exchange& exchange() const { return exchange_; }

private:
    Exchange exchange_;
};

/// What the token endpoint gave.
struct IssuedToken {
    std::string access_token;
    std::optional<int> expires_in;  ///< seconds, when the response says
    Exchange exchange;
};

/// POSTs the password grant for `user` (plus the target's extra form fields) and reads the RFC 6749 §5.1
/// answer. Throws TokenError when no 200 with a string access_token comes.
IssuedToken request_token(HttpClient& http, const TargetConfig& target, const UserCredentials& user);

class TokenSource {
public:
    using Clock = std::function<std::chrono::steady_clock::time_point()>;
    /// `http` sends the token requests (guarded by the source's lock).
    TokenSource(
        const TargetConfig& target, std::unique_ptr<HttpClient> http,
        Clock clock = [] { return std::chrono::steady_clock::now(); });

    /// A valid token for `role`: the cached one unless it expires within its renewal margin (a fifth of its
    /// life, at least 1 s and three times the run's recent answer time, at most half its life). A token without
    /// expires_in lives as long as the latest refused one did. Throws TokenError; std::out_of_range if the target file
    /// has no such role.
    std::string token(const std::string& role);
    /// Forgets the cached token of `role` (after a 401 answered to it), so the next token() asks anew; a token without
    /// expires_in tells by its age how long tokens live.
    void invalidate(const std::string& role, const std::string& token);
    /// Tokens issued so far.
    int issued() const;
    /// Token requests sent so far, those that gave no token too.
    long requests_sent() const;

private:
    struct Cached {
        std::string token;
        std::chrono::steady_clock::time_point issued_at;
        std::optional<std::chrono::steady_clock::duration> life;  ///< from expires_in
    };
    /// The token endpoint's answer for `user`; a request that timed out is sent again after 1 s, then 2 s.
    IssuedToken issue(const UserCredentials& user);
    static constexpr int kTimeoutRetries = 2;
    /// How long before its end a token of `life` is renewed.
    std::chrono::steady_clock::duration margin(std::chrono::steady_clock::duration life) const;
    const TargetConfig& target_;
    std::unique_ptr<HttpClient> http_;
    Clock clock_;
    mutable std::mutex mutex_;
    std::map<std::string, Cached> cache_;
    std::optional<std::chrono::steady_clock::duration> observed_life_;  ///< the life the latest 401 showed
    int issued_ = 0;
};

}  // namespace bds::client
