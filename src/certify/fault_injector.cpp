#include "certify/fault_injector.hpp"

#include <httplib.h>

#include <algorithm>
#include <thread>

#include "common/http_text.hpp"

namespace bds::certify {
namespace {

using json = nlohmann::json;

void answer(httplib::Response& res, int status, const json& body) {
    res.status = status;
    res.reason = reason_phrase(status);  // the stub's error handler leaves an answer with a reason phrase as it is
    res.set_content(body.dump(), "application/json; charset=utf-8");
}

bool internal_header(const std::string& name) {  // cpp-httplib adds these to every request
    return name == "REMOTE_ADDR" || name == "REMOTE_PORT" || name == "LOCAL_ADDR" || name == "LOCAL_PORT";
}

}  // namespace

FaultInjector::FaultInjector(FaultSettings settings) : settings_(std::move(settings)) {}

double FaultInjector::now_ms() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
}

Received FaultInjector::received(const httplib::Request& req) const {
    Received r;
    r.at_ms = now_ms();
    r.method = req.method;
    r.path = req.path;
    for (const auto& [k, v] : req.params) r.params.emplace_back(k, v);
    for (const auto& [k, v] : req.headers)
        if (!internal_header(k)) r.headers.emplace_back(k, v);
    r.body = req.body;
    const std::string auth = r.header("Authorization");
    if (auth.size() > 7 && (auth.rfind("Bearer ", 0) == 0 || auth.rfind("bearer ", 0) == 0)) r.bearer = auth.substr(7);
    r.token_known = valid_tokens_.count(r.bearer) > 0;
    return r;
}

bool FaultInjector::before(const httplib::Request& req, httplib::Response& res) {
    bool handled = false;
    bool slow = false;
    {
        std::lock_guard lock(mutex_);
        Received& r = open_[&req] = received(req);
        recording_.last_request_ms = r.at_ms;
        recorded_bytes_ += r.body.size();
        if (recorded_bytes_ > kMaxRecordedBytes && recording_.flood.empty())
            recording_.flood =
                "sent more than " + std::to_string(kMaxRecordedBytes >> 20) + " MiB of request bodies in one scenario";
        if (recording_.requests.size() + open_.size() > settings_.max_requests || !recording_.flood.empty()) {
            if (recording_.flood.empty())
                recording_.flood = "sent more than " + std::to_string(settings_.max_requests) +
                                   " requests (the scenario's budget, --max-requests)";
            r.fault = "request budget";
            answer(res, 429, {{"error", "too_many_requests"}, {"error_description", recording_.flood}});
            return true;
        }
        handled = inject(req, res, r);
        slow = !handled && settings_.fault == Fault::SlowAnswers && r.is_block() && ++slow_blocks_ <= 2;
    }
    if (slow) std::this_thread::sleep_for(std::chrono::milliseconds(settings_.slow_ms));
    return handled;
}

