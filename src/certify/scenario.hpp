#pragma once
/// The scenarios of `conformance certify`: each is one run of the connector against the stub, with one fault
/// injected on purpose (or none), in push mode (it sends records) or pull mode (it reads the change feed).
#include <string>
#include <string_view>
#include <vector>

namespace bds::certify {

enum class Mode { Push, Pull };
std::string_view to_string(Mode mode);

enum class Fault {
    None,
    TokenExpiry,           ///< the tokens issued so far expire once a block was accepted: the next request gets 401
    RefusedBlock,          ///< the first block is answered 400 (and not stored)
    ServerError,           ///< the first block is answered 500 (and not stored)
    DroppedConnection,     ///< the first block's connection is cut before the answer is complete (not stored)
    NotEnabledForWriting,  ///< the connector's user may read but not write: POST sync gets 403 (000 §5 rule 4)
    SlowAnswers,           ///< the first two blocks are answered after a delay (FaultSettings::slow_ms)
    LostRecord,            ///< the first block is answered 200 but its last active record is not stored
};

struct Scenario {
    std::string name;  ///< stable, e.g. "token-expiry"
    Mode mode = Mode::Push;
    Fault fault = Fault::None;
    std::string description;  ///< what the harness does, for the reports
};

/// Every scenario, in the order they run: "delivery" (no fault) first.
const std::vector<Scenario>& scenarios();

/// The scenarios whose name is in `names` (empty: all). std::invalid_argument naming an unknown one.
std::vector<Scenario> select_scenarios(const std::vector<std::string>& names);

/// Whether the first POST sync is refused with an HTTP status (the connector must stop and keep the body).
bool refuses_a_block(Fault fault);

}  // namespace bds::certify
