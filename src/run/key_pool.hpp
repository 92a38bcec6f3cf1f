#pragma once
/// Key pools (docs/architecture.md, "Footprint and key pools"): runs of one pool write under one run prefix, so that
/// what they leave on a server whose deletion is logical (000 §1) is bounded however many runs there are.
#include <memory>
#include <string>

namespace bds::run {

/// The run prefix of key pool `name`: a letter and two base-36 characters, lower case only (A-59: no two prefixes
/// differ only by case), from a hash of the name (FNV-1a): the same for every run of the pool, on any machine. Two
/// names may share a prefix (26 × 1296 of them): they then share keys and the lock.
std::string pool_prefix(const std::string& name);

/// One run of a key pool at a time on this machine: an exclusive flock(2) on `dir`/conformance-pool-<prefix>.lock,
/// held for the lock's life, refused at once when another process holds it (std::runtime_error saying which pool
/// and file). Runs of one pool on two machines are not held apart: the lock is local.
class PoolLock {
public:
    PoolLock(const std::string& dir, const std::string& name);
    ~PoolLock();
    PoolLock(const PoolLock&) = delete;
    PoolLock& operator=(const PoolLock&) = delete;

private:
    int fd_ = -1;
};

/// The lock of pool `name` (nullptr when empty), in the machine's directory for temporary files (TMPDIR, else /tmp),
/// so that runs started from any directory are held apart.
std::unique_ptr<PoolLock> lock_pool(const std::string& name);

}  // namespace bds::run
