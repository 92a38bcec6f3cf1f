#pragma once
/// What shrinking failing cases may cost a whole run. Against a server, every shrinking try is requests again (and
/// records written: staging servers keep them), and a server that fails nearly every check makes every property of a
/// run shrink: bounded per property only, the shrinking alone took minutes there. So besides each property's bound
/// (kShrinkTries, RunOptions::shrink_time), the tries and the time of every check's shrinking come out of one budget
/// per run; once it is spent, a failing property reports the smallest case found so far, saying that shrinking was
/// cut short. Thread-safe: the checks running at once share it.
#include <atomic>
#include <chrono>
#include <string>

namespace bds::run {

/// The run's shrinking budget by default: tries, and time summed over every check's shrinking (two checks shrinking
/// at once spend it twice as fast).
inline constexpr int kRunShrinkTries = 600;
inline constexpr std::chrono::seconds kRunShrinkTime{8};

class ShrinkBudget {
public:
    explicit ShrinkBudget(
        int tries = kRunShrinkTries,
        std::chrono::milliseconds time = std::chrono::duration_cast<std::chrono::milliseconds>(kRunShrinkTime));
    /// Takes one try: false (and nothing taken) once the tries or the time are spent.
    bool take();
    /// Adds `d` to the time spent.
    void spend(std::chrono::steady_clock::duration d);
    /// Whether the tries or the time are spent.
    bool spent() const;
    /// What the budget is, for a counterexample cut short: "600 tries and 8 s shared by the run's checks".
    std::string text() const;

private:
    const int tries_;
    const std::chrono::milliseconds time_;
    std::atomic<int> tried_{0};
    std::atomic<long long> spent_ns_{0};
};

}  // namespace bds::run
