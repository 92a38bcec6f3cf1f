#include "client/http_client.hpp"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <csignal>
#include <stdexcept>

#include "client/base_url.hpp"
#include "client/recorder.hpp"
#include "client/target.hpp"
#include "client/socket_bytes.hpp"
#include "common/http_text.hpp"
#include "common/text.hpp"

namespace bds::client {
namespace {

using Clock = std::chrono::steady_clock;

/// The wait a Retry-After header asks for (delta-seconds; an HTTP date or nothing: 1 s).
std::chrono::milliseconds retry_after(const std::optional<std::string>& value) {
    return retry_after_seconds(value).value_or(std::chrono::seconds(1));
}

constexpr int kMaxRateLimitedRetries = 3;
/// The first wait before a GET that timed out is sent again (doubled each time): a busy target is given room.
constexpr auto kTimeoutBackOff = std::chrono::milliseconds(1000);
/// Headers larger than this are cut (cpp-httplib keeps them all, before any callback of ours could count them).
constexpr std::uint64_t kMaxHeaderBytes = 1024 * 1024;
/// How often the watchdog looks at a request in flight.
constexpr auto kWatchInterval = std::chrono::milliseconds(25);

}  // namespace

void RunLimits::acquire() {
    if (per_second_ <= 0) return;
    Clock::time_point slot;
    {
        std::lock_guard lock(mutex_);
        const auto now = Clock::now();
        slot = std::max(now, next_);
        next_ = slot + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / per_second_));
        if (deadline_) slot = std::min(slot, *deadline_);
    }
    sleep_until(slot);
}

void RunLimits::sleep_until(Clock::time_point until) const {
    std::unique_lock lock(mutex_);
    while (true) {
        const auto end = deadline_ ? std::min(until, *deadline_) : until;
        if (Clock::now() >= end) return;
        ended_.wait_until(lock, end);  // woken early by stop() or a new deadline: look again
    }
}

void RunLimits::set_deadline(Clock::time_point deadline) {
    {
        std::lock_guard lock(mutex_);
        deadline_ = deadline;
    }
    ended_.notify_all();
    in_flight_.wake_all();
}

std::optional<Clock::time_point> RunLimits::deadline() const {
    std::lock_guard lock(mutex_);
    return deadline_;
}

bool RunLimits::past_deadline() const {
    const auto d = deadline();
    return d && Clock::now() >= *d;
}

void RunLimits::stop(const std::string& why) {
    {
        std::lock_guard lock(mutex_);
        deadline_ = Clock::now();
        if (!stopped_) stopped_ = why;
    }
    ended_.notify_all();
    in_flight_.wake_all();
}

std::optional<std::string> RunLimits::stopped() const {
    std::lock_guard lock(mutex_);
    return stopped_;
}

std::string RunLimits::why_ended() const { return stopped().value_or("the run's time limit was reached"); }

void RunLimits::answered(std::uint64_t client, Answer answer, const std::string& what) {
    if (const auto why = watch_.note(client, answer, what)) stop(*why);
}

bool RunLimits::long_wait(std::chrono::milliseconds wait, const std::string& asked) {
    std::unique_lock lock(mutex_);
    const bool fits = !deadline_ || Clock::now() + wait < *deadline_;
    if (!waited_long_ && fits) {
        waited_long_ = true;
        return true;
    }
    lock.unlock();
    stop("the target asks to wait " + asked + (waited_long_ ? " again" : ", longer than the run has left") +
         " (429 Too Many Requests)");
    return false;
}

void RunLimits::add_secret(const std::string& secret) {
    if (secret.size() < kMinSecretLength) return;  // shorter "secrets" would blank out ordinary words
    std::lock_guard lock(mutex_);
    const std::string json = nlohmann::json(secret).dump();  // as it stands inside a JSON string
    for (std::string form : {secret, url_encoded(secret), json.substr(1, json.size() - 2)})
        if (const auto [it, added] = secrets_.insert(std::move(form)); added)
            by_first_byte_[static_cast<unsigned char>(it->front())].push_back(&*it);
}