bool FaultInjector::inject(const httplib::Request& req, httplib::Response& res, Received& received) {
    const auto refuse = [&](int status, const std::string& error) {
        received.fault = settings_.fault_name;
        answer(
            res, status,
            {{"error", error},
             {"error_description", "the block was not accepted (certification scenario " + settings_.fault_name + ")"},
             {"ticket", settings_.marker}});
        return true;
    };
    if (expired_tokens_.count(received.bearer)) {
        received.fault = settings_.fault_name;
        res.set_header("WWW-Authenticate",
                       "Bearer error=\"invalid_token\", error_description=\"the access token expired\"");
        answer(res, 401, {{"error", "invalid_token"}, {"error_description", "the access token expired"}});
        return true;
    }
    const bool first_block = received.is_block() && received.token_known && !fault_done_;
    switch (settings_.fault) {
        case Fault::TokenExpiry:
            if (accepted_blocks_ == 0 || fault_done_ || received.path == "/Token" || !received.token_known)
                return false;
            fault_done_ = true;
            expired_tokens_.insert(valid_tokens_.begin(), valid_tokens_.end());
            valid_tokens_.clear();
            return inject(req, res, received);  // answered 401 as an expired token
        case Fault::RefusedBlock:
            if (!first_block) return false;
            fault_done_ = true;
            return refuse(400, "invalid_block");
        case Fault::ServerError:
            if (!first_block) return false;
            fault_done_ = true;
            return refuse(500, "internal_error");
        case Fault::NotEnabledForWriting:
            return received.is_block() && received.token_known && refuse(403, "forbidden");
        case Fault::DroppedConnection:
            if (!first_block) return false;
            fault_done_ = true;
            received.fault = settings_.fault_name;
            // The status line and headers go out, then the connection closes: the body never comes.
            res.status = 200;
            res.set_content_provider(4096, "application/json",
                                     [](std::size_t, std::size_t, httplib::DataSink&) { return false; });
            return true;
        case Fault::LostRecord: {
            if (!first_block || !settings_.store) return false;
            json block = json::parse(req.body, nullptr, false);
            if (!block.is_array() || block.size() < 2) return false;
            const std::size_t sent = block.size();
            // The last active record: a list counts it whether or not it shows deleted ones.
            const auto lost = std::find_if(block.rbegin(), block.rend(), [](const json& r) {
                return r.is_object() && r.value("flg_isdeleted", true) == false;
            });
            if (lost == block.rend()) return false;
            block.erase(std::next(lost).base());
            try {
                settings_.store(req.path.substr(std::string("/api/sync/").size()), block);
            } catch (const std::exception&) {
                return false;  // the stub answers the block as it would
            }
            fault_done_ = true;
            received.fault = settings_.fault_name;
            answer(res, 200, {{"accepted", sent}});
            return true;
        }
        case Fault::None:
        case Fault::SlowAnswers: return false;
    }
    return false;
}

void FaultInjector::answered(const httplib::Request& req, const httplib::Response& res) {
    // Here, not in after(): the connector may send its next request before after() runs.
    std::lock_guard lock(mutex_);
    if (req.method == "POST" && req.path == "/Token" && res.status == 200) {
        const json body = json::parse(res.body, nullptr, false);
        if (body.is_object() && body.contains("access_token") && body["access_token"].is_string()) {
            valid_tokens_.insert(body["access_token"].get<std::string>());
            recording_.tokens.push_back(body["access_token"].get<std::string>());
        }
    }
    if (req.method == "POST" && req.path.rfind("/api/sync/", 0) == 0 && res.status == 200) ++accepted_blocks_;
}

void FaultInjector::after(const httplib::Request& req, const httplib::Response& res) {
    std::lock_guard lock(mutex_);
    const auto it = open_.find(&req);
    Received r =
        it == open_.end() ? received(req) : std::move(it->second);  // a path no endpoint serves comes only here
    if (it != open_.end()) open_.erase(it);
    recording_.last_request_ms = now_ms();
    const bool cut = r.fault == settings_.fault_name && settings_.fault == Fault::DroppedConnection && r.is_block();
    if (!cut) {  // a cut answer never came
        r.status = res.status;
        for (const auto& [k, v] : res.headers) r.response_headers.emplace_back(k, v);
        r.response_body = res.body;
    }
    recording_.requests.push_back(std::move(r));
    if (recording_.requests.size() + open_.size() > settings_.max_requests && recording_.flood.empty())
        recording_.flood = "sent more than " + std::to_string(settings_.max_requests) +
                           " requests (the scenario's budget, --max-requests)";
}

Recording FaultInjector::recording() const {
    std::lock_guard lock(mutex_);
    Recording out = recording_;
    std::stable_sort(out.requests.begin(), out.requests.end(),
                     [](const Received& a, const Received& b) { return a.at_ms < b.at_ms; });
    for (std::size_t i = 0; i < out.requests.size(); ++i) out.requests[i].seq = static_cast<int>(i) + 1;
    return out;
}

double FaultInjector::quiet_ms() const {
    std::lock_guard lock(mutex_);
    return now_ms() - recording_.last_request_ms;
}

std::string FaultInjector::stop_reason() const {
    std::lock_guard lock(mutex_);
    return recording_.flood;
}

}  // namespace bds::certify
