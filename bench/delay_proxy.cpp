#include "delay_proxy.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>
#include <vector>

namespace bds::bench {
int loopback_socket(int port, bool listen_on_it) {
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const auto* a = reinterpret_cast<const sockaddr*>(&addr);
    const bool ok = fd >= 0 && (listen_on_it ? bind(fd, a, sizeof addr) == 0 && listen(fd, 128) == 0
                                             : connect(fd, a, sizeof addr) == 0);
    if (!ok && fd >= 0) close(fd);
    return ok ? fd : -1;
}

namespace {

using Clock = std::chrono::steady_clock;

void no_delay(int fd) {  // else Nagle and delayed ACKs add up to 40 ms of their own to small answers
    const int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

}  // namespace

DelayProxy::DelayProxy(int upstream_port, int delay_ms) : upstream_port_(upstream_port), delay_(delay_ms) {
    listener_ = loopback_socket(0, true);
    if (listener_ < 0) throw std::runtime_error("proxy: cannot listen on loopback");
    sockaddr_in addr{};
    socklen_t len = sizeof addr;
    getsockname(listener_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
    acceptor_ = std::thread([this] { accept_loop(); });
}

DelayProxy::~DelayProxy() {
    stopping_ = true;
    shutdown(listener_, SHUT_RDWR);  // wakes accept()
    acceptor_.join();
    close(listener_);
    for (auto& link : links_) {  // the run has ended: cut what is left, then wait for every thread
        shutdown(link->client, SHUT_RDWR);
        shutdown(link->upstream, SHUT_RDWR);
        close_link(*link);
    }
}

void DelayProxy::close_link(Link& link) {
    for (auto& t : link.threads) t.join();
    close(link.client);
    close(link.upstream);
}

void DelayProxy::accept_loop() {
    while (!stopping_) {
        const int client = accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0) {
            if (errno == EINTR || errno == ECONNABORTED) continue;
            break;
        }
        // Reap the connections both of whose directions have ended, so that a long run does not keep them all.
        for (auto it = links_.begin(); it != links_.end();)
            if ((*it)->finished == 4)
                close_link(**it), it = links_.erase(it);
            else
                ++it;
        const int upstream = loopback_socket(upstream_port_, false);
        if (upstream < 0) {
            close(client);
            continue;
        }
        no_delay(client);
        no_delay(upstream);
        auto link = std::make_unique<Link>();
        Link& l = *link;
        l.client = client;
        l.upstream = upstream;
        l.threads[0] = std::thread([this, &l] { read_side(l.up, l.client, l); });
        l.threads[1] = std::thread([this, &l] { write_side(l.up, l.client, l.upstream, l); });
        l.threads[2] = std::thread([this, &l] { read_side(l.down, l.upstream, l); });
        l.threads[3] = std::thread([this, &l] { write_side(l.down, l.upstream, l.client, l); });
        links_.push_back(std::move(link));
    }
}

/// Reads `from` until it closes, stamping each chunk with when it is due on the other side.
void DelayProxy::read_side(Pipe& pipe, int from, Link& link) {
    std::vector<char> buffer(64 * 1024);
    for (;;) {
        const ssize_t n = recv(from, buffer.data(), buffer.size(), 0);
        if (n < 0 && errno == EINTR) continue;
        std::lock_guard lock(pipe.mutex);
        pipe.chunks.push_back(
            {Clock::now() + delay_, n > 0 ? std::string(buffer.data(), static_cast<std::size_t>(n)) : std::string()});
        pipe.ready.notify_one();
        if (n <= 0) break;
    }
    ++link.finished;
}

/// Sends each chunk to `to` when it is due; passes the close on (a half-close, as TCP would); on a failed send
/// cuts both sockets so that every thread of the connection ends.
void DelayProxy::write_side(Pipe& pipe, int from, int to, Link& link) {
    bool broken = false;
    for (;;) {
        Chunk chunk;
        {
            std::unique_lock lock(pipe.mutex);
            pipe.ready.wait(lock, [&] { return !pipe.chunks.empty(); });
            chunk = std::move(pipe.chunks.front());
            pipe.chunks.pop_front();
        }
        if (broken && !chunk.bytes.empty())
            continue;  // drain until the reader, woken by the shutdown, says its side closed
        std::this_thread::sleep_until(chunk.due);  // due times only grow: a chunk behind this one is not due before
        if (chunk.bytes.empty()) {
            if (!broken) shutdown(to, SHUT_WR);
            break;
        }
        for (std::size_t sent = 0; sent < chunk.bytes.size() && !broken;) {
            const ssize_t n = send(to, chunk.bytes.data() + sent, chunk.bytes.size() - sent, MSG_NOSIGNAL);
            if (n > 0)
                sent += static_cast<std::size_t>(n);
            else if (errno != EINTR)
                broken = true;
        }
        if (broken) shutdown(to, SHUT_RDWR), shutdown(from, SHUT_RDWR);
    }
    ++link.finished;
}

// ---------------------------------------------------------------------------------------------------------------
}  // namespace bds::bench
