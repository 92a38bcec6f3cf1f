#include "run/merge.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace bds::run {

RunResult merge_runs(const std::vector<RunResult>& runs, const std::vector<std::string>& order) {
    if (runs.empty()) throw std::runtime_error("merge: no run to merge");
    RunResult out = runs.front();
    out.results.clear();
    out.requests = 0;
    out.records_written = 0;
    out.duration_ms = 0;
    out.notes.clear();
    out.shard.clear();
    out.stopped.clear();
    out.interrupted.clear();
    std::map<std::string, std::size_t> seen;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const RunResult& r = runs[i];
        const auto differs = [&](const std::string& what, const std::string& a, const std::string& b) {
            if (a != b)
                throw std::runtime_error("merge: run " + std::to_string(i + 1) + " has " + what + " " + b +
                                         ", run 1 has " + a + ": shards of one run share them");
        };
        differs("target", out.target, r.target);
        differs("harness version", out.harness_version, r.harness_version);
        differs("release", out.release, r.release);
        differs("catalogue", out.catalogue_sha256, r.catalogue_sha256);
        differs("seed", std::to_string(out.seed), std::to_string(r.seed));
        for (const auto& c : r.results) {
            if (const auto [it, fresh] = seen.emplace(c.id, i); !fresh)
                throw std::runtime_error("merge: check " + c.id + " is in run " + std::to_string(it->second + 1) +
                                         " and run " + std::to_string(i + 1));
            out.results.push_back(c);
        }
        out.requests += r.requests;
        out.records_written += r.records_written;
        out.duration_ms = std::max(out.duration_ms, r.duration_ms);
        out.started_at = std::min(out.started_at, r.started_at);
        out.notes.insert(out.notes.end(), r.notes.begin(), r.notes.end());
        // An interrupted shard leaves the checks it did not reach undecided: the whole is interrupted, never a pass.
        if (!r.interrupted.empty()) {
            if (out.interrupted.empty()) out.interrupted = r.interrupted;
            out.notes.push_back("shard " + (r.shard.empty() ? std::to_string(i + 1) : r.shard) +
                                " was interrupted by " + r.interrupted);
        }
        if (out.stopped.empty()) out.stopped = r.stopped;
        if (r.baseline) {
            if (!out.baseline || i == 0) out.baseline = BaselineComparison{r.baseline->source, {}, {}, {}};
            for (auto [from, to] : {std::pair{&r.baseline->new_failures, &out.baseline->new_failures},
                                    std::pair{&r.baseline->known_failures, &out.baseline->known_failures},
                                    std::pair{&r.baseline->fixed, &out.baseline->fixed}})
                to->insert(to->end(), from->begin(), from->end());
        }
    }
    const auto rank = [&order](const std::string& id) {
        return static_cast<std::size_t>(std::find(order.begin(), order.end(), id) - order.begin());
    };
    std::stable_sort(out.results.begin(), out.results.end(),
                     [&](const CheckResult& a, const CheckResult& b) { return rank(a.id) < rank(b.id); });
    return out;
}

}  // namespace bds::run
