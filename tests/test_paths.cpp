#include "test_paths.hpp"

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

std::filesystem::path conformance_exe() { return BDS_CONFORMANCE_EXE; }

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string());
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace bds::test
