// The diff's first screen (run_diff_summary.hpp); plain text, the writers escape it.
#include "report/run_diff_summary.hpp"

namespace bds::report {
namespace {

std::string counted(std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

FailingCheck failing_check(const RunDiff& diff, const std::string& id) {
    FailingCheck out{.check = id, .finding = {}};
    for (const auto& o : diff.outcomes)
        if (o.id == id) out.check += " " + o.title;
    for (const auto& r : diff.only_in_next)
        if (r.id == id) out.check += " " + r.title + " (only in " + diff.next.label + ")";
    std::size_t findings = 0;
    for (const auto& f : diff.new_failures) {
        if (f.id != id || findings++ > 0) continue;
        out.finding = "expected " + f.expected + ", got " + f.actual;
    }
    if (findings > 1) out.finding += " (+" + std::to_string(findings - 1) + " more)";
    return out;
}

std::string others_line(const RunDiff& diff) {
    std::vector<std::string> parts;
    auto add = [&](std::size_t n, const char* one, const char* many) {
        if (n > 0) parts.push_back(counted(n, one, many));
    };
    add(diff.outcomes.size(), "outcome", "outcomes");
    add(diff.only_in_base.size() + diff.only_in_next.size(), "check in one run only", "checks in one run only");
    add(diff.new_failures.size(), "new failure", "new failures");
    add(diff.fixed_failures.size(), "fixed failure", "fixed failures");
    add(diff.timing.size(), "time per request", "times per request");
    if (parts.empty()) return "";
    std::string out = "also changed: ";
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
    return out;
}

}  // namespace

DiffSummary diff_summary(const RunDiff& diff, std::size_t max_failing, std::size_t max_causes) {
    DiffSummary s;
    s.verdicts = diff.base.verdict_text == diff.next.verdict_text
                     ? diff.next.verdict_text + " (as before)"
                     : diff.base.verdict_text + " → " + diff.next.verdict_text;
    s.seeds = diff.seeds_differ() ? "seeds " + std::to_string(diff.base.seed) + " → " + std::to_string(diff.next.seed) +
                                        " (texts of generated cases may differ with no behaviour change)"
                                  : "seed " + std::to_string(diff.next.seed);
    const auto& ids = diff.must_newly_failing;
    for (std::size_t i = 0; i < ids.size() && i < max_failing; ++i) s.failing.push_back(failing_check(diff, ids[i]));
    if (ids.size() > max_failing)
        s.failing.push_back({"… and " + counted(ids.size() - max_failing, "more MUST check", "more MUST checks"), ""});
    for (std::size_t i = 0; i < diff.groups.size() && i < max_causes; ++i)
        s.causes.push_back(group_summary(diff.groups[i]));
    if (diff.groups.size() > max_causes)
        s.causes.push_back("… and " + counted(diff.groups.size() - max_causes, "more group", "more groups"));
    s.observations = diff.observations.size();
    s.others = others_line(diff);
    return s;
}

}  // namespace bds::report
