#include "test_paths.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace bds::test {

std::filesystem::path source_dir() { return BDS_SOURCE_DIR; }

std::filesystem::path seeds_dir() {
    if (const char* env = std::getenv("BDS_SEEDS_DIR")) return env;
    return source_dir().parent_path() / "shared" / "seeds";
}

bool seeds_present() {
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(seeds_dir(), error))
        if (entry.path().filename().string().rfind("000_", 0) == 0) return true;
    return false;
}

std::filesystem::path conformance_exe() { return BDS_CONFORMANCE_EXE; }

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string());
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

ProcessResult run_conformance(const std::string& args, bool with_stderr) {
    const std::string cmd = conformance_exe().string() + " " + args + (with_stderr ? " 2>&1" : " 2>/dev/null");
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return {-1, "popen failed"};
    std::string out;
    char buf[4096];
    while (std::size_t n = fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
    const int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

TempFolder::TempFolder(const std::string& name)
    : path(std::filesystem::temp_directory_path() /
           ("bds-" + name + "-" + std::to_string(::getpid()) + "-" + std::to_string(std::rand()))) {
    std::filesystem::create_directories(path);
}

TempFolder::~TempFolder() {
    std::error_code ignored;
    std::filesystem::permissions(path, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ignored);
    std::filesystem::remove_all(path, ignored);
}

std::vector<std::string> TempFolder::names() const {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(path)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace bds::test
