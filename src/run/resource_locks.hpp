#pragma once
/// How checks running at once share the catalogue's resources (run/runner.cpp takes them around each check).
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace bds::run {

/// How a check holds each resource it touches.
enum class Hold {
    /// It reads rows others may write (pages of a whole resource, counts, the feed): beside other readers only.
    Read,
    /// It writes and judges only rows under its own key prefix (or answers no row decides, or each row alone): beside
    /// other such checks,
    /// whose rows it never judges; what others' writes move (the feed's pages, counts) it reads with the resource held
    /// still (client::WriteGate).
    OwnRows,
    /// It writes and relies on nobody else writing the resource: alone.
    Whole,
};

/// What a check asks to hold.
struct Want {
    std::vector<std::string> names;
    Hold hold;
};

/// The holds on every resource. A check takes all of its resources at once (it waits until each admits it), so
/// that no two checks deadlock whatever their resources.
class ResourceLocks {
public:
    /// Takes the holds of the first want of `queue` (in its order) that every resource admits now, waiting until one
    /// does, and removes it from the queue: the checks that can run start, rather than all waiting behind the first
    /// that cannot. Returns its id, or nullopt once the queue is empty. Only this touches `queue` (under the lock).
    std::optional<std::size_t> take_first(std::deque<std::pair<std::size_t, Want>>& queue);

    /// The resources `names` held as `hold` for the lifetime of this object (release() and retake() aside).
    class Held {
    public:
        /// `taken`: take_first took them already.
        Held(ResourceLocks& locks, std::vector<std::string> names, Hold hold, bool taken = false);
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
    void add(const std::vector<std::string>& names, Hold hold);  ///< with mutex_ held
    void take(const std::vector<std::string>& names, Hold hold);
    void give_back(const std::vector<std::string>& names, Hold hold);

    std::mutex mutex_;
    std::condition_variable changed_;
    std::map<std::string, Holders> holders_;
};

}  // namespace bds::run
