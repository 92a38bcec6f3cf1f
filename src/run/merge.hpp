#pragma once
/// Joining the runs of shards (`conformance run --shard k/n` in several CI jobs, then `conformance merge`).
#include <string>
#include <vector>

#include "run/result.hpp"

namespace bds::run {

/// One run of every shard's checks, in the order of `order` (check ids; ids it lacks come last). Requests,
/// records written and notes add up; the duration is the longest shard's (shards run side by side); baseline
/// comparisons are joined. A shard interrupted makes the whole interrupted (the first shard's signal), with a note
/// naming it: what it did not reach is undecided, and its failures still count. Throws std::runtime_error, naming the
/// runs, when they are not of one target, harness version, catalogue and seed, or when a check appears in two of them.
RunResult merge_runs(const std::vector<RunResult>& runs, const std::vector<std::string>& order);

}  // namespace bds::run
