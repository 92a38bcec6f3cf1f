#include "certify/temp_dir.hpp"

#include <stdlib.h>

#include <stdexcept>

namespace bds::certify {

TempDir::TempDir(const std::string& name) {
    const auto base = std::filesystem::temp_directory_path();
    std::string pattern = (base / (name + "-XXXXXX")).string();
    if (!::mkdtemp(pattern.data()))
        throw std::runtime_error("cannot make a temporary directory under " + base.string());
    path_ = pattern;
}

TempDir::~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

}  // namespace bds::certify
