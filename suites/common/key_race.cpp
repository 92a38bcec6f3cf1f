#include "suites/common/key_race.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

#include "client/target.hpp"
#include "oracle/register_history.hpp"
#include "run/shrink_budget.hpp"
#include "suites/common/race_clients.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {
namespace {

using oracle::RegisterOp;

/// Tries of shrinking one failing history: each runs it again (fresh keys: rows written for good).
constexpr int kShrinkTries = 12;

/// The versions of `h` with their key fields set under `key_prefix`, and each key's record (its first version).
struct Keyed {
    std::vector<json> versions;
    std::vector<json> keys;
};

Keyed keyed(Context& ctx, const KeyHistory& h, const std::string& key_prefix) {
    const Record& record = *h.record;
    json firsts = json::array();
    for (std::size_t k = 0; k < h.keys; ++k)
        for (const auto& [key, v] : h.versions)
            if (key == k) {
                firsts.push_back(v);
                break;
            }
    firsts = under_case_prefix(record, firsts, ctx.prefix, key_prefix);
    Keyed out{{}, firsts.get<std::vector<json>>()};
    for (const auto& [key, v] : h.versions) {
        json sent = v;
        for (const auto& name : record.key)
            if (const auto it = out.keys[key].find(name); it != out.keys[key].end()) sent[name] = *it;
        out.versions.push_back(std::move(sent));
    }
    return out;
}

/// Each version as compared with a row: only the fields every version of its key sends (a server that merges what a
/// send leaves out, A-60, keeps the others' values there).
std::vector<json> comparable(const KeyHistory& h, const std::vector<json>& versions) {
    std::vector<json> out = versions;
    for (std::size_t k = 0; k < h.keys; ++k) {
        std::set<std::string> common;
        bool first = true;
        for (std::size_t v = 0; v < versions.size(); ++v) {
            if (h.versions[v].first != k) continue;
            std::set<std::string> names;
            for (const auto& [name, value] : versions[v].items()) names.insert(name);
            if (first)
                common = names;
            else
                std::erase_if(common, [&](const std::string& n) { return !names.contains(n); });
            first = false;
        }
        for (std::size_t v = 0; v < versions.size(); ++v)
            if (h.versions[v].first == k)
                for (auto it = out[v].begin(); it != out[v].end();)
                    it = common.contains(it.key()) ? std::next(it) : out[v].erase(it);
    }
    return out;
}

RegisterOp::Outcome outcome_of(const client::HttpResponse& r) {
    if (r.transport_failed() || r.status >= 500) return RegisterOp::Outcome::Unknown;
    return client::is_success(r.status) ? RegisterOp::Outcome::Applied : RegisterOp::Outcome::Refused;
}

/// A send or read as it ran: its timeline id, and what came back.
struct Done {
    const KeyHistory::Op* op = nullptr;
    std::size_t event = 0;
    RegisterOp::Outcome outcome = RegisterOp::Outcome::Applied;
    std::vector<ReadBack> rows{};  ///< a read's, per key it read
    /// A read's, per key it read: the versions whose compared fields its one row holds (none: no row, several, or a
    /// row of no version).
    std::vector<std::vector<int>> seen{};
};

/// Fills `d.seen` of a read.
void judge_rows(Context& ctx, const KeyHistory& h, const std::vector<json>& compared, Done& d) {
    for (std::size_t i = 0; i < d.op->items.size(); ++i) {
        const auto& rows = d.rows[i].rows;
        std::vector<int> versions;
        for (std::size_t v = 0; v < compared.size() && rows.size() == 1; ++v)
            if (h.versions[v].first == d.op->items[i] &&
                written_differences(ctx, *h.record, compared[v], rows.front().second).empty())
                versions.push_back(static_cast<int>(v));
        d.seen.push_back(std::move(versions));
    }
}

std::string keys_text(const Keyed& k, const Record& record, const std::vector<std::size_t>& keys) {
    std::string out;
    for (const std::size_t key : keys) out += (out.empty() ? "" : ", ") + key_selection(record, k.keys[key]);
    return out;
}

/// Runs `ops` of every client at once, each client's in its order.
void run_ops(RaceClients& clients, const KeyHistory& h, const Keyed& k, const std::vector<KeyHistory::Op>& ops,
             std::vector<Done>& done) {
    std::mutex mutex;
    const std::string& name = h.record->name;
    clients.run([&](int client, Context& c) {
        for (const auto& op : ops) {
            if (op.client != client) continue;
            Done d{&op};
            if (op.send) {
                json block = json::array();
                std::vector<std::size_t> keys;
                for (const std::size_t v : op.items) {
                    block.push_back(k.versions[v]);
                    keys.push_back(h.versions[v].first);
                }
                auto [id, r] = timed<client::HttpResponse>(
                    clients.timeline(), client, "POST sync " + name + " [" + keys_text(k, *h.record, keys) + "]",
                    [&] { return c.sync(client::kWriter, name, block); },
                    [](const client::HttpResponse& r) { return status_text(r); });
                d.event = id;
                d.outcome = outcome_of(r);
            } else {
                std::vector<const json*> sent;
                for (const std::size_t key : op.items) sent.push_back(&k.keys[key]);
                auto [id, rows] = timed<std::vector<ReadBack>>(
                    clients.timeline(), client, "GET " + name + " [" + keys_text(k, *h.record, op.items) + "]",
                    [&] { return read_back(c, *h.record, sent); },
                    [](const std::vector<ReadBack>& rows) {
                        std::size_t n = 0;
                        for (const auto& r : rows) n += r.rows.size();
                        return std::to_string(n) + (n == 1 ? " row" : " rows");
                    });
                d.event = id;
                d.rows = std::move(rows);
            }
            std::lock_guard lock(mutex);
            done.push_back(std::move(d));
        }
    });
}

/// The operations on key `key`, as the register judge reads them.
std::vector<RegisterOp> register_ops(const KeyHistory& h, const Timeline& timeline, const std::vector<Done>& done,
                                     std::size_t key) {
    std::vector<RegisterOp> ops;
    for (const Done& d : done) {
        const TimedEvent e = timeline.event(d.event);
        RegisterOp base{.label = timeline.label(d.event), .sent = e.sent_ms, .answered = e.answered_ms};
        if (d.op->send) {
            for (const std::size_t v : d.op->items) {
                if (h.versions[v].first != key) continue;
                RegisterOp w = base;
                w.kind = RegisterOp::Kind::Write;
                w.outcome = d.outcome;
                w.value = static_cast<int>(v);
                if (d.outcome == RegisterOp::Outcome::Unknown) w.answered = std::numeric_limits<double>::infinity();
                ops.push_back(w);
            }
            continue;
        }
        for (std::size_t i = 0; i < d.op->items.size(); ++i) {
            if (d.op->items[i] != key) continue;
            RegisterOp r = base;
            r.absent = d.rows[i].rows.empty();
            r.several = d.rows[i].rows.size() > 1;
            r.seen = d.seen[i];
            ops.push_back(r);
        }
    }
    return ops;
}

}  // namespace