std::string RunLimits::scrub(std::string text) const {
    std::lock_guard lock(mutex_);
    // One pass, comparing at each byte only the secrets that start with it: a run collects hundreds of tokens and
    // scrubs every exchange. Every byte of every occurrence is covered, overlapping ones included, and each run of
    // covered bytes becomes one <redacted>.
    std::vector<bool> covered;
    for (std::size_t i = 0; i < text.size(); ++i)
        for (const std::string* s : by_first_byte_[static_cast<unsigned char>(text[i])])
            if (text.compare(i, s->size(), *s) == 0) {
                if (covered.empty()) covered.resize(text.size());
                std::fill(covered.begin() + static_cast<std::ptrdiff_t>(i),
                          covered.begin() + static_cast<std::ptrdiff_t>(i + s->size()), true);
            }
    if (covered.empty()) return text;
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (!covered[i])
            out += text[i];
        else if (i == 0 || !covered[i - 1])
            out += "<redacted>";
    }
    return out;
}

void RunLimits::scrub(Exchange& e) const {
    e.url = scrub(std::move(e.url));
    for (auto& [k, v] : e.request_headers) v = scrub(std::move(v));
    for (auto& [k, v] : e.response_headers) v = scrub(std::move(v));
    e.request_body = scrub(std::move(e.request_body));
    e.response_body = scrub(std::move(e.response_body));
    e.error = scrub(std::move(e.error));
}

void ignore_sigpipe() { std::signal(SIGPIPE, SIG_IGN); }

std::optional<std::string> HttpResponse::header(const std::string& name) const {
    for (const auto& [k, v] : headers)
        if (iequals(k, name)) return v;
    return std::nullopt;
}

HttpClient::HttpClient(HttpSettings settings, RunLimits* limits)
    : settings_(std::move(settings)), limits_(limits), id_(limits ? limits->next_client() : 0) {
    const BaseUrl url = parse_base_url(settings_.base_url);
    origin_ = url.origin;
    prefix_ = url.prefix;
    if (settings_.deadline_ms <= 0) settings_.deadline_ms = 3 * settings_.timeout_ms;
    client_ = std::make_unique<httplib::Client>(origin_);
    if (!client_->is_valid())
        throw TargetError("base_url: cannot use \"" + settings_.base_url + "\" (HTTPS needs OpenSSL support)");
    const auto timeout = std::chrono::milliseconds(settings_.timeout_ms);
    client_->set_connection_timeout(timeout);
    client_->set_read_timeout(timeout);
    client_->set_write_timeout(timeout);
    client_->set_keep_alive(true);
    client_->set_tcp_nodelay(true);  // without it, sequential keep-alive requests wait ~40 ms each
    client_->set_decompress(true);
    client_->set_socket_options([this](int fd) {
        socket_ = fd;
        bytes_before_ = 0;
    });
    if (!settings_.ca_file.empty()) client_->set_ca_cert_path(settings_.ca_file);
    if (settings_.insecure) client_->enable_server_certificate_verification(false);
    watchdog_ = std::thread([this] { watch(); });
}

HttpClient::~HttpClient() {
    {
        std::lock_guard lock(watch_mutex_);
        closing_ = true;
    }
    watch_wake_.notify_all();
    watchdog_.join();
}

void HttpClient::watch() {
    std::unique_lock lock(watch_mutex_);
    while (!closing_) {
        if (!watched_) {
            watch_idle_ = true;
            watch_wake_.wait(lock);
            watch_idle_ = false;
            continue;
        }
        const auto now = Clock::now();
        Cut cut = Cut::None;
        if (limits_ && limits_->past_deadline()) {
            cut = Cut::RunDeadline;
        } else if (now >= *watched_) {
            cut = Cut::Deadline;
        } else if (const auto bytes = socket_bytes_received(socket_)) {
            const std::uint64_t received = *bytes - std::min<std::uint64_t>(*bytes, bytes_before_);
            // Headers are judged by what cpp-httplib has read of them, not by what has arrived behind them.
            const std::uint64_t read = socket_bytes_read(socket_).value_or(0);
            if (!headers_done_ && read - std::min<std::uint64_t>(read, bytes_before_) > kMaxHeaderBytes)
                cut = Cut::Headers;
            else if (received > kMaxHeaderBytes + settings_.max_response_bytes)
                cut = Cut::TooLarge;
        }
        if (cut != Cut::None) {
            // Safe under watch_mutex_: the request thread never takes it while cpp-httplib holds its own locks.
            cut_ = cut;
            watched_.reset();
            client_->stop();
            continue;
        }
        watch_wake_.wait_until(lock, std::min(*watched_, now + kWatchInterval));
    }
}

