#pragma once
/// Writes to a resource, and reads that need it still, among the checks of one run that run at once
/// (docs/architecture.md, "Checks at once"): a check paging a whole change feed, or counting a resource twice,
/// keeps the run's other writers of that resource waiting meanwhile, so that no row shifts between its pages.
#include <condition_variable>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace bds::client {

class WriteGate {
public:
    /// A write to `resource` in flight: waits while another thread holds the resource still.
    class Writing {
    public:
        Writing(WriteGate* gate, std::string resource);
        ~Writing();
        Writing(const Writing&) = delete;
        Writing& operator=(const Writing&) = delete;

    private:
        WriteGate* gate_;
        std::string resource_;
        bool counted_ = false;
    };

    /// `resource` held still: waits for the writes in flight, and keeps new ones of other threads waiting until it
    /// ends (the holder's own writes pass). Holds of one thread nest.
    class Still {
    public:
        Still(WriteGate* gate, std::string resource);
        ~Still();
        Still(Still&& other) noexcept;
        Still(const Still&) = delete;
        Still& operator=(const Still&) = delete;
        Still& operator=(Still&&) = delete;

    private:
        WriteGate* gate_;
        std::string resource_;
    };

private:
    struct State {
        int writing = 0;
        int still_waiting = 0;  ///< holds asked for: new writes wait behind them, so that a busy resource still quiets
        int still_depth = 0;
        std::thread::id still_by;
    };
    std::mutex mutex_;
    std::condition_variable changed_;
    std::map<std::string, State> states_;
};

}  // namespace bds::client
