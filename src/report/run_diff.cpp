// Two runs compared check by check (run_diff.hpp). Checks are matched by id; texts of the two runs compare without
// their key prefixes (run::without_run_prefix), findings by the baseline's signature (run::signature).
#include "report/run_diff.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "report/observation_shape.hpp"
#include "run/baseline.hpp"

namespace bds::report {
namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }

RunTotals totals_of(const run::RunResult& run, const std::string& label) {
    return {.label = label,
            .target = run.target,
            .started_at = run.started_at,
            .harness_version = run.harness_version,
            .seed = run.seed,
            .checks = run.results.size(),
            .requests = run.requests,
            .records_written = run.records_written,
            .duration_ms = run.duration_ms,
            .must_failures = run.must_failures(),
            .verdict = run.verdict(),
            .verdict_text = run::verdict_text(run)};
}

std::set<std::string> signatures_of(const run::CheckResult& r, const std::string& run_prefix) {
    std::set<std::string> out;
    for (const auto& f : r.findings) out.insert(run::signature(r.id, f, run_prefix));
    return out;
}

/// The findings of `r` whose signatures `others` lacks, each way once. Returns whether there was one.
bool add_missing(const run::CheckResult& r, const std::string& run_prefix, const std::set<std::string>& others,
                 std::vector<FailureChange>& into) {
    std::set<std::string> seen;
    for (const auto& f : r.findings) {
        auto sig = run::signature(r.id, f, run_prefix);
        if (others.contains(sig) || !seen.insert(sig).second) continue;
        into.push_back({.id = r.id, .level = r.level, .signature = sig, .expected = f.expected, .actual = f.actual});
    }
    return !seen.empty();
}

/// New failures (NEW fails in a way BASE lacks) and fixed ones (BASE failed in a way NEW, having judged the check,
/// lacks: a check NEW could not judge, in error or skipped, fixed nothing). Returns whether NEW fails a new way.
bool compare_failures(const run::CheckResult* base, const std::string& base_prefix, const run::CheckResult& next,
                      const std::string& next_prefix, RunDiff& diff) {
    const auto base_signatures = base ? signatures_of(*base, base_prefix) : std::set<std::string>{};
    bool new_way = false;
    if (next.outcome == run::Outcome::Fail)
        new_way = add_missing(next, next_prefix, base_signatures, diff.new_failures);
    const bool judged = next.outcome == run::Outcome::Pass || next.outcome == run::Outcome::Fail;
    if (base && base->outcome == run::Outcome::Fail && judged)
        add_missing(*base, base_prefix, signatures_of(next, next_prefix), diff.fixed_failures);
    return new_way;
}

std::vector<std::string> observation_texts(const run::CheckResult& r, const std::string& run_prefix) {
    std::vector<std::string> out;
    for (const auto& o : r.observations) out.push_back(run::without_run_prefix(o.text, run_prefix));
    return out;
}

/// The index of the first unused text of `after` that `matches` `text`, or after.size().
template <class Match>
std::size_t first_match(const std::vector<std::string>& after, const std::vector<bool>& used, Match matches) {
    std::size_t i = 0;
    while (i < after.size() && (used[i] || !matches(after[i]))) ++i;
    return i;
}

/// The observations that differ: equal texts (as many times as both have them) leave; then an old and a new text of
/// one wording but for values pair (value_change: "answered 400" and "answered 422"); then an old and a new text
/// citing the same A-ids (at least one); the rest are gone or new. Each in the order the runs wrote them.
void compare_observations(const run::CheckResult& base, const std::string& base_prefix, const run::CheckResult& next,
                          const std::string& next_prefix, std::vector<ObservationChange>& into) {
    auto before = observation_texts(base, base_prefix);
    auto after = observation_texts(next, next_prefix);
    std::vector<bool> used(after.size(), false);
    std::vector<ObservationChange> gone;
    for (const auto& text : before) {
        const auto i = first_match(after, used, [&](const std::string& a) { return a == text; });
        if (i < after.size())
            used[i] = true;
        else
            gone.push_back({.id = next.id, .title = next.title, .assumptions = assumption_ids(text), .before = text});
    }
    for (auto& change : gone) {
        const auto i = first_match(after, used, [&](const std::string& a) { return value_change(change.before, a); });
        if (i == after.size()) continue;
        used[i] = true;
        change.after = after[i];
        change.change = *value_change(change.before, after[i]);
    }
    for (auto& change : gone) {
        if (!change.after.empty() || change.assumptions.empty()) continue;
        const auto i =
            first_match(after, used, [&](const std::string& a) { return assumption_ids(a) == change.assumptions; });
        if (i == after.size()) continue;
        used[i] = true;
        change.after = after[i];
        change.change = wording_change(change.before, change.after).value_or("");
    }
    for (auto& change : gone) into.push_back(std::move(change));
    for (std::size_t i = 0; i < after.size(); ++i)
        if (!used[i])
            into.push_back(
                {.id = next.id, .title = next.title, .assumptions = assumption_ids(after[i]), .after = after[i]});
}