namespace {
/// The slot this thread holds, and whose run limits it belongs to: a request made while the thread holds one (the
/// token request inside Api::authed, a resend after a 401) takes none of its own, so no thread waits for a second.
thread_local RunLimits* t_limits = nullptr;
thread_local InFlight::Slot* t_slot = nullptr;
}  // namespace

HttpClient::Turn::Turn(HttpClient& client) : outer_limits_(t_limits), outer_slot_(t_slot) {
    RunLimits* limits = client.limits_;
    if (!limits || t_limits == limits) return;
    // A client that takes no slot still marks its turn, so that the requests nested in it (a token's) take none either:
    // one waiting for a slot while the token's lock is held would wait for the threads that hold slots and that lock.
    if (!client.slotless_) slot_ = limits->enter(client.urgency_ ? client.urgency_->priority() : 0);
    t_limits = limits;
    t_slot = &slot_;
    held_ = true;
}

HttpClient::Turn::~Turn() {
    if (!held_) return;
    // The slot of other limits this thread held before (the clean-up's, around a token request of the run's) again.
    t_limits = outer_limits_;
    t_slot = outer_slot_;
}

const InFlight::Slot* RunLimits::held() const { return t_limits == this ? t_slot : nullptr; }

void RunLimits::pause_until(Clock::time_point until) {
    InFlight::Slot* slot = t_limits == this ? t_slot : nullptr;
    if (slot && slot->taken() == Clock::time_point{})
        slot = nullptr;                  // a turn without a slot (take_no_slots) takes none
    if (slot) *slot = InFlight::Slot{};  // given back: others go meanwhile
    sleep_until(until);
    if (slot) *slot = enter();
}

HttpResponse HttpClient::request(const std::string& method, const std::string& target, const Headers& headers,
                                 const std::string& body, const std::string& content_type, bool caller_judges) {
    const Turn turn(*this);  // a slot, unless the caller holds one already
    int dropped = 0, timed_out = 0, limited = 0;
    while (true) {
        Failed failed = Failed::No;
        HttpResponse r = attempt(method, target, headers, body, content_type, failed);
        if (const InFlight::Slot* slot = limits_ ? limits_->held() : nullptr) paced(*slot, r, failed);
        if (method == "GET" && failed == Failed::Dropped && dropped < settings_.get_retries) {
            ++dropped;  // a dropped keep-alive connection; a GET changes nothing, so it is safe to repeat
            continue;
        }
        note(method, target, r, caller_judges, failed == Failed::TimedOut);
        if (method == "GET" && failed == Failed::TimedOut && timed_out < settings_.get_retries && limits_) {
            // Slow is not dead: a busy target is given room (fewer requests in flight, a pause) and asked again.
            limits_->pause_until(Clock::now() + kTimeoutBackOff * (1 << std::min(timed_out, 4)));
            ++timed_out;
            if (!limits_->past_deadline()) continue;
        }
        if (r.status == 429 && limits_) limits_->throttled();
        if (r.status == 429 && limited < kMaxRateLimitedRetries) {
            ++limited;  // the server refused to process it: repeating is safe for writes too
            if (!wait_after_429(r)) return r;
            continue;
        }
        return r;
    }
}

void HttpClient::paced(const InFlight::Slot& slot, const HttpResponse& r, Failed failed) {
    if (!limits_) return;
    if (failed == Failed::TimedOut)
        limits_->in_flight().timed_out(slot);
    else if (!r.transport_failed())
        limits_->in_flight().answered(slot, std::chrono::milliseconds(static_cast<long long>(r.exchange.duration_ms)));
}

