#pragma once
/// Bearer tokens: random (OpenSSL), expiring, compared in constant time.
#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace bds::stub {

using Clock = std::function<std::chrono::system_clock::time_point()>;

/// What a valid token stands for.
struct TokenGrant {
    std::string username;
    std::chrono::system_clock::time_point expires;
};

class TokenStore {
public:
    /// `expire` false: tokens are never dropped nor refused for their age (the expired-token-accepted defect).
    TokenStore(std::chrono::seconds ttl, Clock clock, bool expire = true);

    /// A new token for `username`: 32 random bytes, base64url, no padding.
    std::string issue(const std::string& username);
    /// The grant of a token that exists and has not expired.
    std::optional<TokenGrant> check(const std::string& token);
    std::chrono::seconds ttl() const { return ttl_; }

private:
    std::chrono::seconds ttl_;
    Clock clock_;
    bool expire_;
    std::mutex mutex_;
    // Keyed by the SHA-256 of the token, so the lookup's timing says nothing about the token itself; the
    // token is then compared in constant time.
    struct Entry {
        std::string token;
        TokenGrant grant;
    };
    std::unordered_map<std::string, Entry> by_digest_;
};

}  // namespace bds::stub
