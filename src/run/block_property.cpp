#include "run/block_property.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <ostream>
#include <set>

#include "generate/rapidcheck_adapter.hpp"
#include "run/at_once.hpp"
#include "run/shrinking.hpp"

namespace bds {

std::vector<std::size_t> CaseMarks::failing(std::size_t since, bool& whole_block) const {
    // Findings are numbered as made, kept or not (past kMaxFindingsKept a check counts them): those from a mark to
    // the next concern its cases, those before the first mark the whole block.
    std::vector<std::size_t> out;
    const std::size_t end = ctx_.findings_mark().made();
    whole_block = since < std::min(end, marks_.empty() ? end : marks_.front().first);
    for (std::size_t i = 0; i < marks_.size(); ++i) {
        const std::size_t from = std::max(marks_[i].first, since);
        const std::size_t to = i + 1 < marks_.size() ? std::min(marks_[i + 1].first, end) : end;
        if (from < to) out.insert(out.end(), marks_[i].second.begin(), marks_[i].second.end());
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

void parts_at_once(Context& ctx, CaseMarks& marks, const std::vector<std::vector<std::size_t>>& positions,
                   const std::function<void(std::size_t, Context&, CaseMarks&)>& judge,
                   std::vector<std::size_t> lanes) {
    if (lanes.empty()) lanes = lanes_in_turn(positions.size());
    at_once(
        ctx, lanes,
        [&](std::size_t i, Context& lane) {
            CaseMarks lane_marks(lane);
            judge(i, lane, lane_marks);
        },
        [&](std::size_t i, Context& lane) {
            marks.at(positions[i]);
            ctx.merge(lane);
        });
}

int slotted_cases(int cases) { return std::max(std::min(cases, 25), cases / 4); }

namespace detail {
namespace {

/// The failing cases of a block tried alone: the first few (each try is a case's exchanges again).
constexpr std::size_t kSuspects = 8;

/// Judges the kept cases at `indices` as one block; ctx.fail inside the judge ends the block, its findings kept.
void judge_block(const BlockCalls& calls, const std::vector<std::size_t>& indices, CaseMarks& marks) {
    try {
        calls.judge(indices, marks);
    } catch (const CheckFailed&) {
    }
}

/// Each of `suspects` (indices of cases, ascending) drawn again from where it was drawn and judged alone; the first
/// that fails alone is shrunk as RapidCheck shrinks a case, drawing each candidate under RapidCheck's lock and judging
/// it without (gen::CaseShrinks), within the shrinking budget (run/shrinking.hpp). Whether one failed (its minimal
/// case's findings are then in ctx.findings, with the counterexample).
bool first_alone(Context& ctx, const BlockCalls& calls, const std::vector<gen::CaseOrigin>& origins,
                 const std::vector<std::size_t>& suspects) {
    // A finding of the judge, kept or not (ctx.fail inside it too): the findings made since `mark`, taken out.
    const auto judged = [&](FindingsMark mark) {
        CaseMarks marks(ctx);
        try {
            calls.judge_drawn(marks);
        } catch (const CheckFailed&) {
        }
        return ctx.take_findings(mark);
    };
    const FindingsMark mark = ctx.findings_mark();
    for (std::size_t i : suspects) {
        gen::CaseShrinks shrinks(calls.draw, origins.at(i));
        TakenFindings failure = judged(mark);
        if (!failure.any()) continue;
        std::string cut;
        {
            Shrinking shrinking(ctx);
            while (shrinking.next_try() && shrinks.next())
                if (auto smaller = judged(mark); smaller.any()) {
                    failure = std::move(smaller);
                    shrinks.keep();
                }
            cut = shrinking.cut_short("shrinking", "case");
        }
        std::string shown;
        for (const auto& value : shrinks.shown()) shown += value + "\n";
        for (auto& f : failure.kept) f.counterexample = shown + cut;  // bounded as it is put (Context::finding)
        ctx.put_findings(std::move(failure));
        return true;
    }
    return false;
}

/// The fewest cases of `group` that still fail judged together (halves first, then one case left out at a time),
/// within the shrinking budget; their findings (or `findings`, of the whole block, when no smaller group fails),
/// with a counterexample that shows each case of the group.
void cut_down(Context& ctx, const BlockCalls& calls, std::vector<std::size_t> group, TakenFindings findings) {
    Shrinking shrinking(ctx);
    const auto fails = [&](const std::vector<std::size_t>& g) {
        if (!shrinking.next_try()) return false;
        CaseMarks marks(ctx);
        const FindingsMark before = ctx.findings_mark();
        judge_block(calls, g, marks);
        auto taken = ctx.take_findings(before);
        const bool failed = taken.any();
        if (failed) findings = std::move(taken);
        return failed;
    };
    while (group.size() > 1 && !shrinking.cut()) {
        const auto middle = group.begin() + static_cast<long>(group.size() / 2);
        std::vector<std::size_t> first(group.begin(), middle), second(middle, group.end());
        if (fails(first))
            group = std::move(first);
        else if (fails(second))
            group = std::move(second);
        else
            break;
    }
    for (std::size_t k = 0; k < group.size() && group.size() > 1 && !shrinking.cut();) {
        auto without = group;
        without.erase(without.begin() + static_cast<long>(k));
        if (fails(without))
            group = std::move(without);
        else
            ++k;
    }
    std::string shown = group.size() == 1 ? ""
                                          : "these " + std::to_string(group.size()) +
                                                " cases fail sent together in one block; each passes alone:\n";
    for (std::size_t i : group) shown += calls.show(i) + "\n";
    shown += shrinking.cut_short("cutting the block down", "group");
    for (auto& f : findings.kept) f.counterexample = shown;
    ctx.put_findings(std::move(findings));
}

/// The kept cases `all` in blocks: consecutive cases, a new block where a case writes a key the block writes
/// already (BlockCalls::keys), or where the block holds cases_a_block of them.
std::vector<std::vector<std::size_t>> blocks_of(const BlockCalls& calls, const std::vector<std::size_t>& all) {
    std::vector<std::vector<std::size_t>> blocks;
    std::set<std::string> written;
    for (const std::size_t i : all) {
        bool full = blocks.empty();
        if (calls.keys) {
            const auto keys = calls.keys(i);
            full = full || std::any_of(keys.begin(), keys.end(), [&](const auto& k) { return written.contains(k); });
            if (full) written.clear();
            written.insert(keys.begin(), keys.end());
        } else if (!full && calls.cases_a_block > 0) {
            full = blocks.back().size() == calls.cases_a_block;
        }
        if (full) blocks.emplace_back();
        blocks.back().push_back(i);
    }
    return blocks;
}

}  // namespace

void run_block_property(Context& ctx, const std::string& description, const BlockCalls& calls) {
    const int cases = calls.cases_a_block > 0 || calls.keys ? slotted_cases(ctx.cases) : ctx.cases;
    client::RunLimits* limits = ctx.api.http().limits();
    const auto ended = [limits] { return limits && limits->past_deadline(); };
    const auto drawn = gen::draw_cases(calls.draw_and_keep, {ctx.seed, cases, 100, ctx.check.id, description, ended});
    if (drawn.stopped)
        throw CheckError("the cases of \"" + description + "\" were not all drawn: " + limits->why_ended());
    if (drawn.outcome.kind != gen::PropertyOutcome::Kind::Passed)
        throw harness_error("drawing the cases of \"" + description + "\": " + drawn.outcome.description);
    std::vector<std::size_t> all(calls.count());
    std::iota(all.begin(), all.end(), std::size_t{0});
    ctx.cases_run += static_cast<int>(all.size());
    if (ctx.on_case) ctx.on_case(static_cast<int>(all.size()));
    for (const auto& block : blocks_of(calls, all)) {
        CaseMarks marks(ctx);
        const FindingsMark before = ctx.findings_mark();
        judge_block(calls, block, marks);
        if (ctx.findings_mark().made() == before.made()) continue;
        bool whole_block = false;
        std::vector<std::size_t> suspects;  // a case's position in the block, as the index of its draw
        for (std::size_t p : marks.failing(before.made(), whole_block)) suspects.push_back(block.at(p));
        auto findings = ctx.take_findings(before);
        if (suspects.size() > kSuspects) suspects.resize(kSuspects);
        if (!suspects.empty() && first_alone(ctx, calls, drawn.origins, suspects)) return;
        cut_down(ctx, calls, block, std::move(findings));
        return;  // the check fails: the blocks after this one are not judged
    }
}

}  // namespace detail

namespace {

/// A staged case and its number among the draws (what a counterexample can say of it: its draws are not kept).
struct Staged {
    StagedCase run;
    int number;
};

void showValue(const Staged& s, std::ostream& os) { os << "case " << s.number << " of the property"; }

}  // namespace

void for_all_staged(Context& ctx, const std::string& description, const std::function<StagedCase()>& draw) {
    int number = 0;
    for_all_blocks<Staged>(ctx, {description,
                                 [&] {
                                     return Staged{draw(), ++number};
                                 },
                                 [&ctx](const std::vector<const Staged*>& cases, CaseMarks& marks) {
                                     std::vector<std::vector<std::size_t>> positions;
                                     for (std::size_t p = 0; p < cases.size(); ++p) positions.push_back({p});
                                     parts_at_once(
                                         ctx, marks, positions,
                                         [&](std::size_t p, Context& lane, CaseMarks&) { cases[p]->run.run(lane); },
                                         lanes_by_keys(
                                             cases.size(), [&](std::size_t p) { return cases[p]->run.keys; }, kLanes,
                                             [&](std::size_t p) { return cases[p]->run.requests; }));
                                 }});
}

}  // namespace bds
