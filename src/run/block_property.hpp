#pragma once
/// Property checks whose cases are sent and judged together, as a real sender writes ("send blocks of a few hundred
/// records", 000 §4.4). The cases are drawn first, under RapidCheck's lock (gen::GenerationLock) and with no exchange;
/// then they are judged in one block without the lock, so that property checks on other threads overlap their
/// exchanges; only a failing block costs more: its failing cases run alone, the first that fails alone is shrunk as
/// RapidCheck shrinks a case (each candidate drawn under the lock and judged without it: gen::CaseShrinks), and when
/// none fails alone the block is cut down to the fewest cases that still fail together (a pair, typically), both
/// within the property's and the run's shrinking budget (run/shrinking.hpp). The findings kept are those of that
/// minimal case or group, with its counterexample (which says when shrinking was cut short).
#include <rapidcheck.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "generate/show.hpp"
#include "run/context.hpp"

namespace bds {

/// Which cases the findings a block's judge records concern: the judge says so before it judges them.
class CaseMarks {
public:
    explicit CaseMarks(const Context& ctx) : ctx_(ctx) {}
    /// The findings recorded from now on concern the case at `position` in the judged block.
    void at(std::size_t position) { at(std::vector<std::size_t>{position}); }
    /// … or these cases together (a POST of several cases that was refused).
    void at(std::vector<std::size_t> positions) {
        marks_.push_back({ctx_.findings_mark().made(), std::move(positions)});
    }
    /// The positions of the cases with a finding among those made since the `since`-th (FindingsMark::made: kept or
    /// not), ascending, each once; and whether a finding came before any mark (it concerns the whole block).
    std::vector<std::size_t> failing(std::size_t since, bool& whole_block) const;

private:
    const Context& ctx_;
    std::vector<std::pair<std::size_t, std::vector<std::size_t>>> marks_;
};

/// Runs `judge(i, lane, lane_marks)` for each part of a block on lanes at once (run/at_once.hpp), each on a fork of
/// `ctx` with marks of its own: parts that write no key in common (a block's cases of one resource each), or parts
/// that do on one lane (`lanes`, from lanes_by_keys; empty: in turn). Part i's findings are then marked as concerning
/// the cases at `positions[i]` (its own finer marks are not kept: a failing part's cases are each tried alone, as
/// suspects).
void parts_at_once(Context& ctx, CaseMarks& marks, const std::vector<std::vector<std::size_t>>& positions,
                   const std::function<void(std::size_t, Context&, CaseMarks&)>& judge,
                   std::vector<std::size_t> lanes = {});

/// A block property: how to draw one case, and how to send and judge a block of them.
/// The cases of a property whose cases reuse key slots (BlockProperty::cases_a_block or keys) out of `cases`
/// (--cases): a quarter of them, at least 25 (all when fewer). Its blocks go one after another, each a send and a
/// read, so that its cases cost round trips that a property of fresh keys, sent at once, does not: 25 cases are five
/// rounds of five slots (docs/architecture.md, "Footprint and key pools").
int slotted_cases(int cases);

template <class Case>
struct BlockProperty {
    std::string description;
    /// Draws one case with `*gen`. It runs under RapidCheck's lock: no exchange with the target here.
    std::function<Case()> draw;
    /// Sends the cases and judges each (ctx.finding), marking which case it judges (CaseMarks::at) before it does.
    std::function<void(const std::vector<const Case*>&, CaseMarks&)> judge;
    /// How many cases `judge` is given at most, consecutive draws (0: every case at once). A property whose cases
    /// reuse a few key slots (one per case, in turn) sets it to the number of slots, so that no two cases of a block
    /// share keys and each block's rows are judged before the next block writes them again.
    std::size_t cases_a_block = 0;
    /// The keys a case writes (resource and key), where its cases draw their key slots per resource
    /// (suites/common/written.hpp): a block then holds consecutive cases until one writes a key the block writes
    /// already, however many (cases_a_block is not read).
    std::function<std::vector<std::string>(const Case&)> keys{};
};

namespace detail {

/// for_all_blocks without the case type: the drawn cases live in the caller, these reach them by index.
struct BlockCalls {
    std::function<void()> draw_and_keep;  ///< draws a case into the block
    std::function<void()> draw;  ///< draws a case to judge alone (again from where a kept case was drawn, or smaller)
    std::function<std::size_t()> count;                                      ///< cases kept
    std::function<void(const std::vector<std::size_t>&, CaseMarks&)> judge;  ///< judges kept cases by index
    std::function<void(CaseMarks&)> judge_drawn;                             ///< judges the case drawn last, alone
    std::function<std::string(std::size_t)> show;                            ///< a kept case as RapidCheck shows it
    std::size_t cases_a_block = 0;                                           ///< BlockProperty::cases_a_block
    std::function<std::vector<std::string>(std::size_t)> keys{};             ///< a kept case's BlockProperty::keys
};

void run_block_property(Context& ctx, const std::string& description, const BlockCalls& calls);

}  // namespace detail

/// Runs `property` over ctx.cases cases drawn from the check's seed (see the file's comment). A CheckError or a skip
/// ends it at once and propagates, as in for_all.
template <class Case>
void for_all_blocks(Context& ctx, const BlockProperty<Case>& property) {
    std::vector<Case> kept;
    std::optional<Case> drawn;
    detail::BlockCalls calls{
        [&] { kept.push_back(property.draw()); },
        [&] { drawn = property.draw(); },
        [&] { return kept.size(); },
        [&](const std::vector<std::size_t>& indices, CaseMarks& marks) {
            std::vector<const Case*> cases;
            for (std::size_t i : indices) cases.push_back(&kept[i]);
            property.judge(cases, marks);
        },
        [&](CaseMarks& marks) { property.judge({&*drawn}, marks); },
        [&](std::size_t i) { return rc::toString(kept[i]); },
        property.cases_a_block,
    };
    if (property.keys) calls.keys = [&](std::size_t i) { return property.keys(kept[i]); };
    detail::run_block_property(ctx, property.description, calls);
}

/// What a staged case's draws leave to do: its exchanges and judgement, on the context it is given (its lane's:
/// run/at_once.hpp), and the keys it writes ("CliFor/abc"), so that cases sharing one run on one lane, in their order.
struct StagedCase {
    std::function<void(Context&)> run;
    std::vector<std::string> keys{};
    /// Its requests one after another, about: the lanes are balanced by it (lanes_by_keys).
    std::size_t requests = 1;
};

/// A property whose every case draws first and exchanges after: `draw` draws a case (with `*gen`, under RapidCheck's
/// lock, no exchange) and returns what sends and judges it. The cases run without the lock, on lanes at once
/// (run/at_once.hpp: a far target costs the longest lane in round trips, not every case's), each with its own
/// exchanges; what they find is taken in their order. A failing case is shrunk as for_all shrinks it.
void for_all_staged(Context& ctx, const std::string& description, const std::function<StagedCase()>& draw);

}  // namespace bds
