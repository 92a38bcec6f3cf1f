#include "certify/scenario.hpp"

#include <stdexcept>

namespace bds::certify {

std::string_view to_string(Mode mode) { return mode == Mode::Push ? "push" : "pull"; }

const std::vector<Scenario>& scenarios() {
    static const std::vector<Scenario> all = {
        {"delivery", Mode::Push, Fault::None, "no fault: every block is accepted"},
        {"token-expiry", Mode::Push, Fault::TokenExpiry,
         "once a block was accepted, every token issued so far expires: the next request is answered 401"},
        {"refused-block", Mode::Push, Fault::RefusedBlock,
         "the first block is answered 400 with a body to keep, and not stored"},
        {"server-error", Mode::Push, Fault::ServerError,
         "the first block is answered 500 with a body to keep, and not stored"},
        {"dropped-connection", Mode::Push, Fault::DroppedConnection,
         "the connection of the first block is cut before the answer is complete; the block is not stored"},
        {"not-enabled-for-writing", Mode::Push, Fault::NotEnabledForWriting,
         "the connector's user may read but is not enabled for writing: POST sync is answered 403"},
        {"slow-answers", Mode::Push, Fault::SlowAnswers, "the first two blocks are answered late (--slow-ms)"},
        {"lost-record", Mode::Push, Fault::LostRecord,
         "the first block is answered 200 but its last record is not stored: TotalRowsCount comes out one short"},
        {"change-feed", Mode::Pull, Fault::None,
         "the connector reads GET /api/sync from a given LastUtcRun: several pages, updates and logical deletions"},
    };
    return all;
}

std::vector<Scenario> select_scenarios(const std::vector<std::string>& names) {
    if (names.empty()) return scenarios();
    std::vector<Scenario> out;
    for (const auto& name : names) {
        bool found = false;
        for (const auto& s : scenarios())
            if (s.name == name) out.push_back(s), found = true;
        if (!found) {
            std::string known;
            for (const auto& s : scenarios()) known += (known.empty() ? "" : ", ") + s.name;
            throw std::invalid_argument("unknown scenario \"" + name + "\" (known: " + known + ")");
        }
    }
    return out;
}

bool refuses_a_block(Fault fault) {
    return fault == Fault::RefusedBlock || fault == Fault::ServerError || fault == Fault::NotEnabledForWriting;
}

}  // namespace bds::certify
