// Everything of rc::detail the harness uses (see the header): here and nowhere else.
#include "generate/rapidcheck_adapter.hpp"

#include <rapidcheck.h>
#include <rapidcheck/detail/Configuration.h>

#include <iostream>
#include <mutex>

namespace bds::gen {
namespace {

/// A listener that reports nothing (RapidCheck's default one prints every case to stderr).
class Silent : public rc::detail::TestListener {
public:
    void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
    void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
    void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

std::recursive_mutex& generation_mutex() {
    static std::recursive_mutex m;
    return m;
}

}  // namespace

GenerationLock::GenerationLock() : lock_(generation_mutex()) {}

PropertyOutcome check_property(const std::function<void()>& property, const PropertyParams& params) {
    const GenerationLock generating;
    rc::detail::TestParams test_params;
    test_params.seed = params.seed;
    test_params.maxSuccess = params.max_success;
    test_params.maxSize = params.max_size;
    rc::detail::TestMetadata metadata;
    metadata.id = params.id;
    metadata.description = params.description;
    Silent listener;
    const auto result = rc::detail::checkTestable(property, metadata, test_params, listener);
    PropertyOutcome out;
    if (result.is<rc::detail::FailureResult>()) {
        const auto& failure = result.get<rc::detail::FailureResult>();
        out.kind = PropertyOutcome::Kind::Failed;
        out.description = failure.description;
        for (const auto& [type, value] : failure.counterExample) out.counterexample.push_back(value);
    } else if (result.is<rc::detail::Error>()) {
        out.kind = PropertyOutcome::Kind::Error;
        out.description = result.get<rc::detail::Error>().description;
    } else if (result.is<rc::detail::GaveUpResult>()) {
        out.kind = PropertyOutcome::Kind::GaveUp;
        out.description = result.get<rc::detail::GaveUpResult>().description;
    }
    return out;
}

void load_rapidcheck_configuration_quietly() {
    static std::once_flag once;
    std::call_once(once, [] {
        std::streambuf* saved = std::cerr.rdbuf(nullptr);
        rc::detail::configuration();
        std::cerr.rdbuf(saved);
        std::cerr.clear();  // writing to a null buffer set badbit
    });
}

}  // namespace bds::gen