KeyRun run_key_history(Context& ctx, const KeyHistory& h, const std::string& key_prefix) {
    const Keyed k = keyed(ctx, h, key_prefix);
    const std::vector<json> compared = comparable(h, k.versions);
    RaceClients clients(ctx, h.clients, h.record->name);
    std::vector<Done> done;
    const std::vector<KeyHistory::Op> setup{{0, true, h.setup}};  // outlives `done`, which points into it
    if (!h.setup.empty()) run_ops(clients, h, k, setup, done);
    const std::size_t setup_done = done.size();
    run_ops(clients, h, k, h.ops, done);
    run_ops(clients, h, k, h.after, done);
    for (Done& d : done)
        if (!d.op->send) judge_rows(ctx, h, compared, d);

    KeyRun run;
    const Timeline& timeline = clients.timeline();
    run.clients_met = timeline.clients_met();
    for (std::size_t key = 0; key < h.keys; ++key) {
        std::vector<std::size_t> sends;
        for (std::size_t i = setup_done; i < done.size(); ++i)
            if (done[i].op->send && std::any_of(done[i].op->items.begin(), done[i].op->items.end(),
                                                [&](std::size_t v) { return h.versions[v].first == key; }))
                sends.push_back(done[i].event);
        run.sends_met = run.sends_met || timeline.met(sends);
        const auto verdict = oracle::explain_register(register_ops(h, timeline, done, key));
        if (!verdict.explained)
            run.failures.push_back("key " + key_selection(*h.record, k.keys[key]) + ": " + verdict.why);
    }
    for (const Done& d : done) {
        if (d.op->send) continue;
        ReadSeen seen{d.op->items, d.seen};
        seen.overlapped_a_send = std::any_of(done.begin(), done.end(), [&](const Done& s) {
            return s.op->send && timeline.met({d.event, s.event});
        });
        run.reads.push_back(std::move(seen));
    }
    run.timeline = timeline.text();
    return run;
}

