#include "client/raw_server.hpp"

#include <netinet/in.h>
#include <openssl/ssl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <stdexcept>

namespace bds::test {

bool RawConnection::receive() {
    char chunk[65536];
    const ssize_t n = tls_ ? SSL_read(tls_, chunk, sizeof chunk) : ::recv(fd_, chunk, sizeof chunk, 0);
    if (n <= 0) return false;
    buffered_.append(chunk, static_cast<std::size_t>(n));
    return true;
}

std::optional<std::string> RawConnection::read_head() {
    while (true) {
        if (const auto end = buffered_.find("\r\n\r\n"); end != std::string::npos) {
            std::string head = buffered_.substr(0, end + 4);
            buffered_.erase(0, end + 4);
            return head;
        }
        if (!receive()) return std::nullopt;
    }
}

std::optional<std::string> RawConnection::read_request() {
    auto head = read_head();
    if (!head) return std::nullopt;
    auto body = read_body(*head);
    if (!body) return std::nullopt;
    return *head + *body;
}

std::optional<std::string> RawConnection::read_body(const std::string& head) {
    std::string lower = head;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::size_t length = 0;
    if (const auto at = lower.find("\r\ncontent-length:"); at != std::string::npos)
        length = std::stoul(lower.substr(at + 17));
    while (buffered_.size() < length)
        if (!receive()) return std::nullopt;
    std::string body = buffered_.substr(0, length);
    buffered_.erase(0, length);
    return body;
}

bool RawConnection::send(std::string_view bytes) {
    while (!bytes.empty()) {
        if (stopping()) return false;
        const int size = static_cast<int>(std::min<std::size_t>(bytes.size(), 1 << 20));
        const ssize_t n =
            tls_ ? SSL_write(tls_, bytes.data(), size) : ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (n <= 0) return false;
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

bool RawConnection::pause(int ms) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < until) {
        if (stopping()) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(std::min(ms, 10)));
    }
    return !stopping();
}

void RawConnection::reset() {
    linger no_linger{1, 0};
    ::setsockopt(fd_, SOL_SOCKET, SO_LINGER, &no_linger, sizeof no_linger);
    ::shutdown(fd_, SHUT_RDWR);
}

RawServer::RawServer(Handler handler, std::optional<TestCertificate> tls) : handler_(std::move(handler)) {
    if (tls) {
        tls_ = SSL_CTX_new(TLS_server_method());
        if (!tls_ || SSL_CTX_use_certificate_chain_file(tls_, tls->cert_path.c_str()) != 1 ||
            SSL_CTX_use_PrivateKey_file(tls_, tls->key_path.c_str(), SSL_FILETYPE_PEM) != 1)
            throw std::runtime_error("RawServer: cannot use the certificate " + tls->cert_path);
    }
    listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (listen_fd_ < 0) throw std::runtime_error("RawServer: socket() failed");
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    socklen_t length = sizeof addr;
    if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(listen_fd_, 16) != 0 ||
        ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &length) != 0) {
        ::close(listen_fd_);
        throw std::runtime_error("RawServer: cannot listen on 127.0.0.1");
    }
    port_ = ntohs(addr.sin_port);
    acceptor_ = std::thread([this] { accept_loop(); });
}

RawServer::~RawServer() {
    stopping_ = true;
    acceptor_.join();
    {
        std::lock_guard lock(mutex_);
        for (int fd : open_fds_) ::shutdown(fd, SHUT_RDWR);  // wakes handlers blocked in recv/send
    }
    for (auto& t : handlers_) t.join();
    ::close(listen_fd_);
    SSL_CTX_free(tls_);
}

void RawServer::serve(int fd) {
    SSL* ssl = nullptr;
    if (tls_) {
        // OpenSSL writes with write(2): a peer gone would raise SIGPIPE in the test program. Blocked in this thread,
        // the write fails with EPIPE instead.
        sigset_t pipe;
        sigemptyset(&pipe);
        sigaddset(&pipe, SIGPIPE);
        pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
        ssl = SSL_new(tls_);
        SSL_set_fd(ssl, fd);
        if (SSL_accept(ssl) != 1) {
            SSL_free(ssl);
            return;
        }
    }
    RawConnection connection(fd, stopping_, ssl);
    try {
        handler_(connection);
    } catch (...) {
        // A handler's own trouble ends its connection only.
    }
    if (ssl) {
        SSL_shutdown(ssl);
        SSL_free(ssl);
    }
}

void RawServer::accept_loop() {
    while (!stopping_) {
        pollfd p{listen_fd_, POLLIN, 0};
        if (::poll(&p, 1, 20) <= 0) continue;
        const int fd = ::accept(listen_fd_, nullptr, nullptr);
        if (fd < 0) continue;
        ++accepted_;
        std::lock_guard lock(mutex_);
        open_fds_.push_back(fd);
        handlers_.emplace_back([this, fd] {
            serve(fd);
            {
                std::lock_guard lock(mutex_);
                open_fds_.erase(std::remove(open_fds_.begin(), open_fds_.end(), fd), open_fds_.end());
            }
            ::close(fd);
        });
    }
}

std::string gzip(const std::string& data) {
    z_stream z{};
    deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY);
    std::string out(deflateBound(&z, data.size()), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

std::string http_response(int status, const std::string& body, const std::string& extra_headers) {
    return "HTTP/1.1 " + std::to_string(status) +
           " X\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n" +
           extra_headers + "\r\n" + body;
}

}  // namespace bds::test
