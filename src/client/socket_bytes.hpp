#pragma once
/// Bytes a TCP socket has received so far, from the kernel (Linux TCP_INFO): how the HTTP client's watchdog sees
/// a target sending endless headers, which cpp-httplib keeps in memory before any callback of ours runs.
#include <cstdint>
#include <optional>

namespace bds::client {

/// Bytes received on `fd` since it connected; nullopt when the kernel does not say (not TCP, closed, old kernel).
std::optional<std::uint64_t> socket_bytes_received(int fd);

/// Bytes the program has read from `fd` since it connected: those received less those still waiting in the
/// kernel's buffer. A large answer arrives faster than a busy program parses its headers, so "received" alone
/// made a big page look like endless headers.
std::optional<std::uint64_t> socket_bytes_read(int fd);

}  // namespace bds::client
