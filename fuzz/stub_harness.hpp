#pragma once
// The reference stub's routes on an httplib::Server fed whole HTTP requests from memory, for the fuzz targets:
// an input goes through exactly what a POST to the stub runs (httplib's request reading and routing, then the
// route), without a socket or a thread, so each execution is fast and reproducible.
#include <httplib.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <string_view>

#include "catalogue/catalogue.hpp"
#include "common/text.hpp"
#include "stub/routes.hpp"
#include "stub/state.hpp"

namespace bds::fuzz {

/// A request's bytes in, the answer's bytes out.
class MemoryStream : public httplib::Stream {
public:
    explicit MemoryStream(std::string_view request) : in_(request) {}

    bool is_readable() const override { return true; }
    bool is_writable() const override { return true; }
    ssize_t read(char* ptr, size_t size) override {
        const std::size_t n = std::min(size, in_.size() - pos_);
        in_.copy(ptr, n, pos_);
        pos_ += n;
        return static_cast<ssize_t>(n);
    }
    ssize_t write(const char* ptr, size_t size) override {
        out_.append(ptr, size);
        return static_cast<ssize_t>(size);
    }
    void get_remote_ip_and_port(std::string& ip, int& port) const override {
        ip = "127.0.0.1";
        port = 0;
    }
    void get_local_ip_and_port(std::string& ip, int& port) const override {
        ip = "127.0.0.1";
        port = 0;
    }
    socket_t socket() const override { return 0; }

    const std::string& written() const { return out_; }

private:
    std::string_view in_;
    std::size_t pos_ = 0;
    std::string out_;
};

/// The stub's state and routes. Its clock stands still, so a token never expires however long a run lasts, and
/// an input gives the same answer whenever it runs.
class InProcessStub : public httplib::Server {
public:
    struct Answer {
        int status = 0;
        std::string body;
    };

    explicit InProcessStub(const Catalogue& catalogue, stub::Choices choices = {})
        : state_(std::make_unique<stub::StubState>(catalogue, options(choices))) {
        // The stub answers 500 to an exception escaping a route; to a fuzzer that is a finding, with its input.
        set_exception_handler([](const httplib::Request& req, httplib::Response&, std::exception_ptr ep) {
            const std::string what = exception_text(ep, "a non-std exception");
            std::fprintf(stderr, "fuzz: %s %s: exception escaped the route: %s\n", req.method.c_str(), req.path.c_str(),
                         what.c_str());
            std::abort();
        });
        stub::add_read_routes(*this, *state_);
        stub::add_write_routes(*this, *state_);
        writer_token_ = state_->tokens.issue("writer");
    }

    stub::StubState& state() { return *state_; }

    /// Sends `method` `path` with `body` as the demo writer, with the stub's Content-Type.
    Answer request(const std::string& method, const std::string& path, std::string_view body = {}) {
        std::string request =
            method + " " + path + " HTTP/1.1\r\nHost: fuzz\r\nAuthorization: Bearer " + writer_token_ +
            "\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: " + std::to_string(body.size()) +
            "\r\nConnection: close\r\n\r\n";
        request.append(body);
        MemoryStream stream(request);
        bool closed = false;
        process_request(stream, true, closed, nullptr);
        return parse_answer(stream.written());
    }

private:
    static stub::StubOptions options(stub::Choices choices) {
        stub::StubOptions o;
        o.choices = choices;
        o.threads = 1;
        o.clock = [] {
            return std::chrono::system_clock::time_point(std::chrono::sys_days{std::chrono::year{2026} / 3 / 1});
        };
        return o;
    }

    static Answer parse_answer(const std::string& raw) {
        // "HTTP/1.1 200 OK\r\n...\r\n\r\nbody"
        Answer a;
        if (raw.size() < 12 || raw.compare(0, 9, "HTTP/1.1 ") != 0) {
            std::fprintf(stderr, "fuzz: no HTTP answer: %.200s\n", raw.c_str());
            std::abort();
        }
        a.status = std::atoi(raw.substr(9, 3).c_str());
        const auto end = raw.find("\r\n\r\n");
        if (end != std::string::npos) a.body = raw.substr(end + 4);
        return a;
    }

    std::unique_ptr<stub::StubState> state_;
    std::string writer_token_;
};

/// Stops the run when the stub answers anything but a success or a clear refusal (a 4xx with a JSON body).
inline void expect_clear_answer(const InProcessStub::Answer& a, std::string_view input) {
    if (a.status == 200 || (a.status >= 400 && a.status < 500 && !a.body.empty())) return;
    std::fprintf(stderr, "fuzz: status %d, body %.300s\n  for input %.300s\n", a.status, a.body.c_str(),
                 std::string(input).c_str());
    std::abort();
}

}  // namespace bds::fuzz