namespace {

/// `h` without client `gone`: its operations dropped, the later clients renumbered.
KeyHistory without_client(KeyHistory h, int gone) {
    for (auto* ops : {&h.ops, &h.after}) {
        std::erase_if(*ops, [&](const KeyHistory::Op& op) { return op.client == gone; });
        for (auto& op : *ops)
            if (op.client > gone) --op.client;
    }
    --h.clients;
    return h;
}

/// The smaller histories to try, fewest clients first.
std::vector<KeyHistory> candidates(const KeyHistory& h) {
    std::vector<KeyHistory> out;
    for (int c = 0; h.clients > 2 && c < h.clients; ++c) out.push_back(without_client(h, c));
    using Ops = std::vector<KeyHistory::Op> KeyHistory::*;
    for (const Ops ops : {&KeyHistory::ops, &KeyHistory::after})
        for (std::size_t i = 0; i < (h.*ops).size(); ++i) {
            KeyHistory smaller = h;
            (smaller.*ops).erase((smaller.*ops).begin() + static_cast<long>(i));
            out.push_back(std::move(smaller));
        }
    return out;
}

}  // namespace

std::pair<KeyHistory, KeyRun> shrink_key_history(Context& ctx, KeyHistory h, KeyRun failing,
                                                 const std::function<std::string(std::size_t)>& prefix_of,
                                                 std::string& note) {
    std::size_t tries = 0;
    bool smaller = true;
    while (smaller) {
        smaller = false;
        for (KeyHistory& candidate : candidates(h)) {
            if (tries >= kShrinkTries || (ctx.shrink_budget && !ctx.shrink_budget->take())) {
                note = "shrinking stopped after " + std::to_string(tries) + " tries" +
                       (ctx.shrink_budget && ctx.shrink_budget->spent() ? " (" + ctx.shrink_budget->text() + ")" : "");
                return {std::move(h), std::move(failing)};
            }
            KeyRun run = run_key_history(ctx, candidate, prefix_of(++tries));
            if (run.failures.empty()) continue;
            h = std::move(candidate);
            failing = std::move(run);
            smaller = true;
            break;
        }
    }
    note = "shrunk in " + std::to_string(tries) + " tries";
    return {std::move(h), std::move(failing)};
}

std::string describe(const KeyHistory& h) {
    std::size_t requests = h.setup.empty() ? 0 : 1;
    requests += h.ops.size() + h.after.size();
    return h.record->name + ", " + std::to_string(h.clients) + " clients, " + std::to_string(h.keys) +
           (h.keys == 1 ? " key" : " keys") + (h.fresh ? " nobody had written" : "") + ", " + std::to_string(requests) +
           " requests";
}

}  // namespace bds::suites
