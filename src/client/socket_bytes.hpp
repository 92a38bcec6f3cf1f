#pragma once
/// Bytes a TCP socket has received so far, from the kernel (Linux TCP_INFO): how the HTTP client's watchdog sees
/// a target sending endless headers, which cpp-httplib keeps in memory before any callback of ours runs.
#include <cstdint>
#include <optional>

namespace bds::client {

/// Bytes received on `fd` since it connected; nullopt when the kernel does not say (not TCP, closed, old kernel).
std::optional<std::uint64_t> socket_bytes_received(int fd);

}  // namespace bds::client
