#include "run/at_once.hpp"

#include <algorithm>
#include <exception>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <thread>

namespace bds {

std::vector<std::size_t> lanes_in_turn(std::size_t n, std::size_t lanes) {
    std::vector<std::size_t> out(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = i % std::max<std::size_t>(1, lanes);
    return out;
}

std::vector<std::size_t> lanes_by_keys(std::size_t n, const std::function<std::vector<std::string>(std::size_t)>& keys,
                                       std::size_t lanes, const std::function<std::size_t(std::size_t)>& weight) {
    // Parts joined by a shared key form a group (union-find); each group, in the order of its first part, takes the
    // lane with the least weight so far (the lowest of those), so that the longest lane, the check's chain, is short.
    std::vector<std::size_t> group(n);
    std::iota(group.begin(), group.end(), std::size_t{0});
    const auto root = [&](std::size_t i) {
        while (group[i] != i) i = group[i] = group[group[i]];
        return i;
    };
    std::map<std::string, std::size_t> first_with;
    for (std::size_t i = 0; i < n; ++i)
        for (const auto& k : keys(i)) {
            const auto [it, added] = first_with.emplace(k, i);
            if (!added) {
                const std::size_t a = root(it->second), b = root(i);
                group[std::max(a, b)] = std::min(a, b);
            }
        }
    std::map<std::size_t, std::size_t> group_weight;
    for (std::size_t i = 0; i < n; ++i) group_weight[root(i)] += weight ? weight(i) : 1;
    std::vector<std::size_t> load(std::max<std::size_t>(1, lanes), 0);
    std::map<std::size_t, std::size_t> lane_of_group;
    std::vector<std::size_t> out(n);
    for (std::size_t i = 0; i < n; ++i) {
        auto it = lane_of_group.find(root(i));
        if (it == lane_of_group.end()) {
            const auto lane = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
            load[lane] += group_weight[root(i)];
            it = lane_of_group.emplace(root(i), lane).first;
        }
        out[i] = it->second;
    }
    return out;
}

namespace {

/// The parts of at_once, run on their lanes: each part on a fork, what each threw kept.
struct Lanes {
    Context& ctx;
    const std::vector<std::size_t>& lane;
    const std::function<void(std::size_t, Context&)>& part;
    std::vector<std::unique_ptr<Context>> forks = std::vector<std::unique_ptr<Context>>(lane.size());
    std::vector<std::exception_ptr> thrown = std::vector<std::exception_ptr>(lane.size());

    /// Runs the parts of lane `l` (every part when `l` is empty) on `api`, in order, until one throws; returns the
    /// requests they made one after another.
    long run(client::Api& api, std::optional<std::size_t> l) {
        const long before = api.http().requests_sent();
        long beyond = 0;
        for (std::size_t i = 0; i < lane.size(); ++i) {
            if (l && lane[i] != *l) continue;
            forks[i] = std::make_unique<Context>(ctx.fork(api));
            try {
                part(i, *forks[i]);
            } catch (...) {
                thrown[i] = std::current_exception();
            }
            beyond += forks[i]->chain_beyond;
            if (thrown[i]) break;
        }
        return api.http().requests_sent() - before + beyond;
    }
};

}  // namespace

void at_once(Context& ctx, const std::vector<std::size_t>& lane, const std::function<void(std::size_t, Context&)>& part,
             const std::function<void(std::size_t, Context&)>& merged) {
    const std::set<std::size_t> used(lane.begin(), lane.end());
    Lanes lanes{ctx, lane, part};
    if (!ctx.connection || used.size() <= 1) {
        // Its own requests count in ctx's chain already.
        const long own_before = ctx.api.http().requests_sent();
        ctx.chain_beyond += lanes.run(ctx.api, std::nullopt) - (ctx.api.http().requests_sent() - own_before);
    } else {
        std::vector<long> chain(used.size(), 0);
        std::vector<client::Api*> apis;  // made here: a connection that cannot be made throws on the check's thread
        for (std::size_t n = 0; n < used.size(); ++n) apis.push_back(&ctx.connection(kFirstLaneConnection + n));
        std::vector<std::thread> threads;
        std::size_t number = 0;
        for (const std::size_t l : used) {
            threads.emplace_back([&, l, number] { chain[number] = lanes.run(*apis[number], l); });
            ++number;
        }
        for (auto& t : threads) t.join();
        ctx.chain_beyond += *std::max_element(chain.begin(), chain.end());
    }
    for (std::size_t i = 0; i < lane.size(); ++i)
        if (lanes.forks[i]) merged ? merged(i, *lanes.forks[i]) : ctx.merge(*lanes.forks[i]);
    for (const auto& e : lanes.thrown)
        if (e) std::rethrow_exception(e);
}

void at_once(Context& ctx, std::size_t n, const std::function<void(std::size_t, Context&)>& part) {
    at_once(ctx, lanes_in_turn(n), part);
}

}  // namespace bds
