#pragma once
/// A fresh directory under the system's temporary directory, removed with everything in it when the object goes.
#include <filesystem>
#include <string>

namespace bds::certify {

class TempDir {
public:
    /// `name` starts the directory's name ("bds-certify" → /tmp/bds-certify-a1B2c3). std::runtime_error if it
    /// cannot be made.
    explicit TempDir(const std::string& name);
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

}  // namespace bds::certify
