#pragma once
/// The harness's HTTP client: one keep-alive connection to the target (HTTP or HTTPS), a total deadline on every
/// request (however slowly the target drips its answer), a body limit, the run's limits (rate, deadline, the
/// secrets to scrub), GETs retried on a dropped connection (writes never; an oversized answer never), any request
/// retried after a 429 with its Retry-After (bounded). Every request comes back with its Exchange (secrets
/// redacted and scrubbed).
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>
#include <thread>

#include "client/exchange.hpp"
#include "client/exchange_log.hpp"
#include "client/in_flight.hpp"
#include "client/target_watch.hpp"
#include "client/urgency.hpp"

namespace httplib {
class Client;
}

namespace bds::client {

/// What every client of one run shares. Thread-safe.
///  - a rate: at most `per_second` requests per second (0: no limit);
///  - a deadline: past it, no request is sent (each ends at once, "the run's deadline was reached");
///  - the secrets of the run (passwords, tokens issued): scrubbed from every exchange, whatever key or place they
///    stand in;
///  - how often the target answered 429;
///  - how many requests are in flight at once (InFlight: the run's jobs at first, fewer while the target is slow, more
///    up to a cap while it answers as fast).
class RunLimits {
public:
    /// `jobs`: the requests in flight at first; `adaptive`: fewer while the target is slow, more up to `most` while it
    /// answers as fast (InFlight).
    explicit RunLimits(double per_second = 0, int jobs = 1, bool adaptive = true, int most = 0)
        : per_second_(per_second), in_flight_(jobs, adaptive, most) {}
    /// Waits until the next request may go.
    void acquire();

    void set_deadline(std::chrono::steady_clock::time_point deadline);
    std::optional<std::chrono::steady_clock::time_point> deadline() const;
    bool past_deadline() const;
    /// Ends the run now, for `why` ("interrupted by SIGTERM", "the target stopped answering: …"): as past the deadline,
    /// no request is sent and those in flight are cut. The first reason stays; a later stop cuts again (a clean-up
    /// given a deadline of its own, say).
    void stop(const std::string& why);
    /// Why the run was stopped, when it was.
    std::optional<std::string> stopped() const;
    /// Why no more requests go: the stop's reason, else "the run's time limit was reached".
    std::string why_ended() const;
    /// Sleeps until `until`, the deadline or a stop, whichever comes first (a stop wakes it at once: an interrupt ends
    /// a wait of an hour, or a Retry-After, then and there).
    void sleep_until(std::chrono::steady_clock::time_point until) const;

    /// How long no request may get any answer before the target counts as gone (TargetWatch).
    void set_gone_after(std::chrono::milliseconds gone_after) { watch_.set_gone_after(gone_after); }
    /// A slot for a request in flight; an empty one once the run ended (the request then is not sent).
    InFlight::Slot enter(std::uint64_t priority = 0) {
        return in_flight_.enter([this] { return past_deadline(); }, priority);
    }
    /// `n` slots at once (InFlight::enter_group); an empty one once the run ended.
    InFlight::Slot enter_group(int n) {
        return in_flight_.enter_group(n, [this] { return past_deadline(); });
    }
    /// The run's requests in flight (its limit, latency and story).
    InFlight& in_flight() { return in_flight_; }
    const InFlight& in_flight() const { return in_flight_; }
    /// The slot of these limits the calling thread holds (HttpClient::Turn), if any.
    const InFlight::Slot* held() const;
    /// Sleeps as sleep_until does, giving back the slot the calling thread holds meanwhile (a back-off, a 429's
    /// wait): others go while it waits, and it takes a slot again after.
    void pause_until(std::chrono::steady_clock::time_point until);

    /// A number for a new client (one per check), for the streaks of answered().
    std::uint64_t next_client() { return ++clients_; }
    /// What a request of `client` gave: a streak of no answers, or of answers nothing can judge, across checks stops
    /// the run (TargetWatch).
    void answered(std::uint64_t client, Answer answer, const std::string& what);
    /// Whether a 429 asking to wait `wait` (beyond HttpSettings::max_retry_after_ms) is waited: once a run, when the
    /// run has that long left. Otherwise the run is stopped, with the target's words.
    bool long_wait(std::chrono::milliseconds wait, const std::string& asked);

