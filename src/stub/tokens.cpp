#include "stub/tokens.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <array>
#include <stdexcept>

namespace bds::stub {
namespace {

std::string digest(const std::string& token) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> md{};
    unsigned int len = 0;
    if (EVP_Digest(token.data(), token.size(), md.data(), &len, EVP_sha256(), nullptr) != 1) throw std::runtime_error("SHA-256 failed");
    return std::string(reinterpret_cast<const char*>(md.data()), len);
}

std::string base64url(const unsigned char* data, std::size_t size) {
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::string out;
    for (std::size_t i = 0; i < size; i += 3) {
        const unsigned v = (data[i] << 16) | ((i + 1 < size ? data[i + 1] : 0) << 8) | (i + 2 < size ? data[i + 2] : 0);
        const std::size_t chars = i + 2 < size ? 4 : i + 1 < size ? 3 : 2;
        for (std::size_t c = 0; c < chars; ++c) out += kAlphabet[(v >> (18 - 6 * c)) & 63];
    }
    return out;
}

}  // namespace

TokenStore::TokenStore(std::chrono::seconds ttl, Clock clock, bool expire) : ttl_(ttl), clock_(std::move(clock)), expire_(expire) {}

std::string TokenStore::issue(const std::string& username) {
    std::array<unsigned char, 32> bytes{};
    if (RAND_bytes(bytes.data(), bytes.size()) != 1) throw std::runtime_error("no randomness for a token (OpenSSL RAND_bytes failed)");
    std::string token = base64url(bytes.data(), bytes.size());
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
    if (stored.size() != token.size() || CRYPTO_memcmp(stored.data(), token.data(), token.size()) != 0) return std::nullopt;
    if (expire_ && it->second.grant.expires <= clock_()) return std::nullopt;
    return it->second.grant;
}

}  // namespace bds::stub
