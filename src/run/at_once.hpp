#pragma once
/// Parts of one check that run at once (docs/architecture.md, "A far target"): a check whose requests all go one after
/// another costs its request count in round trips, whatever the run's concurrency. Its independent parts (the cases
/// of a property, the resources it visits) go out on lanes of their own instead, each lane a connection of the check's
/// own; the run's in-flight limit still bounds them all (at --jobs 1 they go one at a time).
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "run/context.hpp"

namespace bds {

/// Lanes a check runs its parts on at most.
inline constexpr std::size_t kLanes = 8;
/// The first of the check's connections (Context::connection) the lanes use: those below are the races suite's.
inline constexpr std::size_t kFirstLaneConnection = 8;

/// Lanes for n parts that share nothing: part i on lane i mod `lanes`.
std::vector<std::size_t> lanes_in_turn(std::size_t n, std::size_t lanes = kLanes);

/// The lane of each of n parts: parts that share a key (`keys(i)`, "CliFor/abc") on one lane, so that they run in
/// their order as they would one after another; the others spread over `lanes` lanes, each group of parts to the lane
/// with the least `weight` so far (its requests about, one after another: 1 a part when empty).
std::vector<std::size_t> lanes_by_keys(std::size_t n, const std::function<std::vector<std::string>(std::size_t)>& keys,
                                       std::size_t lanes = kLanes,
                                       const std::function<std::size_t(std::size_t)>& weight = {});

/// Runs `part(i, fork)` for each i < lane.size(), each lane's parts in their order, the lanes at once, each part on a
/// fork of `ctx` (Context::fork) on its lane's connection. Once all ended, `merged(i, fork)` (ctx.merge when empty)
/// takes each part's findings in the order of i, and the exception of the lowest i that threw one is rethrown; once a
/// part threw, its lane's later parts do not run. Where ctx has no connections (a fork), or one lane is used, the parts
/// run on ctx itself, one after another. Adds the longest lane's requests to ctx.chain_beyond.
void at_once(Context& ctx, const std::vector<std::size_t>& lane, const std::function<void(std::size_t, Context&)>& part,
             const std::function<void(std::size_t, Context&)>& merged = {});

/// at_once over n parts that share nothing, on kLanes lanes in turn.
void at_once(Context& ctx, std::size_t n, const std::function<void(std::size_t, Context&)>& part);

/// The answers of n requests that share nothing, `ask(i, fork)` on lanes at once, in the order of i: for a check that
/// judges them afterwards on its own thread (its validators and tallies stay on one thread).
template <class T>
std::vector<T> answers_at_once(Context& ctx, std::size_t n, const std::function<T(std::size_t, Context&)>& ask) {
    std::vector<T> answers(n);
    at_once(ctx, n, [&](std::size_t i, Context& c) { answers[i] = ask(i, c); });
    return answers;
}

}  // namespace bds
