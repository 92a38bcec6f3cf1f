#include "run/cleanup.hpp"

#include "common/http_text.hpp"
#include "common/text.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <thread>

#include "client/tokens.hpp"

namespace bds::run {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

std::chrono::steady_clock::duration cleanup_budget(std::size_t records) {
    return kCleanupBase + kCleanupPerRecord * static_cast<long long>(records);
}

std::chrono::steady_clock::duration cleanup_stall(int timeout_ms) {
    return std::max<Clock::duration>(kCleanupStall, std::chrono::milliseconds(2LL * 3 * std::max(timeout_ms, 0)));
}

CleanupBounds::CleanupBounds(Clock::time_point deadline, std::string why) : deadline_(deadline), why_(std::move(why)) {}

void CleanupBounds::end_by(Clock::time_point by, const std::string& why) {
    std::lock_guard lock(mutex_);
    if (by >= deadline_) return;
    deadline_ = by;
    why_ = why;
}

Clock::time_point CleanupBounds::deadline() const {
    std::lock_guard lock(mutex_);
    return deadline_;
}

bool CleanupBounds::over() const { return Clock::now() >= deadline(); }

std::string CleanupBounds::why() const {
    std::lock_guard lock(mutex_);
    return why_;
}

namespace {

/// What one try of a block gave.
struct Attempt {
    enum Kind { Taken, Refused, Split, Again } kind = Again;
    std::string what;                       ///< the answer, or why none came
    std::optional<Clock::duration> wait{};  ///< a 429's Retry-After
};

/// A Retry-After of whole seconds (its HTTP-date form is not read: the pause then grows as for any other try).
std::optional<Clock::duration> retry_after(const client::HttpResponse& r) {
    return retry_after_seconds(r.header("Retry-After"));
}

/// Sends `block` once. A time-out, a 413, or a 400 or 422 to more than one record, may be the block's size (A-31: a
/// server's limit is not shown; the stub answers 413 past it, 400 to a document of too many lines) or one record of it:
/// its halves go again, down to single records, so that no record is left for another's sake.
Attempt try_block(client::Api& api, const CleanupBlock& block) {
    client::HttpResponse r;
    try {
        r = api.sync_post(block.role, block.resource, block.records);
    } catch (const client::TokenError& e) {
        const int status = e.exchange().status;
        const bool again = status == 0 || status == 429 || status >= 500;
        return {again ? Attempt::Again : Attempt::Refused, "no token for " + block.role + ": " + e.what()};
    } catch (const std::out_of_range&) {
        return {Attempt::Refused, "the target file gives no \"" + block.role + "\" user"};
    } catch (const std::exception& e) {
        return {Attempt::Again, e.what()};
    }
    const int status = r.status;
    const std::string what = r.exchange.summary();
    if (client::is_success(status)) return {Attempt::Taken, what};
    // A block a busy target cannot answer within the time-out goes again in halves: smaller blocks are answered sooner
    // (sending deleted records again is harmless, if the first was applied after all).
    const bool slow =
        status == 0 && (r.exchange.error.rfind("timeout", 0) == 0 || r.exchange.error.rfind("no whole answer", 0) == 0);
    if (slow && block.records.size() > 1) return {Attempt::Split, what};
    if (status == 0 || status == 408 || status == 429 || status == 401 || status >= 500)
        return {Attempt::Again, what, status == 429 ? retry_after(r) : std::nullopt};
    const bool size = status == 413 || status == 400 || status == 422;
    if (size && block.records.size() > 1) return {Attempt::Split, what};
    return {Attempt::Refused, what + (r.body.empty() ? "" : " " + r.body.substr(0, 200))};
}

/// The two halves of `block`, in its order.
std::pair<CleanupBlock, CleanupBlock> halves(CleanupBlock block) {
    CleanupBlock first{block.role, block.resource, json::array(), block.uncertain};
    CleanupBlock second = first;
    const std::size_t half = block.records.size() / 2;
    for (std::size_t i = 0; i < block.records.size(); ++i)
        (i < half ? first : second).records.push_back(std::move(block.records[i]));
    return {std::move(first), std::move(second)};
}

/// The clean-up's limits follow its bounds: undone after a stop that was not the bounds' (the target watch, a long
/// 429), and cut at theirs.
void follow(client::RunLimits& limits, const CleanupBounds& bounds) {
    if (limits.deadline() != bounds.deadline()) limits.set_deadline(bounds.deadline());
}

std::string seconds(Clock::duration d) {
    return seconds_text(std::chrono::duration_cast<std::chrono::milliseconds>(d));
}

/// A note per resource whose records the target refused to take back deleted.
std::vector<std::string> refusal_notes(const CleanupRefusals& refusals) {
    std::vector<std::string> notes;
    for (const auto& [where, refused] : refusals)
        notes.push_back("the target refused to take back deleted " + std::to_string(refused.first) + " " + where.first +
                        " records" +
                        (where.second ? " whose write got no answer (so most likely never took them either)" : "") +
                        " (the first answer: " + refused.second + ")");
    return notes;
}

}  // namespace

CleanupTally send_back_deleted(client::Api& api, client::RunLimits& limits, std::vector<CleanupBlock> blocks,
                               const CleanupBounds& bounds, const CleanupPolicy& policy) {
    CleanupTally tally;
    std::deque<CleanupBlock> pending(std::make_move_iterator(blocks.begin()), std::make_move_iterator(blocks.end()));
    auto last_through = Clock::now();
    auto pause = Clock::duration(policy.first_pause);
    std::string last_failure;
    bool settled = false;
    while (!pending.empty()) {
        if (bounds.over()) {
            tally.gave_up = bounds.why();
            break;
        }
        if (Clock::now() - last_through >= policy.stall) {
            tally.gave_up =
                "nothing got through for " + seconds(policy.stall) + " (the last try: " + last_failure + ")";
            break;
        }
        follow(limits, bounds);
        // A write cut in flight may still be applied by the target's handler after the cut: its deletion goes last,
        // after a moment, so that it is the last write of that record.
        if (pending.front().uncertain && !settled) {
            limits.sleep_until(Clock::now() + policy.settle);
            settled = true;
            continue;
        }
        const Attempt a = try_block(api, pending.front());
        if (a.kind == Attempt::Again) {
            ++tally.retries;
            last_failure = a.what;
            const auto wait = a.wait ? std::min<Clock::duration>(*a.wait, policy.max_retry_after) : pause;
            pause = std::min<Clock::duration>(pause * 2, policy.max_pause);
            follow(limits, bounds);
            limits.sleep_until(std::min(Clock::now() + wait, last_through + policy.stall));
            continue;
        }
        CleanupBlock block = std::move(pending.front());
        pending.pop_front();
        last_through = Clock::now();
        pause = policy.first_pause;
        if (a.kind == Attempt::Taken) {
            tally.sent += block.records.size();
        } else if (a.kind == Attempt::Split) {
            ++tally.splits;
            auto [first, second] = halves(std::move(block));
            pending.push_front(std::move(second));
            pending.push_front(std::move(first));
        } else {
            (block.uncertain ? tally.unconfirmed : tally.refused) += block.records.size();
            auto& [count, answer] = tally.refusals[{block.resource, block.uncertain}];
            count += block.records.size();
            if (answer.empty()) answer = a.what;
        }
    }
    for (const auto& block : pending) tally.left += block.records.size();
    tally.notes = refusal_notes(tally.refusals);
    return tally;
}

std::vector<std::vector<CleanupBlock>> cleanup_shares(std::vector<CleanupBlock> blocks, std::size_t shares) {
    std::vector<std::vector<CleanupBlock>> out(std::min(std::max<std::size_t>(shares, 1), blocks.size()));
    std::vector<std::size_t> held(out.size());
    for (auto& block : blocks) {
        const auto least = static_cast<std::size_t>(std::min_element(held.begin(), held.end()) - held.begin());
        held[least] += block.records.size();
        out[least].push_back(std::move(block));
    }
    return out;
}

CleanupTally send_back_deleted_at_once(const std::function<client::Api&(std::size_t)>& api, client::RunLimits& limits,
                                       std::vector<CleanupBlock> blocks, const CleanupBounds& bounds,
                                       const CleanupPolicy& policy, std::size_t shares) {
    auto split = cleanup_shares(std::move(blocks), shares);
    std::vector<CleanupTally> tallies(split.size());
    {
        std::vector<std::jthread> threads;
        for (std::size_t i = 0; i < split.size(); ++i)
            threads.emplace_back(
                [&, i] { tallies[i] = send_back_deleted(api(i), limits, std::move(split[i]), bounds, policy); });
    }
    CleanupTally all;
    for (auto& t : tallies) {
        all.sent += t.sent;
        all.refused += t.refused;
        all.unconfirmed += t.unconfirmed;
        all.left += t.left;
        all.retries += t.retries;
        all.splits += t.splits;
        for (auto& [where, refused] : t.refusals) {
            auto& [count, answer] = all.refusals[where];
            count += refused.first;
            if (answer.empty()) answer = refused.second;
        }
        if (all.gave_up.empty()) all.gave_up = t.gave_up;
    }
    all.notes = refusal_notes(all.refusals);
    return all;
}

std::pair<Clock::time_point, std::string> cleanup_end(std::size_t records, const std::string& second,
                                                      const std::optional<std::string>& stopped,
                                                      std::chrono::seconds grace) {
    const auto now = Clock::now();
    if (!second.empty()) return {now, "a second signal (" + second + ")"};
    if (stopped) return {now + grace, *stopped + ": its grace of " + seconds(grace) + " ended"};
    const auto budget = cleanup_budget(records);
    return {now + budget, "its budget of " + seconds(budget) + " was spent"};
}

std::string how_to_remove(const std::string& replay_prefix, const JournalFile* journal, const std::string& run_prefix) {
    // The replay prefix names the target first (--target or --base-url); the bundled stub's options do not reach one.
    const bool named = replay_prefix.rfind("--target ", 0) == 0 || replay_prefix.rfind("--base-url ", 0) == 0;
    const std::string target = named ? replay_prefix.substr(0, replay_prefix.find(" --stub")) : "--target TARGET.json";
    const std::string which = journal ? "--journal '" + journal->path().string() + "' (or --prefix " + run_prefix + ")"
                                      : "--prefix " + run_prefix;
    return "; to remove them: conformance clean " + target + " " + which;
}

std::string describe(const CleanupTally& tally) {
    const std::string unconfirmed =
        tally.unconfirmed ? " (and " + std::to_string(tally.unconfirmed) + " whose write got no answer)" : "";
    return "sent back deleted: " + std::to_string(tally.sent) + "; refused: " + std::to_string(tally.refused) +
           unconfirmed + "; left: " + std::to_string(tally.left) + " (" + std::to_string(tally.retries) +
           " tries again, " + std::to_string(tally.splits) + " blocks halved)";
}

}  // namespace bds::run
