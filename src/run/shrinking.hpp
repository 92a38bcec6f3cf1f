#pragma once
/// One failing property's shrinking (for_all; a block property's case alone, or its block cut down: run/
/// block_property.hpp): at most kShrinkTries tries and ctx.shrink_time, and only while the run's shrinking budget lasts
/// (run/shrink_budget.hpp, Context::shrink_budget), which the time of each try is charged to.
#include <chrono>
#include <string>

#include "run/context.hpp"

namespace bds {

class Shrinking {
public:
    /// Begins as the first failing case is found.
    explicit Shrinking(const Context& ctx);
    /// Charges the last try's time to the run's budget.
    ~Shrinking();
    Shrinking(const Shrinking&) = delete;
    Shrinking& operator=(const Shrinking&) = delete;

    /// Whether one more try may go (it is then counted, and the time since the last charged); false from the first
    /// refusal on.
    bool next_try();
    /// Whether a try was refused: shrinking was cut short.
    bool cut() const { return cut_ != Cut::None; }
    /// What a counterexample adds when `what` ("shrinking", "cutting the block down") was cut short, ending in a line
    /// break; "" when it was not. `smaller`: what may exist ("case", "group").
    std::string cut_short(const std::string& what, const std::string& smaller) const;

private:
    using Clock = std::chrono::steady_clock;
    void charge();

    const Context& ctx_;
    Clock::time_point started_ = Clock::now();
    Clock::time_point last_ = started_;
    int tries_ = 0;
    enum class Cut { None, Property, Run } cut_ = Cut::None;
};

}  // namespace bds
