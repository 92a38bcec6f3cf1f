#include "client/tokens.hpp"
#include "common/http_text.hpp"
#include "schema/json_limits.hpp"

#include <httplib.h>
#include <algorithm>
#include <nlohmann/json.hpp>

namespace bds::client {

IssuedToken request_token(HttpClient& http, const TargetConfig& target, const UserCredentials& user) {
    std::map<std::string, std::string> form{{"grant_type", "password"}};
    for (const auto& [k, v] : target.token_form) form[k] = v;
    form["username"] = user.username;
    form["password"] = user.password;
    std::string body;
    for (const auto& [k, v] : form) body += (body.empty() ? "" : "&") + url_encoded(k) + "=" + url_encoded(v);
    HttpResponse r = http.request("POST", target.token_path, {}, body, "application/x-www-form-urlencoded");
    if (r.transport_failed())
        throw TokenError("token request for user " + user.username + " failed: " + r.exchange.error, r.exchange);
    if (r.status != 200)
        throw TokenError("token request for user " + user.username + ": expected 200, got " + std::to_string(r.status),
                         r.exchange);
    const auto doc = parse_bounded(r.body);
    if (!doc.is_object() || !doc.contains("access_token") || !doc["access_token"].is_string() ||
        doc["access_token"].get<std::string>().empty())
        throw TokenError("token response for user " + user.username +
                             ": expected a JSON object with a string access_token (RFC 6749 §5.1)",
                         r.exchange);
    IssuedToken t{doc["access_token"].get<std::string>(), std::nullopt, r.exchange};
    if (http.limits()) http.limits()->add_secret(t.access_token);
    // It goes into an Authorization header: a CR/LF would add headers of the target's choosing to every request.
    if (const auto bad = std::find_if(t.access_token.begin(), t.access_token.end(),
                                      [](unsigned char c) { return c <= 0x20 || c >= 0x7f; });
        bad != t.access_token.end())
        throw TokenError("token response for user " + user.username +
                             ": the access_token has a character that cannot go in an Authorization " +
                             "header (byte " + std::to_string(static_cast<unsigned char>(*bad)) + " at offset " +
                             std::to_string(bad - t.access_token.begin()) +
                             "; RFC 6750 §2.1 allows visible ASCII only)",
                         r.exchange);
    if (doc.contains("expires_in")) {
        const auto& e = doc["expires_in"];
        if (e.is_number_integer() && e.get<long long>() > 0)
            t.expires_in = static_cast<int>(std::min<long long>(e.get<long long>(), 1 << 30));
        // RFC 6749 examples send a number, some servers a string
        else if (e.is_string() && !e.get<std::string>().empty() && e.get<std::string>().size() < 10 &&
                 e.get<std::string>().find_first_not_of("0123456789") == std::string::npos)
            t.expires_in = std::stoi(e.get<std::string>());
    }
    return t;
}

TokenSource::TokenSource(const TargetConfig& target, std::unique_ptr<HttpClient> http, Clock clock)
    : target_(target), http_(std::move(http)), clock_(std::move(clock)) {}

std::chrono::steady_clock::duration TokenSource::margin(std::chrono::steady_clock::duration life) const {
    // A token must outlive the request that carries it, its wait at a busy target included: a fifth of its life, at
    // least a second, at least three times what answers take lately, never more than half its life.
    std::chrono::steady_clock::duration m =
        std::max<std::chrono::steady_clock::duration>(std::chrono::seconds(1), life / 5);
    if (const RunLimits* limits = http_->limits())
        m = std::max<std::chrono::steady_clock::duration>(m, 3 * limits->in_flight().latency());
    return std::min(m, life / 2);
}

IssuedToken TokenSource::issue(const UserCredentials& user) {
    for (int tried = 0;; ++tried) try {
            return request_token(*http_, target_, user);
        } catch (const TokenError& e) {
            // A busy target that timed out a token request is asked again (an issued token that never came back is
            // harmless); no answer at all, or a refusal, ends it.
            RunLimits* limits = http_->limits();
            if (tried >= kTimeoutRetries || !limits || e.exchange().error.rfind("timeout", 0) != 0) throw;
            // Slept with the caller's slot kept: this holds the source's lock, and a slot given back here could go to a
            // thread that then waits for this lock.
            limits->sleep_until(std::chrono::steady_clock::now() + std::chrono::seconds(1 << tried));
            if (limits->past_deadline()) throw;
        }
}

std::string TokenSource::token(const std::string& role) {
    std::lock_guard lock(mutex_);
    const auto now = clock_();
    if (auto it = cache_.find(role); it != cache_.end()) {
        const Cached& c = it->second;
        // Without expires_in, a token is kept until a 401 says otherwise, or for the lifetime 401s showed.
        const auto life = c.life ? c.life : observed_life_;
        if (!life || now < c.issued_at + *life - margin(*life)) return c.token;
    }
    const UserCredentials* user = target_.user(role);
    if (!user) throw std::out_of_range("the target file gives no user for role " + role);
    IssuedToken t = issue(*user);
    ++issued_;
    std::optional<std::chrono::steady_clock::duration> life;
    if (t.expires_in) life = std::chrono::seconds(*t.expires_in);
    cache_[role] = {t.access_token, now, life};
    return t.access_token;
}

void TokenSource::invalidate(const std::string& role, const std::string& token) {
    std::lock_guard lock(mutex_);
    // Only the token that was refused: another thread may already have renewed it.
    if (auto it = cache_.find(role); it != cache_.end() && it->second.token == token) {
        if (!it->second.life) {
            // A token without expires_in refused: its age is the lifetime seen, for the tokens after it (the latest
            // seen: one refused early, by a restart say, is corrected by the next).
            observed_life_ =
                std::max<std::chrono::steady_clock::duration>(std::chrono::seconds(1), clock_() - it->second.issued_at);
        }
        cache_.erase(it);
    }
}

int TokenSource::issued() const {
    std::lock_guard lock(mutex_);
    return issued_;
}

long TokenSource::requests_sent() const {
    std::lock_guard lock(mutex_);
    return http_->requests_sent();
}

}  // namespace bds::client
