#pragma once
/// The one place that uses RapidCheck's internals (namespace rc::detail, outside its documented API): running a
/// property with the harness's own parameters and no output, and reading RapidCheck's configuration quietly.
/// RapidCheck promises nothing about rc::detail: on a RapidCheck upgrade this file pair is the one to fix, and
/// tests/generate/rapidcheck_adapter_test.cpp says whether it still does what the harness relies on.
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace bds::gen {

/// What a property is run with.
struct PropertyParams {
    std::uint64_t seed = 0;
    int max_success = 100;  ///< passing cases that make the property pass
    int max_size = 100;     ///< the largest size generators are asked for
    std::string id;         ///< the test's id (a check id)
    std::string description;
    /// Asked before each case is drawn (draw_cases): true once the run ended (a stop, its time limit), so that a
    /// thousand draws under the GenerationLock neither outlast a stop nor hold up the checks waiting for the lock.
    std::function<bool()> ended{};
};

/// How a property run ended.
struct PropertyOutcome {
    enum class Kind { Passed, Failed, Error, GaveUp };
    Kind kind = Kind::Passed;
    /// RapidCheck's words: the minimal failing case's message, the error, or why it gave up; empty for Passed.
    std::string description;
    /// Failed: the minimal failing case, each value it drew shown as RapidCheck shows it.
    std::vector<std::string> counterexample;
};

/// Holds RapidCheck's process-wide state (the stacks behind `*gen` and gen::exec are plain statics, not per thread):
/// whoever draws values, inside a property or with a generator called directly, holds it. Recursive, so that a
/// property may call code that takes it again. Exchanges with a target are made without it wherever they can be
/// (run/block_property.hpp), so that property checks on different threads overlap.
class GenerationLock {
public:
    GenerationLock();

private:
    std::unique_lock<std::recursive_mutex> lock_;
};

/// Runs `property` as a RapidCheck property (it may draw with *gen and use RC_FAIL, RC_DISCARD, RC_ASSERT)
/// under `params`; a failing case is shrunk. Prints nothing. Holds a GenerationLock throughout.
PropertyOutcome check_property(const std::function<void()>& property, const PropertyParams& params);

/// Where one case of a property was drawn from (RapidCheck's random and size for it), to draw it again.
struct CaseOriginData;
using CaseOrigin = std::shared_ptr<const CaseOriginData>;

/// The cases of a property drawn by draw_cases.
struct DrawnCases {
    /// Passed once every case is drawn; Error when drawing threw (the description says what), GaveUp past RapidCheck's
    /// bound of discarded draws.
    PropertyOutcome outcome;
    /// Where each case kept was drawn from, in order.
    std::vector<CaseOrigin> origins;
    /// Ended by `PropertyParams::ended` before every case was drawn (the outcome is Passed, the origins those drawn).
    bool stopped = false;
};

/// Calls `draw` (it draws one case with *gen and keeps it: a side effect) for `params.max_success` cases, drawn as
/// check_property draws the cases of a property with the same parameters (the same seed, random splits and sizes, a
/// discarded draw drawn again as RapidCheck does), without judging any and without shrinking. Holds a GenerationLock
/// throughout.
DrawnCases draw_cases(const std::function<void()>& draw, const PropertyParams& params);

/// One case drawn again from its origin, and then its shrinks one at a time, as RapidCheck shrinks a failing case
/// (each candidate smaller than the best so far; a candidate that still fails becomes the best). Each call draws under
/// a GenerationLock of its own and returns with it let go: what the caller does with a case between calls (send it,
/// judge it) holds no lock, so that property checks on other threads draw meanwhile.
class CaseShrinks {
public:
    /// Draws the case of `origin` again with `draw` (into the caller's keeping, as draw_cases did).
    CaseShrinks(std::function<void()> draw, const CaseOrigin& origin);
    ~CaseShrinks();
    CaseShrinks(const CaseShrinks&) = delete;
    CaseShrinks& operator=(const CaseShrinks&) = delete;
    /// Draws the next candidate that shrinks the best so far (into the caller's keeping); false when none is left.
    bool next();
    /// The candidate drawn last fails as well: it is the best now, and the next candidates shrink it.
    void keep();
    /// The best so far as RapidCheck shows a counterexample: each value it drew, one a line. It draws the best again.
    std::vector<std::string> shown();

private:
    struct State;
    std::unique_ptr<State> state_;
};

/// Reads RapidCheck's configuration (RC_PARAMS) now, once per process, without the "Using configuration: …"
/// line RapidCheck prints to stderr the first time: the harness passes its parameters explicitly, so that line
/// is noise in a report-producing tool.
void load_rapidcheck_configuration_quietly();

}  // namespace bds::gen
