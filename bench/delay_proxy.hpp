#pragma once
/// A TCP proxy on loopback that delays every byte it passes on: a target across a network, simulated, for the
/// benchmarks (bench/remote_bench.cpp).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace bds::bench {

/// A TCP socket on 127.0.0.1:`port`, listening (port 0: any free one) or connected; -1 when that fails.
int loopback_socket(int port, bool listen_on_it);

/// The delaying proxy: every chunk read from one side is written to the other `delay` after it was read. Per
/// connection and direction a reader thread stamps chunks into a queue and a writer thread sends each when it is
/// due, so that the delay is latency only: the reader never sleeps, and bandwidth stays that of loopback.
/// Connection set-up itself is not delayed (the harness keeps its connections alive, so it costs little).
class DelayProxy {
public:
    DelayProxy(int upstream_port, int delay_ms);
    ~DelayProxy();
    int port() const { return port_; }

private:
    struct Chunk {
        std::chrono::steady_clock::time_point due;
        std::string bytes;  // empty: the side read from has closed
    };
    /// One direction of one connection.
    struct Pipe {
        std::mutex mutex;
        std::condition_variable ready;
        std::deque<Chunk> chunks;
    };
    struct Link {
        int client = -1, upstream = -1;
        Pipe up, down;
        std::thread threads[4];
        std::atomic<int> finished{0};
    };
    void accept_loop();
    void read_side(Pipe& pipe, int from, Link& link);
    void write_side(Pipe& pipe, int from, int to, Link& link);
    static void close_link(Link& link);

    int upstream_port_, listener_ = -1, port_ = 0;
    std::chrono::milliseconds delay_;
    std::atomic<bool> stopping_{false};
    std::list<std::unique_ptr<Link>> links_;  // only the accept thread touches it until the destructor joins it
    std::thread acceptor_;
};

}  // namespace bds::bench