bool HttpClient::wait_after_429(const HttpResponse& r) {
    const auto asked = retry_after(r.header("Retry-After"));
    // A wait past max_retry_after_ms is waited once a run, if it has the time: a target asking it again would hold the
    // run for as long each time (RunLimits::long_wait stops the run instead).
    if (asked.count() > settings_.max_retry_after_ms && limits_ &&
        !limits_->long_wait(asked, std::to_string(asked.count() / 1000) +
                                       " s (Retry-After: " + r.header("Retry-After").value_or("") + ")"))
        return false;
    if (!limits_) {
        std::this_thread::sleep_for(std::min(asked, std::chrono::milliseconds(settings_.max_retry_after_ms)));
        return true;
    }
    limits_->pause_until(Clock::now() + asked);
    return !limits_->past_deadline();
}

void HttpClient::note(const std::string& method, const std::string& target, const HttpResponse& r, bool caller_judges,
                      bool timed_out) {
    if (!limits_ || limits_->past_deadline()) return;  // the run cut it, or sent nothing: no news of the target
    const std::string what =
        method + " " + target + ": " + (r.transport_failed() ? r.exchange.error : std::to_string(r.status));
    if (r.transport_failed())
        limits_->answered(id_, timed_out ? Answer::TimedOut : Answer::None, what);
    else if (r.status >= 500 || r.status == 429)
        limits_->answered(id_, Answer::Unusable, what);
    else if (method != "GET" && r.status >= 200 && r.status < 300 && target != settings_.token_path)
        limits_->answered(id_, Answer::Written, what);
    else if (!(caller_judges && r.status >= 200 && r.status < 300) && target != settings_.token_path)
        limits_->answered(id_, Answer::Usable, what);
}

void HttpClient::judged(bool usable, const std::string& what) {
    if (limits_ && !limits_->past_deadline()) limits_->answered(id_, usable ? Answer::Usable : Answer::Unusable, what);
}

std::string HttpClient::failure_text(int error, double duration_ms) const {
    const auto e = static_cast<httplib::Error>(error);
    switch (e) {
        case httplib::Error::Connection:
            return "could not connect to " + origin_ + " (connection refused, no such host, or no answer within " +
                   std::to_string(settings_.timeout_ms) + " ms): is the target running, and is base_url right?";
        case httplib::Error::SSLServerVerification:
            return "the TLS certificate of " + origin_ +
                   " is not trusted: give the CA that signed it as ca_file in the target file, or set insecure: true "
                   "(no verification)";
        case httplib::Error::SSLConnection:
            return "the TLS handshake with " + origin_ + " failed: does it serve HTTPS on that port?";
        case httplib::Error::Write: return "the target closed the connection while the request was sent";
        case httplib::Error::Read:
            if (duration_ms >= settings_.timeout_ms * 0.9)
                return "timeout: nothing came for " + std::to_string(settings_.timeout_ms) + " ms";
            return "the connection closed before a whole answer came";
        default: return httplib::to_string(e);
    }
}

