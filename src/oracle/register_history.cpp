#include "oracle/register_history.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <set>
#include <stdexcept>
#include <utility>

namespace bds::oracle {
namespace {

constexpr int kNoRow = -1;
constexpr std::size_t kMostOps = 60;

std::string op_name(const RegisterOp& op) {
    return (op.kind == RegisterOp::Kind::Write ? "send #" : "read #") + std::to_string(op.label);
}

/// `a` must take effect before `b`: it was answered before `b` was sent, unless both are reads (docs/races.md).
bool before(const RegisterOp& a, const RegisterOp& b) {
    if (a.kind == RegisterOp::Kind::Read && b.kind == RegisterOp::Kind::Read) return false;
    return a.answered < b.sent;
}

bool sees(const RegisterOp& read, int value) {
    if (value == kNoRow) return read.absent;
    return std::find(read.seen.begin(), read.seen.end(), value) != read.seen.end();
}

/// Why no order explains the reads, as far as one read against the writes answered before it shows; else the general
/// sentence.
std::string why_not(const std::vector<RegisterOp>& ops) {
    for (const auto& r : ops) {
        if (r.kind != RegisterOp::Kind::Read) continue;
        // The latest value some write answered before the read began must be what it saw, or a later one.
        for (const auto& w : ops) {
            if (w.kind != RegisterOp::Kind::Write || w.outcome != RegisterOp::Outcome::Applied || !before(w, r))
                continue;
            const bool overwritten = std::any_of(ops.begin(), ops.end(), [&](const RegisterOp& later) {
                return later.kind == RegisterOp::Kind::Write && later.outcome != RegisterOp::Outcome::Refused &&
                       !before(later, w) && later.label != w.label;
            });
            if (overwritten) continue;
            if (r.absent)
                return op_name(r) + " began after " + op_name(w) +
                       " was answered 200, and no write could have replaced it, yet it found no row";
            if (!sees(r, w.value))
                return op_name(r) + " began after " + op_name(w) +
                       " was answered 200, and no write could have replaced it, yet it read other values";
        }
    }
    return "no sequential order of these operations, each taking effect between its send and its answer, gives what "
           "the reads saw";
}

}  // namespace

RegisterVerdict explain_register(const std::vector<RegisterOp>& ops) {
    if (ops.size() > kMostOps) throw std::invalid_argument("explain_register: more than 60 operations");
    for (const auto& op : ops) {
        if (op.kind != RegisterOp::Kind::Read) continue;
        if (op.several) return {false, {}, op_name(op) + " found more than one row with the key"};
        if (!op.absent && op.seen.empty())
            return {false, {}, op_name(op) + " found a row whose fields are those of no send, whole"};
    }
    const std::size_t n = ops.size();
    std::uint64_t done_at_start = 0;  // refused writes never take effect
    for (std::size_t i = 0; i < n; ++i)
        if (ops[i].kind == RegisterOp::Kind::Write && ops[i].outcome == RegisterOp::Outcome::Refused)
            done_at_start |= std::uint64_t{1} << i;
    const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
    std::set<std::pair<std::uint64_t, int>> failed;  // states no order gets out of
    std::vector<std::size_t> order;
    std::function<bool(std::uint64_t, int)> search = [&](std::uint64_t done, int value) {
        if (done == all) return true;
        if (failed.contains({done, value})) return false;
        for (std::size_t i = 0; i < n; ++i) {
            if (done & (std::uint64_t{1} << i)) continue;
            bool ready = true;  // every operation that must come first is placed
            for (std::size_t j = 0; j < n && ready; ++j)
                ready = (done & (std::uint64_t{1} << j)) || !before(ops[j], ops[i]);
            if (!ready) continue;
            const std::uint64_t next = done | (std::uint64_t{1} << i);
            const RegisterOp& op = ops[i];
            if (op.kind == RegisterOp::Kind::Read) {
                if (!sees(op, value)) continue;
                order.push_back(op.label);
                if (search(next, value)) return true;
                order.pop_back();
                continue;
            }
            order.push_back(op.label);
            if (search(next, op.value)) return true;
            order.pop_back();
            // A write that got no answer may never have taken effect.
            if (op.outcome == RegisterOp::Outcome::Unknown && search(next, value)) return true;
        }
        failed.insert({done, value});
        return false;
    };
    if (search(done_at_start, kNoRow)) return {true, std::move(order), ""};
    return {false, {}, why_not(ops)};
}

}  // namespace bds::oracle
