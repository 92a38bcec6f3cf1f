#pragma once
// A proxy in front of the reference stub that breaks one rule on purpose: tests of the checks use it to show
// a check fails on a server that breaks its rule (and passes on the faithful stub behind it).
#include <httplib.h>

#include <functional>
#include <memory>
#include <string>
#include <thread>

namespace bds::test {

class BreakingProxy {
public:
    /// Answers instead of the stub when it returns true (the request never reaches the stub).
    using Before = std::function<bool(const httplib::Request&, httplib::Response&)>;
    /// Changes the stub's answer before it goes back.
    using After = std::function<void(const httplib::Request&, httplib::Response&)>;
    /// Changes the request before it goes to the stub (path with query, headers, body).
    using Rewrite = std::function<void(std::string& target, httplib::Headers& headers, std::string& body)>;
    /// Runs around each request's whole way through the proxy: `pass` forwards it (a server that serves one request
    /// at a time, or stalls, holds it back here).
    using Around = std::function<void(const httplib::Request&, const std::function<void()>& pass)>;

    BreakingProxy(std::string upstream_base_url, Before before = {}, After after = {}, Rewrite rewrite = {},
                  Around around = {});
    ~BreakingProxy();
    BreakingProxy(const BreakingProxy&) = delete;
    BreakingProxy& operator=(const BreakingProxy&) = delete;

    std::string base_url() const { return "http://127.0.0.1:" + std::to_string(port_); }

private:
    void forward(const httplib::Request& req, httplib::Response& res);

    std::string upstream_;
    Before before_;
    After after_;
    Rewrite rewrite_;
    Around around_;
    httplib::Server server_;
    std::thread thread_;
    int port_ = 0;
};

}  // namespace bds::test