HttpResponse HttpClient::attempt(const std::string& method, const std::string& target, const Headers& headers,
                                 const std::string& body, const std::string& content_type, Failed& failed) {
    HttpResponse out;
    Exchange& ex = out.exchange;
    ex.method = method;
    ex.url = settings_.base_url + target;

    httplib::Request req;
    req.method = method;
    req.path = prefix_ + target;
    req.headers.emplace("Accept", "application/json");
    for (const auto& [k, v] : headers) req.headers.emplace(k, v);
    if (!content_type.empty()) req.headers.emplace("Content-Type", content_type);
    req.body = body;
    for (const auto& [k, v] : req.headers) ex.request_headers.emplace_back(k, redact_header(k, v));
    ex.request_body = shown_redacted(body);

    if (limits_) limits_->acquire();
    if (limits_ && limits_->past_deadline()) {
        ex.error = "not sent: " + limits_->why_ended();
        finish(out, body);
        return out;
    }
    ++sent_;
    if (advances_) urgency_->advanced();
    if (log_) {
        ticket_ = log_->begin();
        ex.serial = ticket_.serial;
    }

    std::string received;
    bool too_large = false;
    req.response_handler = [this](const httplib::Response&) {
        headers_done_ = true;
        return true;
    };
    req.content_receiver = [&](const char* data, std::size_t length, uint64_t, uint64_t) {
        if (received.size() + length > settings_.max_response_bytes) {
            too_large = true;
            return false;
        }
        received.append(data, length);
        return true;
    };

    headers_done_ = false;
    // A connection idle for a while may be closing at the server (a keep-alive time-out is often 5 s): a request sent
    // on it as the server closes it is lost, and a write is never repeated. A fresh connection costs a round trip.
    if (last_answer_ && Clock::now() - *last_answer_ > kIdleReconnect) {
        client_->stop();
        socket_ = -1;
    }
    // A closed connection's descriptor may be another client's by now: the watchdog counts only this client's socket.
    if (!client_->is_socket_open()) socket_ = -1;
    bytes_before_ = socket_bytes_received(socket_).value_or(0);
    auto deadline = Clock::now() + std::chrono::milliseconds(settings_.deadline_ms);
    if (limits_)
        if (const auto d = limits_->deadline()) deadline = std::min(deadline, *d);
    bool idle = false;
    {
        std::lock_guard lock(watch_mutex_);
        cut_ = Cut::None;
        watched_ = deadline;
        idle = watch_idle_;
    }
    // A watchdog still polling (within kWatchInterval of the last request) sees this one at its next poll: waking it
    // for every request cost a thread switch each.
    if (idle) watch_wake_.notify_all();
    const auto start = Clock::now();
    httplib::Result result = client_->send(req);
    last_answer_ = Clock::now();
    ex.duration_ms = std::chrono::duration<double, std::milli>(*last_answer_ - start).count();
    Cut cut;
    {
        std::lock_guard lock(watch_mutex_);
        watched_.reset();
        cut = cut_;
    }

    const std::string limit = std::to_string(settings_.max_response_bytes) + " bytes";
    if (cut != Cut::None || too_large || !result) {
        // A failed or cut connection cannot be reused.
        client_->stop();
        socket_ = -1;
        const bool slow = ex.duration_ms >= settings_.timeout_ms * 0.9;
        if (!result && cut == Cut::None && !too_large && slow)
            failed = Failed::TimedOut;  // nothing came in time (a drip cut at its deadline is never asked again)
        else if (!result && cut == Cut::None && !too_large && result.error() != httplib::Error::Write)
            failed = Failed::Dropped;
        else
            failed = Failed::Other;
        switch (cut) {
            case Cut::Deadline:
                ex.error =
                    "no whole answer within " + std::to_string(settings_.deadline_ms) + " ms (the request's deadline)";
                break;
            case Cut::RunDeadline:
                ex.error = "cut: " + (limits_ ? limits_->why_ended() : std::string("the run's time limit was reached"));
                break;
            case Cut::Headers:
                ex.error = "response headers larger than " + std::to_string(kMaxHeaderBytes) + " bytes (cut)";
                break;
            case Cut::TooLarge: ex.error = "response larger than " + limit + " (cut)"; break;
            case Cut::None:
                ex.error = too_large ? "response larger than " + limit + " once decompressed (cut)"
                                     : failure_text(static_cast<int>(result.error()), ex.duration_ms);
        }
        finish(out, body);
        return out;
    }
    out.status = result->status;
    for (const auto& [k, v] : result->headers) out.headers.emplace_back(k, v);
    out.body = received.empty() ? result->body : std::move(received);
    ex.status = out.status;
    for (const auto& [k, v] : out.headers) ex.response_headers.emplace_back(k, redact_header(k, v));
    ex.response_body = shown_redacted(out.body);
    finish(out, body);
    return out;
}

void HttpClient::finish(HttpResponse& out, const std::string& body) {
    if (limits_) limits_->scrub(out.exchange);
    if (log_ && out.exchange.serial != 0) log_->add(log_page_, ticket_, out.exchange);  // sent: not the unsent
    if (recorder_) {
        const auto whole = [this](const std::string& text) { return limits_ ? limits_->scrub(text) : text; };
        recorder_->record(record_name_, out.exchange, whole(body), whole(out.body));
    }
}

}  // namespace bds::client
