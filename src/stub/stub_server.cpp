#include "stub/stub_server.hpp"

#include <httplib.h>

#include <chrono>
#include <regex>
#include <stdexcept>

#include "common/text.hpp"
#include "stub/http_util.hpp"
#include "stub/normalize.hpp"
#include "stub/routes.hpp"
#include "stub/state.hpp"

namespace bds::stub {

namespace {

std::unique_ptr<httplib::Server> make_server(const StubOptions& opts) {
    if (opts.tls_cert.empty() && opts.tls_key.empty()) return std::make_unique<httplib::Server>();
    if (opts.tls_cert.empty() || opts.tls_key.empty())
        throw std::runtime_error("HTTPS needs both a certificate and its private key");
    auto server = std::make_unique<httplib::SSLServer>(opts.tls_cert.c_str(), opts.tls_key.c_str());
    if (!server->is_valid())
        throw std::runtime_error("cannot serve HTTPS with certificate " + opts.tls_cert + " and key " + opts.tls_key +
                                 ": expected readable PEM files, the key matching the certificate");
    return server;
}

}  // namespace

httplib::Server::Handler intercepted(StubState& state, httplib::Server::Handler handler) {
    Interceptor* interceptor = state.options.interceptor.get();
    if (!interceptor) return handler;
    return [interceptor, handler = std::move(handler)](const httplib::Request& req, httplib::Response& res) {
        if (interceptor->before(req, res)) return;
        handler(req, res);
        interceptor->answered(req, res);
    };
}

StubServer::StubServer(const Catalogue& catalogue, StubOptions options)
    : state_(std::make_unique<StubState>(catalogue, std::move(options))), server_(make_server(state_->options)) {
    auto& svr = *server_;
    const auto& opts = state_->options;
    // Measured on 2 cores: Nagle + delayed ACK cap a keep-alive client at ~38 requests/s.
    svr.set_tcp_nodelay(true);
    svr.set_keep_alive_max_count(1000);
    svr.set_payload_max_length(opts.max_body);
    const int threads = opts.threads;
    svr.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
    const Variation& variation = state_->variation;
    // A request is served on one thread from its pre-routing handler to its post-routing one (the error and exception
    // handlers between them): whether a defect shows on it (StubOptions::defect_rate) is drawn first, and kept until
    // its answer is made.
    svr.set_pre_routing_handler([&variation](const httplib::Request& req, httplib::Response& res) {
        variation.begin_request();
        return variation.intercept(req, res) ? httplib::Server::HandlerResponse::Handled
                                             : httplib::Server::HandlerResponse::Unhandled;
    });
    svr.set_post_routing_handler(
        [&variation](const httplib::Request&, httplib::Response&) { variation.end_request(); });
    if (Interceptor* interceptor = opts.interceptor.get())
        svr.set_logger(
            [interceptor](const httplib::Request& req, const httplib::Response& res) { interceptor->after(req, res); });
    svr.set_exception_handler([&variation](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
        variation.error(res, 500, "internal_error", exception_text(ep, "unexpected error"));
    });
    // Answers cpp-httplib gives itself (no route, a body too large): the stub's own errors set a reason phrase.
    svr.set_error_handler([&variation](const httplib::Request& req, httplib::Response& res) {
        if (!res.reason.empty()) return;
        static const std::regex known(R"(/Token|/api/Account/TokenInfo|/api/resources/[^/]+(/query)?|/api/sync/[^/]+)");
        if (res.status == 404 && std::regex_match(req.path, known) && variation.wrong_method_status() == 405) {
            res.set_header("Allow", req.path.rfind("/api/sync/", 0) == 0                                   ? "GET, POST"
                                    : req.path.find("/query") != std::string::npos || req.path == "/Token" ? "POST"
                                                                                                           : "GET");
            variation.error(res, 405, "method_not_allowed", req.method + " is not served at " + req.path);
        } else if (res.status == 404) {
            variation.error(res, 404, "not_found", "no endpoint " + req.method + " " + req.path);
        } else if (res.status == 413) {
            variation.error(res, 413, "payload_too_large", "the request body is too large");
        } else {
            variation.error(res, res.status, "error", "HTTP status " + std::to_string(res.status));
        }
    });
    add_token_routes(svr, *state_);
    add_read_routes(svr, *state_);
    add_write_routes(svr, *state_);
}

StubServer::~StubServer() { stop(); }

int StubServer::bind() {
    const auto& opts = state_->options;
    port_ = opts.port == 0 ? server_->bind_to_any_port(opts.host)
                           : (server_->bind_to_port(opts.host, opts.port) ? opts.port : -1);
    if (port_ <= 0) throw std::runtime_error("cannot listen on " + opts.host + ":" + std::to_string(opts.port));
    return port_;
}

int StubServer::start() {
    bind();
    thread_ = std::thread([this] { server_->listen_after_bind(); });
    // cpp-httplib 0.11 has no wait_until_ready: the socket is bound, so this is only the thread starting.
    for (int i = 0; i < 5000 && !server_->is_running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (!server_->is_running()) {
        stop();
        throw std::runtime_error("the stub did not start serving on " + base_url());
    }
    return port_;
}

void StubServer::run_announcing(const std::function<void(const std::string&)>& ready) {
    bind();
    ready(base_url());
    server_->listen_after_bind();
}

void StubServer::stop() {
    server_->stop();
    if (thread_.joinable()) thread_.join();
}

std::string StubServer::base_url() const {
    return (state_->options.tls_cert.empty() ? "http://" : "https://") + state_->options.host + ":" +
           std::to_string(port_);
}

nlohmann::json StubServer::rows(int tenant, const std::string& resource) const {
    return state_->store.read(tenant, [&](const TenantData& data) {
        nlohmann::json out = nlohmann::json::array();
        if (const Table* table = data.table(resource))
            for (const auto& [key, row] : table->rows) out.push_back(row.record);
        return out;
    });
}

void StubServer::load(int tenant, const std::string& resource, const nlohmann::json& records) {
    const Record* record = state_->catalogue.find(resource);
    if (!record || !record->writable())
        throw std::runtime_error("cannot load \"" + resource + "\": not a writable resource");
    if (!records.is_array()) throw std::runtime_error("cannot load \"" + resource + "\": expected an array of records");
    std::vector<nlohmann::json> normalized;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const auto violations = state_->validator(*record).validate(records[i], "/" + std::to_string(i));
        for (const auto& v : violations)
            if (state_->variation.refuses(*record, records[i], v))
                throw std::runtime_error(resource + v.pointer + ": " + v.message);
        try {
            normalized.push_back(normalize_for_store(state_->catalogue, *record, records[i], tenant,
                                                     state_->variation.sql_profile(), state_->variation.key_rules()));
            state_->variation.before_store(*record, records[i], normalized.back());
        } catch (const NormalizeError& e) {
            throw std::runtime_error(resource + "/" + std::to_string(i) + e.pointer + ": " + e.message);
        }
    }
    state_->store.upsert(tenant, *record, std::move(normalized));
}

}  // namespace bds::stub
