#include "common/whole_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <random>
#include <stdexcept>

namespace bds {
namespace {

namespace fs = std::filesystem;

std::string errno_text(int error) { return std::strerror(error); }

/// A new, empty, hidden file beside `path`, open for writing (its descriptor, and its name in `temp`); -1 with errno.
int make_temporary(const fs::path& path, fs::path& temp) {
    static std::atomic<unsigned> counter{0};
    static const unsigned salt = std::random_device{}();
    const fs::path folder = path.parent_path().empty() ? fs::path(".") : path.parent_path();
    for (int attempt = 0; attempt < 100; ++attempt) {
        temp = folder / ("." + path.filename().string() + ".tmp-" + std::to_string(::getpid()) + "-" +
                         std::to_string(salt % 100000) + "-" + std::to_string(counter++));
        // 0666 less the umask: the mode an ordinary new file gets (mkstemp's 0600 would hide the report from the
        // CI user who reads it).
        const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    errno = EEXIST;
    return -1;
}

/// Writes all of `text` to `fd`; false with errno.
bool write_all(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        text.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

}  // namespace

void write_whole_file(const fs::path& path, std::string_view text) {
    const auto fail = [&](int error) {
        throw std::runtime_error("cannot write " + path.string() + ": " + errno_text(error));
    };
    if (path.filename().empty()) throw std::runtime_error("cannot write " + path.string() + ": no file name");
    fs::path temp;
    const int fd = make_temporary(path, temp);
    if (fd < 0) fail(errno);
    // fsync before the rename: after a crash of the machine, the name never points at a file whose data was lost.
    const bool written = write_all(fd, text) && ::fsync(fd) == 0;
    const int write_error = errno;
    const bool closed = ::close(fd) == 0;
    const int close_error = errno;
    if (!written || !closed) {
        ::unlink(temp.c_str());
        fail(!written ? write_error : close_error);
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        fail(error);
    }
}

std::optional<std::string> cannot_write(const fs::path& path) {
    if (path.filename().empty()) return "no file name";
    std::error_code ec;
    if (fs::is_directory(path, ec)) return "it is a folder";
    fs::path temp;
    const int fd = make_temporary(path, temp);
    if (fd < 0) return errno_text(errno);
    ::close(fd);
    ::unlink(temp.c_str());
    return std::nullopt;
}

}  // namespace bds
