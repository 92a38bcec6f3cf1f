#pragma once
// A TCP server on 127.0.0.1 (port 0) whose every connection runs a scripted handler that writes what bytes it
// likes, when it likes: the misbehaving targets of docs/architecture.md, "Hostile targets" (a drip, endless headers, a
// close before reading the body, a hang) that no HTTP library would let a test server be. Over TLS too, given a
// certificate.
#include <atomic>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "client/test_certificate.hpp"

struct ssl_st;
struct ssl_ctx_st;

namespace bds::test {

/// One accepted connection, for its handler.
class RawConnection {
public:
    RawConnection(int fd, const std::atomic<bool>& stopping, ssl_st* tls = nullptr)
        : fd_(fd), stopping_(stopping), tls_(tls) {}

    /// The next request's head (request line and headers, up to the blank line); nullopt when the peer closed.
    std::optional<std::string> read_head();
    /// The body that follows `head`: as many bytes as its Content-Length says; nullopt when the peer closed.
    std::optional<std::string> read_body(const std::string& head);
    /// The head and then its body.
    std::optional<std::string> read_request();
    /// Writes all of `bytes` (no SIGPIPE, over TLS too); false once the peer has gone or the server stops.
    bool send(std::string_view bytes);
    /// Sleeps `ms`; false if the server stops meanwhile (a handler that loops ends then).
    bool pause(int ms);
    /// Closes with a reset (SO_LINGER 0) instead of an orderly close.
    void reset();
    bool stopping() const { return stopping_.load(); }
    int fd() const { return fd_; }

private:
    /// Some bytes into `buffered_`; false when the peer closed.
    bool receive();

    int fd_;
    const std::atomic<bool>& stopping_;
    ssl_st* tls_;
    std::string buffered_;
};

class RawServer {
public:
    using Handler = std::function<void(RawConnection&)>;
    /// Listens at once; each connection runs `handler` on its own thread, then closes. With `tls`, each connection
    /// is a TLS server with that certificate (handshake first).
    explicit RawServer(Handler handler, std::optional<TestCertificate> tls = std::nullopt);
    /// Stops accepting, wakes every handler (their sockets are shut down) and joins them.
    ~RawServer();
    RawServer(const RawServer&) = delete;
    RawServer& operator=(const RawServer&) = delete;

    std::string base_url() const { return (tls_ ? "https://127.0.0.1:" : "http://127.0.0.1:") + std::to_string(port_); }
    int port() const { return port_; }
    /// Connections accepted so far.
    int connections() const { return accepted_.load(); }

private:
    void accept_loop();

    void serve(int fd);

    Handler handler_;
    ssl_ctx_st* tls_ = nullptr;
    int listen_fd_ = -1;
    int port_ = 0;
    std::atomic<bool> stopping_{false};
    std::atomic<int> accepted_{0};
    std::mutex mutex_;
    std::vector<int> open_fds_;
    std::vector<std::thread> handlers_;
    std::thread acceptor_;
};

/// "HTTP/1.1 <status> X\r\nContent-Type: application/json\r\nContent-Length: n\r\n<extra>\r\n<body>".
std::string http_response(int status, const std::string& body, const std::string& extra_headers = "");

/// `data` gzip-compressed (a body for Content-Encoding: gzip).
std::string gzip(const std::string& data);

}  // namespace bds::test