    /// A secret value to scrub from every output, as it stands and as it stands URL-encoded or inside a JSON
    /// string. Values shorter than kMinSecretLength are not taken (they would blank out ordinary words).
    void add_secret(const std::string& secret);
    /// `text` with every known secret replaced by <redacted>.
    std::string scrub(std::string text) const;
    /// Every text of `exchange` scrubbed.
    void scrub(Exchange& exchange) const;

    static constexpr std::size_t kMinSecretLength = 4;

    /// The target answered 429 (asked to slow down); counted for the whole run.
    void throttled() { ++throttled_; }
    long throttled_count() const { return throttled_.load(); }

private:
    double per_second_;
    std::atomic<long> throttled_{0};
    mutable std::mutex mutex_;
    mutable std::condition_variable ended_;  ///< notified by stop() and set_deadline()
    std::chrono::steady_clock::time_point next_{};
    std::optional<std::chrono::steady_clock::time_point> deadline_;
    std::optional<std::string> stopped_;
    std::atomic<std::uint64_t> clients_{0};
    TargetWatch watch_;
    InFlight in_flight_;
    bool waited_long_ = false;
    std::set<std::string> secrets_;
    std::array<std::vector<const std::string*>, 256> by_first_byte_;  // into secrets_
};

struct HttpSettings {
    std::string base_url{};  ///< scheme://host[:port][/prefix]
    int timeout_ms = 10000;  ///< for each read and write
    /// For the whole request, answer included: a target dripping a byte a second is cut here (0: 3 × timeout_ms).
    int deadline_ms = 0;
    std::string ca_file{};  ///< HTTPS: CA bundle to trust instead of the system's
    bool insecure = false;  ///< HTTPS: no certificate verification
    int get_retries = 2;    ///< extra attempts of a GET whose connection failed, or that timed out
    /// The longest wait a 429's Retry-After may impose before a try again (a target asking 30 s per request would
    /// hold a run for hours).
    int max_retry_after_ms = 5000;
    /// An answer larger than this is cut off and reported (a verdict, never retried).
    std::size_t max_response_bytes = 32u * 1024 * 1024;
    /// The token endpoint's path: a token answered says nothing of whether the API answers (TargetWatch counts only
    /// its failures).
    std::string token_path{};
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

class Recorder;

/// Not thread-safe: one per thread (checks running in parallel each get their own).
class HttpClient {
public:
    /// Throws TargetError for a base URL that is not http(s)://host[:port][/path] (parse_base_url).
    HttpClient(HttpSettings settings, RunLimits* limits = nullptr);
    ~HttpClient();
    HttpClient(const HttpClient&) = delete;
    HttpClient& operator=(const HttpClient&) = delete;

    /// `target` is a path below the base URL ("/api/resources/CliFor?PageSize=5"), already encoded.
    /// `content_type` is sent when non-empty.
    /// `caller_judges`: a 2xx answer is judged usable or not by the caller (a list it reads), which says so with
    /// judged().
    HttpResponse request(const std::string& method, const std::string& target, const Headers& headers = {},
                         const std::string& body = "", const std::string& content_type = "",
                         bool caller_judges = false);
    /// What the caller made of a 2xx answer it judges (RunLimits::answered).
    void judged(bool usable, const std::string& what);

    const std::string& base_url() const { return settings_.base_url; }
    /// Requests sent so far, retries included.
    long requests_sent() const { return sent_; }
    /// Every exchange from now on also goes whole to `recorder`, under `name` (a check id).
    void record_to(Recorder* recorder, std::string name) {
        recorder_ = recorder;
        record_name_ = std::move(name);
    }
    /// Every request sent from now on is numbered by `log` and its exchange kept there, under `page` (a check id).
    void log_to(ExchangeLog* log, std::string page) {
        log_ = log;
        log_page_ = std::move(page);
    }
    /// 429 answers in the whole run so far (0 without run limits).
    long throttled() const { return limits_ ? limits_->throttled_count() : 0; }
    /// The run's limits, when it has them (tokens add themselves to its secrets).
    RunLimits* limits() const { return limits_; }
    /// Its requests take no slot of the run's InFlight (its deadline, stop and rate still hold): the caller holds them
    /// for it (RunLimits::enter_group, a race's clients).
    void take_no_slots() { slotless_ = true; }
    /// Its requests' place among those waiting for a slot (InFlight::enter; lower first): its check's, which the
    /// requests of the check's own client (`own`) advance.
    void set_urgency(std::shared_ptr<Urgency> urgency, bool own) {
        urgency_ = std::move(urgency);
        advances_ = own;
    }
    /// Its answers count as `other`'s for the run's TargetWatch: a check's other connections (its lanes, a race's
    /// clients) are the one client the check is, so that one check's streak never looks like several checks'.
    void count_as(const HttpClient& other) { id_ = other.id_; }