void compare_timing(const run::CheckResult& base, const run::CheckResult& next, const DiffOptions& options,
                    std::vector<TimingChange>& into) {
    if (base.cases > 0 || next.cases > 0) return;  // a property check's time is mostly its own generating, judging
    if (base.requests < options.timing_min_requests || next.requests < options.timing_min_requests) return;
    const double before = base.duration_ms / static_cast<double>(base.requests);
    const double after = next.duration_ms / static_cast<double>(next.requests);
    const double low = std::min(before, after), high = std::max(before, after);
    if (high - low < options.timing_min_ms || high < low * options.timing_ratio) return;
    into.push_back({.id = next.id,
                    .title = next.title,
                    .requests_before = base.requests,
                    .requests_after = next.requests,
                    .ms_per_request_before = before,
                    .ms_per_request_after = after});
}

CheckRef ref_of(const run::CheckResult& r) { return {r.id, r.title, r.level, r.outcome}; }

}  // namespace

bool RunDiff::empty() const {
    return outcomes.empty() && only_in_base.empty() && only_in_next.empty() && new_failures.empty() &&
           fixed_failures.empty() && observations.empty() && timing.empty();
}

std::vector<std::string> assumption_ids(const std::string& text) {
    std::vector<std::string> out;
    for (std::size_t at = text.find("A-"); at != std::string::npos; at = text.find("A-", at + 1)) {
        if (at > 0 && word_char(text[at - 1])) continue;  // "MCPA-1", "XA-2": not a row
        std::size_t end = at + 2;
        while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
        if (end == at + 2 || (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end])))) continue;
        std::string id = text.substr(at, end - at);
        if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(std::move(id));
    }
    return out;
}

RunDiff diff_runs(const run::RunResult& base, const run::RunResult& next, const DiffOptions& options) {
    RunDiff diff;
    diff.base = totals_of(base, options.base_label);
    diff.next = totals_of(next, options.next_label);
    diff.timing_compared = options.timing_ratio > 0;
    std::map<std::string, const run::CheckResult*> in_base;
    for (const auto& r : base.results) in_base.emplace(r.id, &r);
    std::set<std::string> in_next;
    for (const auto& n : next.results) {
        in_next.insert(n.id);
        const auto found = in_base.find(n.id);
        const run::CheckResult* b = found == in_base.end() ? nullptr : found->second;
        if (!b) diff.only_in_next.push_back(ref_of(n));
        if (b && b->outcome != n.outcome) diff.outcomes.push_back({n.id, n.title, n.level, b->outcome, n.outcome});
        const bool new_way = compare_failures(b, base.run_prefix, n, next.run_prefix, diff);
        if (n.level == Level::Must && n.outcome == run::Outcome::Fail &&
            (!b || b->outcome != run::Outcome::Fail || new_way))
            diff.must_newly_failing.push_back(n.id);
        if (!b) continue;
        compare_observations(*b, base.run_prefix, n, next.run_prefix, diff.observations);
        if (diff.timing_compared) compare_timing(*b, n, options, diff.timing);
    }
    for (const auto& b : base.results)
        if (!in_next.contains(b.id)) diff.only_in_base.push_back(ref_of(b));
    diff.groups = group_observations(diff.observations);
    return diff;
}

const std::map<std::string, DiffWriter>& diff_writers() {
    static const std::map<std::string, DiffWriter> writers{
        {"html", write_diff_html}, {"json", write_diff_json}, {"md", write_diff_markdown}};
    return writers;
}

}  // namespace bds::report
