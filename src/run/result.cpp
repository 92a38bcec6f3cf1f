// A run's outcome as a whole: counts, what could not decide, the verdict.
#include <algorithm>

#include "common/enum_text.hpp"
#include "run/baseline.hpp"
#include "run/result.hpp"

namespace bds::run {

bool CheckResult::flaky() const {
    return outcome == Outcome::Fail &&
           std::any_of(reruns.begin(), reruns.end(), [](const Rerun& r) { return r.outcome == Outcome::Pass; });
}

std::string rerun_text(const CheckResult& r) {
    if (r.reruns.empty()) return "";
    for (std::size_t i = 0; i < r.reruns.size(); ++i)
        if (r.reruns[i].outcome == Outcome::Pass)
            return "flaky: passed on rerun " + std::to_string(i + 1) + " of " + std::to_string(r.reruns.size()) +
                   " (seed " + std::to_string(r.reruns[i].seed) + ")";
    return "failed again on " + std::to_string(r.reruns.size()) + (r.reruns.size() == 1 ? " rerun" : " reruns");
}

int RunResult::must_failures() const {
    return static_cast<int>(std::count_if(results.begin(), results.end(), [](const CheckResult& r) {
        return r.level == Level::Must && r.outcome == Outcome::Fail;
    }));
}

int RunResult::gate_failures() const {
    return baseline ? static_cast<int>(baseline->new_failures.size()) : must_failures();
}

std::vector<std::string> RunResult::undecided() const {
    std::vector<std::string> out;
    for (const auto& r : results)
        if (r.level == Level::Must && (r.outcome == Outcome::Error || (r.outcome == Outcome::Skip && !r.skip_chosen)))
            out.push_back(r.id);
    return out;
}

Verdict RunResult::verdict() const {
    if (!interrupted.empty())
        return Verdict::Interrupted;  // what it found stays listed; what it did not reach is unknown
    if (gate_failures() > 0) return Verdict::Fail;
    return undecided().empty() ? Verdict::Pass : Verdict::Incomplete;
}

// The spellings of reports (JSON, JUnit, HTML, Markdown), baselines and the terminal: one table per enum.
NLOHMANN_JSON_SERIALIZE_ENUM(
    Outcome, {{Outcome::Pass, "pass"}, {Outcome::Fail, "fail"}, {Outcome::Skip, "skip"}, {Outcome::Error, "error"}})
NLOHMANN_JSON_SERIALIZE_ENUM(Verdict, {{Verdict::Pass, "pass"},
                                       {Verdict::Fail, "fail"},
                                       {Verdict::Incomplete, "incomplete"},
                                       {Verdict::Interrupted, "interrupted"}})
NLOHMANN_JSON_SERIALIZE_ENUM(ErrorSource, {{ErrorSource::Target, "target"}, {ErrorSource::Harness, "harness"}})

std::string_view to_string(Verdict verdict) { return enum_text(verdict); }

std::string_view to_string(ErrorSource source) { return enum_text(source); }

std::string_view to_string(Outcome outcome) { return enum_text(outcome); }

std::string verdict_text(const RunResult& run) {
    switch (run.verdict()) {
        case Verdict::Pass: return "pass: every MUST check passed";
        case Verdict::Fail:
            return "fail: " + std::to_string(run.gate_failures()) + (run.baseline ? " new" : "") + " MUST failure" +
                   (run.gate_failures() == 1 ? "" : "s") +
                   (run.undecided().empty() ? ""
                                            : "; also " + std::to_string(run.undecided().size()) + " MUST check" +
                                                  (run.undecided().size() == 1 ? "" : "s") + " undecided");
        case Verdict::Incomplete:
            return "incomplete: no MUST failure, but " + std::to_string(run.undecided().size()) + " MUST check" +
                   (run.undecided().size() == 1 ? "" : "s") + " could not decide (" + id_list(run.undecided()) + ")";
        case Verdict::Interrupted:
            return "interrupted by " + run.interrupted +
                   " before the run ended: " + std::to_string(run.gate_failures()) + (run.baseline ? " new" : "") +
                   " MUST failure" + (run.gate_failures() == 1 ? "" : "s") + ", " +
                   std::to_string(run.undecided().size()) + " MUST check" + (run.undecided().size() == 1 ? "" : "s") +
                   " undecided";
    }
    return "?";
}

std::string not_kept_text(const CheckResult& r) {
    const auto line = [](std::size_t n, const char* what, std::size_t kept) {
        return std::to_string(n) + " more " + what + " not kept (a check keeps " + std::to_string(kept) + ")";
    };
    std::string out;
    if (r.findings_not_kept > 0) out = line(r.findings_not_kept, "findings", kMaxFindingsKept);
    if (r.observations_not_kept > 0)
        out += (out.empty() ? "" : "; ") + line(r.observations_not_kept, "observations", kMaxObservationsKept);
    return out;
}

std::string_view harness_version() { return BDS_VERSION; }

std::string without_run_prefix(std::string text, const std::string& run_prefix) {
    if (run_prefix.empty()) return text;
    const auto base36 = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'); };
    for (auto at = text.find(run_prefix); at != std::string::npos; at = text.find(run_prefix, at + 1)) {
        const std::size_t n = at + run_prefix.size();
        if (n + 1 < text.size() && text[n] >= '0' && text[n] <= '9' && base36(text[n + 1]))
            text.replace(at, run_prefix.size(), "~");
    }
    return text;
}

}  // namespace bds::run
