#include "cli/selfcheck_support.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "common/whole_file.hpp"

namespace bds::cli {

std::string self_executable() {
    char self[4096];
    const auto n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) throw ExitError{kUsage, "selfcheck: cannot find the conformance executable (/proc/self/exe)"};
    return std::string(self, static_cast<std::size_t>(n));
}

void run_pool(std::size_t count, int threads, const std::function<std::string(std::size_t)>& job) {
    const bool terminal = isatty(fileno(stderr)) != 0;
    std::atomic<std::size_t> next{0};
    std::mutex print;
    auto worker = [&] {
        for (std::size_t i; (i = next++) < count;) {
            const std::string line = job(i);
            std::lock_guard lock(print);
            if (terminal) std::cerr << "\r\033[K[" << i + 1 << "/" << count << "] " << line << std::flush;
        }
    };
    std::vector<std::thread> pool;
    for (int i = 0; i < threads; ++i) pool.emplace_back(worker);
    for (auto& t : pool) t.join();
    if (terminal) std::cerr << "\r\033[K";
}

void write_file(const std::string& path, const std::function<void(std::ostream&)>& write) {
    if (const auto parent = std::filesystem::path(path).parent_path(); !parent.empty())
        std::filesystem::create_directories(parent);
    std::ostringstream text;
    write(text);
    try {
        write_whole_file(path, text.str());
    } catch (const std::runtime_error& e) {
        throw ExitError{kUsage, std::string("selfcheck: ") + e.what()};
    }
}

}  // namespace bds::cli
