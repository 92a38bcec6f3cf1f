#pragma once
/// The harness's HTTP client: one keep-alive connection to the target (HTTP or HTTPS), a timeout on every
/// request, a shared rate limit, GETs retried on a dropped connection (writes never), any request retried
/// after a 429 with its Retry-After. Every request comes back with its Exchange (secrets redacted).
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "client/exchange.hpp"

namespace httplib {
class Client;
}

namespace bds::client {

/// At most `per_second` requests per second across every client sharing it (0: no limit). Thread-safe.
class RateLimiter {
public:
    explicit RateLimiter(double per_second) : per_second_(per_second) {}
    /// Waits until the next request may go.
    void acquire();
    /// The target answered 429 (asked to slow down); counted for the whole run.
    void throttled() { ++throttled_; }
    long throttled_count() const { return throttled_.load(); }

private:
    double per_second_;
    std::atomic<long> throttled_{0};
    std::mutex mutex_;
    std::chrono::steady_clock::time_point next_{};
};

struct HttpSettings {
    std::string base_url;  ///< scheme://host[:port][/prefix]
    int timeout_ms = 10000;
    std::string ca_file;   ///< HTTPS: CA bundle to trust instead of the system's
    bool insecure = false; ///< HTTPS: no certificate verification
    int get_retries = 2;   ///< extra attempts of a GET whose connection failed
    std::size_t max_response_bytes = 512u * 1024 * 1024;
};

/// A response: status (0 when none came), headers and the raw body for the caller to read; `exchange`
/// is the redacted record for findings.
struct HttpResponse {
    int status = 0;
    Headers headers;
    std::string body;
    Exchange exchange;

    /// The first header of that name (case-insensitive), if any.
    std::optional<std::string> header(const std::string& name) const;
    bool transport_failed() const { return status == 0; }
};

/// Not thread-safe: one per thread (checks running in parallel each get their own).
class Recorder;

class HttpClient {
public:
    /// Throws std::invalid_argument for a base URL that is not http(s)://host[:port][/path].
    HttpClient(HttpSettings settings, RateLimiter* limiter = nullptr);
    ~HttpClient();
    HttpClient(const HttpClient&) = delete;
    HttpClient& operator=(const HttpClient&) = delete;

    /// `target` is a path below the base URL ("/api/resources/CliFor?PageSize=5"), already encoded.
    /// `content_type` is sent when non-empty.
    HttpResponse request(const std::string& method, const std::string& target, const Headers& headers = {},
                         const std::string& body = "", const std::string& content_type = "");

    const std::string& base_url() const { return settings_.base_url; }
    /// Requests sent so far, retries included.
    long requests_sent() const { return sent_; }
    /// Every exchange from now on also goes whole to `recorder`, under `name` (a check id).
    void record_to(Recorder* recorder, std::string name) {
        recorder_ = recorder;
        record_name_ = std::move(name);
    }
    /// 429 answers in the whole run so far (0 without a rate limiter).
    long throttled() const { return limiter_ ? limiter_->throttled_count() : 0; }

private:
    HttpResponse attempt(const std::string& method, const std::string& target, const Headers& headers,
                         const std::string& body, const std::string& content_type);

    HttpSettings settings_;
    RateLimiter* limiter_;
    std::string origin_;  ///< scheme://host[:port]
    std::string prefix_;  ///< path prefix of the base URL, "" or "/bds"
    std::unique_ptr<httplib::Client> client_;
    long sent_ = 0;
    Recorder* recorder_ = nullptr;
    std::string record_name_;
};

}  // namespace bds::client
