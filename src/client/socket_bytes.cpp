#include "client/socket_bytes.hpp"

// linux/tcp.h, not netinet/tcp.h: only the kernel's header has tcpi_bytes_received, and the two do not mix
// (which is why this lives apart from httplib.h).
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstddef>

namespace bds::client {

std::optional<std::uint64_t> socket_bytes_received(int fd) {
    if (fd < 0) return std::nullopt;
    tcp_info info{};
    socklen_t length = sizeof info;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return std::nullopt;
    if (length < offsetof(tcp_info, tcpi_bytes_received) + sizeof info.tcpi_bytes_received) return std::nullopt;
    return info.tcpi_bytes_received;
}

std::optional<std::uint64_t> socket_bytes_read(int fd) {
    const auto received = socket_bytes_received(fd);  // first: bytes arriving in between only lower the result
    int unread = 0;
    if (!received || ioctl(fd, FIONREAD, &unread) != 0 || unread < 0) return std::nullopt;
    return *received - std::min<std::uint64_t>(*received, static_cast<std::uint64_t>(unread));
}

}  // namespace bds::client