    /// A slot of the run's InFlight held by the calling thread across several requests (a token read, the request,
    /// its resend after a 401): a request of any client on this thread takes no slot of its own meanwhile. Nothing
    /// without run limits, or when the thread holds a slot already.
    class Turn {
    public:
        explicit Turn(HttpClient& client);
        ~Turn();
        Turn(const Turn&) = delete;
        Turn& operator=(const Turn&) = delete;

    private:
        RunLimits* outer_limits_;  ///< what the thread held before this turn
        InFlight::Slot* outer_slot_;
        InFlight::Slot slot_;
        bool held_ = false;
    };

private:
    /// How a try ended without an answer: what a GET may do again.
    enum class Failed { No, Dropped, TimedOut, Other };
    /// One try; `failed` says whether a GET may be sent again (a dropped connection, a time-out; not a cut).
    HttpResponse attempt(const std::string& method, const std::string& target, const Headers& headers,
                         const std::string& body, const std::string& content_type, Failed& failed);
    /// Tells the run's InFlight what a try gave (its time to an answer, or a time-out).
    void paced(const InFlight::Slot& slot, const HttpResponse& r, Failed failed);
    /// Scrubs the exchange and records it.
    void finish(HttpResponse& out, const std::string& body);
    /// What failed, where, and what to try, for a cpp-httplib error.
    std::string failure_text(int error, double duration_ms) const;
    /// Tells the run's TargetWatch what `r` gave, unless the run itself cut it or the caller judges a 2xx.
    void note(const std::string& method, const std::string& target, const HttpResponse& r, bool caller_judges,
              bool timed_out);
    /// Waits what a 429 asks (bounded, and a long wait once a run: RunLimits::long_wait); false when the run stops.
    bool wait_after_429(const HttpResponse& r);
    void watch();

    HttpSettings settings_;
    RunLimits* limits_;
    std::uint64_t id_ = 0;  ///< this client's number among the run's (RunLimits::next_client)
    std::string origin_;    ///< scheme://host[:port]
    std::string prefix_;    ///< path prefix of the base URL, "" or "/bds"
    std::unique_ptr<httplib::Client> client_;
    long sent_ = 0;
    bool slotless_ = false;
    std::shared_ptr<Urgency> urgency_;  ///< none: first come, first served
    bool advances_ = false;
    Recorder* recorder_ = nullptr;
    std::string record_name_;
    ExchangeLog* log_ = nullptr;
    std::string log_page_;
    ExchangeLog::Ticket ticket_;  ///< the request in flight's, from log_

    // The watchdog: cpp-httplib bounds each read only, so a thread of this client stops the connection of a
    // request past its deadline, past the run's deadline, or that received more bytes than it may hold.
    enum class Cut { None, Deadline, RunDeadline, Headers, TooLarge };
    std::mutex watch_mutex_;
    std::condition_variable watch_wake_;
    std::optional<std::chrono::steady_clock::time_point> watched_;  ///< the deadline of the request in flight
    Cut cut_ = Cut::None;                                           ///< why the watchdog stopped it
    bool closing_ = false;
    bool watch_idle_ = false;  ///< the watchdog waits for a request (else it polls and sees the next one by itself)
    // Set from cpp-httplib's callbacks, which may hold its socket mutex: atomics, never watch_mutex_.
    std::atomic<int> socket_{-1};                                       ///< the connection's socket
    std::optional<std::chrono::steady_clock::time_point> last_answer_;  ///< when the last request ended
    /// How long a connection may stay idle and still be reused.
    static constexpr std::chrono::seconds kIdleReconnect{2};
    std::atomic<std::uint64_t> bytes_before_{0};  ///< bytes it had received when the request began
    std::atomic<bool> headers_done_{false};
    std::thread watchdog_;
};

/// Ignores SIGPIPE for the whole process (idempotent): a target that closes while a request is written must end
/// that request with an error, not the harness (cpp-httplib writes without MSG_NOSIGNAL).
void ignore_sigpipe();

}  // namespace bds::client
