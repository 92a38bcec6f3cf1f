#include "run/proxy_fixture.hpp"

#include <stdexcept>

namespace bds::test {

BreakingProxy::BreakingProxy(std::string upstream, Before before, After after, Rewrite rewrite, Around around)
    : upstream_(std::move(upstream)),
      before_(std::move(before)),
      after_(std::move(after)),
      rewrite_(std::move(rewrite)),
      around_(std::move(around)) {
    const auto handler = [this](const httplib::Request& req, httplib::Response& res) {
        if (around_)
            around_(req, [&] { forward(req, res); });
        else
            forward(req, res);
    };
    server_.Get(".*", handler);
    server_.Post(".*", handler);
    server_.Put(".*", handler);
    server_.Delete(".*", handler);
    server_.set_tcp_nodelay(true);
    // Keep-alive connections each hold a thread: two runs and another client at once need more than the default 8.
    server_.new_task_queue = [] { return new httplib::ThreadPool(64); };
    port_ = server_.bind_to_any_port("127.0.0.1");
    if (port_ <= 0) throw std::runtime_error("proxy: cannot bind");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    while (!server_.is_running()) std::this_thread::yield();
}

BreakingProxy::~BreakingProxy() {
    server_.stop();
    thread_.join();
}

void BreakingProxy::forward(const httplib::Request& req, httplib::Response& res) {
    if (before_ && before_(req, res)) return;
    std::string target = req.target;
    httplib::Headers headers;
    for (const auto& [k, v] : req.headers)
        if (k != "Host" && k != "Content-Length" && k != "REMOTE_ADDR" && k != "REMOTE_PORT" && k != "LOCAL_ADDR" &&
            k != "LOCAL_PORT")
            headers.emplace(k, v);
    std::string body = req.body;
    if (rewrite_) rewrite_(target, headers, body);
    httplib::Client upstream(upstream_);
    upstream.set_tcp_nodelay(true);
    httplib::Request out;
    out.method = req.method;
    out.path = target;
    out.headers = headers;
    out.body = body;
    auto r = upstream.send(out);
    if (!r) {
        res.status = 502;
        return;
    }
    res.status = r->status;
    for (const auto& [k, v] : r->headers)
        if (k != "Content-Length" && k != "Transfer-Encoding" && k != "Connection" && k != "Keep-Alive")
            res.set_header(k, v);
    res.body = r->body;
    if (after_) after_(req, res);
}

}  // namespace bds::test
