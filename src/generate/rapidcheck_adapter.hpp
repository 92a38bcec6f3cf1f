#pragma once
/// The one place that uses RapidCheck's internals (namespace rc::detail, outside its documented API): running a
/// property with the harness's own parameters and no output, and reading RapidCheck's configuration quietly.
/// RapidCheck promises nothing about rc::detail: on a RapidCheck upgrade this file pair is the one to fix, and
/// tests/generate/rapidcheck_adapter_test.cpp says whether it still does what the harness relies on.
#include <cstdint>
#include <functional>
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

/// Reads RapidCheck's configuration (RC_PARAMS) now, once per process, without the "Using configuration: …"
/// line RapidCheck prints to stderr the first time: the harness passes its parameters explicitly, so that line
/// is noise in a report-producing tool.
void load_rapidcheck_configuration_quietly();

}  // namespace bds::gen
