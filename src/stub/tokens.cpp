#include "stub/tokens.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <array>
#include <stdexcept>

#include "stub/base64.hpp"

namespace bds::stub {
namespace {

std::string digest(const std::string& token) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> md{};
    unsigned int len = 0;
    if (EVP_Digest(token.data(), token.size(), md.data(), &len, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 failed");
    return std::string(reinterpret_cast<const char*>(md.data()), len);
}

}  // namespace

TokenStore::TokenStore(std::chrono::seconds ttl, Clock clock, bool expire)
    : ttl_(ttl), clock_(std::move(clock)), expire_(expire) {}

std::string TokenStore::issue(const std::string& username) {
    std::array<unsigned char, 32> bytes{};
    if (RAND_bytes(bytes.data(), bytes.size()) != 1)
        throw std::runtime_error("no randomness for a token (OpenSSL RAND_bytes failed)");
    std::string token = to_base64({reinterpret_cast<const char*>(bytes.data()), bytes.size()}, Base64::Url);
    std::lock_guard lock(mutex_);
    const auto now = clock_();
    // Drop expired tokens as we go, so a long-running stub does not grow without bound.
    if (expire_) std::erase_if(by_digest_, [&](const auto& kv) { return kv.second.grant.expires <= now; });
    by_digest_[digest(token)] = {token, {username, now + ttl_}};
    return token;
}

std::optional<TokenGrant> TokenStore::check(const std::string& token) {
    const std::string key = digest(token);
    std::lock_guard lock(mutex_);
    const auto it = by_digest_.find(key);
    if (it == by_digest_.end()) return std::nullopt;
    const auto& stored = it->second.token;
    if (stored.size() != token.size() || CRYPTO_memcmp(stored.data(), token.data(), token.size()) != 0)
        return std::nullopt;
    if (expire_ && it->second.grant.expires <= clock_()) return std::nullopt;
    return it->second.grant;
}

}  // namespace bds::stub
