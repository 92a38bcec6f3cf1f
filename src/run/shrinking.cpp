#include "run/shrinking.hpp"

#include "run/shrink_budget.hpp"

namespace bds {

Shrinking::Shrinking(const Context& ctx) : ctx_(ctx) {}

Shrinking::~Shrinking() { charge(); }

void Shrinking::charge() {
    const auto now = Clock::now();
    if (ctx_.shrink_budget) ctx_.shrink_budget->spend(now - last_);
    last_ = now;
}

bool Shrinking::next_try() {
    if (cut_ != Cut::None) return false;
    charge();
    if (tries_ >= kShrinkTries || Clock::now() - started_ > ctx_.shrink_time)
        cut_ = Cut::Property;
    else if (ctx_.shrink_budget && !ctx_.shrink_budget->take())
        cut_ = Cut::Run;
    if (cut_ != Cut::None) return false;
    ++tries_;
    return true;
}

std::string Shrinking::cut_short(const std::string& what, const std::string& smaller) const {
    if (cut_ == Cut::Property)
        return "(" + what + " stopped after " + std::to_string(kShrinkTries) + " tries or " +
               std::to_string(ctx_.shrink_time.count()) + " s: a smaller " + smaller + " may exist)\n";
    if (cut_ == Cut::Run)
        return "(" + what + (tries_ == 0 ? " did not begin" : " stopped after " + std::to_string(tries_) + " tries") +
               ": the run's budget for shrinking, " + ctx_.shrink_budget->text() + ", was spent: a smaller " + smaller +
               " may exist)\n";
    return "";
}

}  // namespace bds
