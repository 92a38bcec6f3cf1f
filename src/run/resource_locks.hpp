#pragma once
/// How checks running at once share the catalogue's resources (run/runner.cpp takes them around each check).
#include <condition_variable>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace bds::run {

/// How a check holds each resource it touches.
enum class Hold {
    /// It reads rows others may write (pages of a whole resource, counts, the feed): beside other readers only.
    Read,
    /// It writes and reads only rows under its own key prefix: beside other such checks, whose rows it never reads.
    OwnRows,
    /// It writes and relies on nobody else writing the resource: alone.
    Whole,
};

/// The holds on every resource. A check takes all of its resources at once (it waits until each admits it), so
/// that no two checks deadlock whatever their resources.
class ResourceLocks {
public:
    /// The resources `names` held as `hold` for the lifetime of this object (release() and retake() aside).
    class Held {
    public:
        Held(ResourceLocks& locks, std::vector<std::string> names, Hold hold);
        ~Held();
        /// Lets every resource go (a check that waits), to take them again with retake().
        void release();
        void retake();
        Held(const Held&) = delete;
        Held& operator=(const Held&) = delete;

    private:
        ResourceLocks& locks_;
        std::vector<std::string> names_;
        Hold hold_;
        bool held_ = false;
    };

private:
    struct Holders {
        int readers = 0;
        int own_rows = 0;
        bool whole = false;
    };
    bool admits(const std::vector<std::string>& names, Hold hold);
    void take(const std::vector<std::string>& names, Hold hold);
    void give_back(const std::vector<std::string>& names, Hold hold);

    std::mutex mutex_;
    std::condition_variable changed_;
    std::map<std::string, Holders> holders_;
};

}  // namespace bds::run
