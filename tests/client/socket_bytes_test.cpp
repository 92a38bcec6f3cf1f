// What the HTTP client's watchdog reads of a socket: bytes the program has read, apart from bytes that
// only arrived. Judged by arrival, a large page that came in before a busy client parsed its headers was cut as
// "endless headers" (a false error of SCH-01/SCH-02 in the tolerance matrix on a loaded machine).
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "client/raw_server.hpp"
#include "client/socket_bytes.hpp"

namespace bds::client {
namespace {

TEST(SocketBytes, BytesReadAreThoseTheProgramTookNotThoseThatArrived) {
    test::RawServer server([](test::RawConnection& c) {
        if (!c.read_head()) return;
        c.send(std::string(200 * 1024, 'x'));
        c.pause(2000);
    });
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(static_cast<std::uint16_t>(server.port()));
    ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    const std::string request = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
    ASSERT_EQ(::send(fd, request.data(), request.size(), 0), static_cast<ssize_t>(request.size()));

    // Wait until some of the answer has arrived, unread.
    std::uint64_t arrived = 0;
    for (int i = 0; i < 200 && arrived < 16 * 1024; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        arrived = socket_bytes_received(fd).value_or(0);
    }
    ASSERT_GE(arrived, 16u * 1024) << "the answer did not arrive";
    EXPECT_EQ(socket_bytes_read(fd).value_or(99), 0u) << "nothing was read yet";

    char buffer[1000];
    std::size_t taken = 0;
    while (taken < sizeof buffer) {
        const ssize_t n = ::recv(fd, buffer, sizeof buffer - taken, 0);
        ASSERT_GT(n, 0);
        taken += static_cast<std::size_t>(n);
    }
    EXPECT_EQ(socket_bytes_read(fd).value_or(0), 1000u);
    EXPECT_GT(socket_bytes_received(fd).value_or(0), 1000u);
    ::close(fd);
}

}  // namespace
}  // namespace bds::client
