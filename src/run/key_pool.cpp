#include "run/key_pool.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "common/text.hpp"

namespace bds::run {

std::string pool_prefix(const std::string& name) {
    std::uint64_t h = 14695981039346656037ull;
    for (const unsigned char c : name) {
        h ^= c;
        h *= 1099511628211ull;
    }
    // As a random prefix is made (run/session.cpp): a letter first, then two base-36 characters.
    return std::string(1, static_cast<char>('a' + h % 26)) + base36((h / 26) % (36 * 36), 2);
}

PoolLock::PoolLock(const std::string& dir, const std::string& name) {
    const auto path =
        std::filesystem::path(dir.empty() ? "." : dir) / ("conformance-pool-" + pool_prefix(name) + ".lock");
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0)
        throw std::runtime_error("key pool \"" + name + "\": cannot open its lock file " + path.string() + ": " +
                                 std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        const int e = errno;
        ::close(fd_);
        fd_ = -1;
        throw std::runtime_error(
            e == EWOULDBLOCK
                ? "key pool \"" + name + "\" is in use: another run of it on this machine holds " + path.string() +
                      " (one run per pool at a time: wait for it to end, or give another --key-pool)"
                : "key pool \"" + name + "\": cannot lock " + path.string() + ": " + std::strerror(e));
    }
}

PoolLock::~PoolLock() {
    if (fd_ >= 0) ::close(fd_);  // closing the file lets the lock go
}

std::unique_ptr<PoolLock> lock_pool(const std::string& name) {
    if (name.empty()) return nullptr;
    return std::make_unique<PoolLock>(std::filesystem::temp_directory_path().string(), name);
}

}  // namespace bds::run
