#include "client/http_client.hpp"

#include <httplib.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <thread>

#include "client/recorder.hpp"

namespace bds::client {
namespace {

bool iequals(const std::string& a, const std::string& b) {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](unsigned char x, unsigned char y) { return std::tolower(x) == std::tolower(y); });
}

/// Seconds from a Retry-After header (delta-seconds only; an HTTP date falls back to 1 s), capped.
std::chrono::milliseconds retry_after(const std::optional<std::string>& value) {
    long seconds = 1;
    if (value && !value->empty() && std::all_of(value->begin(), value->end(), [](unsigned char c) { return std::isdigit(c); }))
        seconds = std::stol(value->substr(0, 6));
    return std::chrono::milliseconds(std::clamp(seconds, 0L, 30L) * 1000);
}

constexpr int kMaxRateLimitedRetries = 3;

}  // namespace

void RateLimiter::acquire() {
    if (per_second_ <= 0) return;
    std::chrono::steady_clock::time_point slot;
    {
        std::lock_guard lock(mutex_);
        const auto now = std::chrono::steady_clock::now();
        slot = std::max(now, next_);
        next_ = slot + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(1.0 / per_second_));
    }
    std::this_thread::sleep_until(slot);
}

std::optional<std::string> HttpResponse::header(const std::string& name) const {
    for (const auto& [k, v] : headers)
        if (iequals(k, name)) return v;
    return std::nullopt;
}

HttpClient::HttpClient(HttpSettings settings, RateLimiter* limiter) : settings_(std::move(settings)), limiter_(limiter) {
    const std::string& url = settings_.base_url;
    const auto scheme_end = url.find("://");
    if (scheme_end == std::string::npos || (url.substr(0, scheme_end) != "http" && url.substr(0, scheme_end) != "https"))
        throw std::invalid_argument("base URL: expected http://host[:port][/path] or https://…, found \"" + url + "\"");
    const auto path_start = url.find('/', scheme_end + 3);
    origin_ = url.substr(0, path_start);
    prefix_ = path_start == std::string::npos ? "" : url.substr(path_start);
    while (!prefix_.empty() && prefix_.back() == '/') prefix_.pop_back();
    if (origin_.size() <= scheme_end + 3) throw std::invalid_argument("base URL: no host in \"" + url + "\"");
    client_ = std::make_unique<httplib::Client>(origin_);
    if (!client_->is_valid()) throw std::invalid_argument("base URL: cannot use \"" + url + "\" (HTTPS needs OpenSSL support)");
    const auto timeout = std::chrono::milliseconds(settings_.timeout_ms);
    client_->set_connection_timeout(timeout);
    client_->set_read_timeout(timeout);
    client_->set_write_timeout(timeout);
    client_->set_keep_alive(true);
    client_->set_tcp_nodelay(true);  // without it, sequential keep-alive requests wait ~40 ms each (DESIGN.md)
    client_->set_decompress(true);
    if (!settings_.ca_file.empty()) client_->set_ca_cert_path(settings_.ca_file);
    if (settings_.insecure) client_->enable_server_certificate_verification(false);
}

HttpClient::~HttpClient() = default;

HttpResponse HttpClient::request(const std::string& method, const std::string& target, const Headers& headers,
                                 const std::string& body, const std::string& content_type) {
    int dropped = 0, limited = 0;
    while (true) {
        HttpResponse r = attempt(method, target, headers, body, content_type);
        if (r.transport_failed() && method == "GET" && dropped < settings_.get_retries &&
            r.exchange.error.find("timeout") == std::string::npos) {
            ++dropped;  // a dropped keep-alive connection; a GET changes nothing, so it is safe to repeat
            continue;
        }
        if (r.status == 429 && limiter_) limiter_->throttled();
        if (r.status == 429 && limited < kMaxRateLimitedRetries) {
            ++limited;  // the server refused to process it: repeating is safe for writes too
            std::this_thread::sleep_for(retry_after(r.header("Retry-After")));
            continue;
        }
        return r;
    }
}

HttpResponse HttpClient::attempt(const std::string& method, const std::string& target, const Headers& headers,
                                 const std::string& body, const std::string& content_type) {
    if (limiter_) limiter_->acquire();
    ++sent_;
    httplib::Request req;
    req.method = method;
    req.path = prefix_ + target;
    req.headers.emplace("Accept", "application/json");
    for (const auto& [k, v] : headers) req.headers.emplace(k, v);
    if (!content_type.empty()) req.headers.emplace("Content-Type", content_type);
    req.body = body;

    HttpResponse out;
    std::string received;
    bool too_large = false;
    req.content_receiver = [&](const char* data, std::size_t length, uint64_t, uint64_t) {
        if (received.size() + length > settings_.max_response_bytes) {
            too_large = true;
            return false;
        }
        received.append(data, length);
        return true;
    };

    Exchange& ex = out.exchange;
    ex.method = method;
    ex.url = settings_.base_url + target;
    for (const auto& [k, v] : req.headers) ex.request_headers.emplace_back(k, redact_header(k, v));
    ex.request_body = shown_body(redact_body(body));  // redacted whole: a cut could leave part of a secret unmatched

    const auto start = std::chrono::steady_clock::now();
    httplib::Result result = client_->send(req);
    ex.duration_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (!result) {
        out.status = 0;
        if (too_large)
            ex.error = "response larger than " + std::to_string(settings_.max_response_bytes) + " bytes";
        else if (result.error() == httplib::Error::Read && ex.duration_ms >= settings_.timeout_ms * 0.9)
            ex.error = "timeout after " + std::to_string(settings_.timeout_ms) + " ms";
        else
            ex.error = httplib::to_string(result.error());
        // A failed connection cannot be reused.
        client_->stop();
        if (recorder_) recorder_->record(record_name_, ex, body, "");
        return out;
    }
    out.status = result->status;
    for (const auto& [k, v] : result->headers) out.headers.emplace_back(k, v);
    out.body = received.empty() ? result->body : std::move(received);
    ex.status = out.status;
    for (const auto& [k, v] : out.headers) ex.response_headers.emplace_back(k, redact_header(k, v));
    ex.response_body = shown_body(redact_body(out.body));
    if (recorder_) recorder_->record(record_name_, ex, body, out.body);
    return out;
}

}  // namespace bds::client
