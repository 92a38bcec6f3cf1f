// Everything of rc::detail the harness uses (see the header): here and nowhere else.
#include "generate/rapidcheck_adapter.hpp"

#include <rapidcheck.h>
#include <rapidcheck/detail/Configuration.h>
#include <rapidcheck/gen/detail/ExecRaw.h>

#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>

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

/// The size RapidCheck gives the `i`-th case of a property (its sizeFor, in src/detail/Testing.cpp): the sizes spread
/// evenly over 0..max_size, the largest used.
int size_for(const PropertyParams& params, int i) {
    const int sizes = params.max_size + 1;
    const int regular = (params.max_success / sizes) * sizes;
    if (i < regular) return i % sizes;
    const int rest = params.max_success - regular;
    return rest == 1 ? 0 : ((i % sizes) * params.max_size) / (rest - 1);
}

/// RapidCheck's bound of discarded draws per passing case (TestParams::maxDiscardRatio's default).
constexpr int kMaxDiscardRatio = 10;

/// What the cases of draw_cases and CaseShrinks are drawn by: `draw` under RapidCheck's recipe of its draws.
using Drawing = rc::Gen<std::pair<int, rc::gen::detail::Recipe>>;
using DrawnShrinkable = rc::Shrinkable<std::pair<int, rc::gen::detail::Recipe>>;

Drawing drawing(std::function<void()> draw) {
    return rc::gen::detail::execRaw([draw = std::move(draw)] {
        draw();
        return 0;
    });
}

/// A value RapidCheck drew, as its counterexamples show it.
std::string shown_value(const rc::gen::detail::Recipe::Ingredient& ingredient) {
    std::ostringstream os;
    ingredient.value().showValue(os);
    return os.str();
}

}  // namespace

struct CaseOriginData {
    rc::Random random;
    int size = 0;
};

DrawnCases draw_cases(const std::function<void()>& draw, const PropertyParams& params) {
    const GenerationLock generating;
    const Drawing gen = drawing(draw);
    DrawnCases out;
    int discarded = 0, recent_discards = 0;
    rc::Random random(params.seed);
    // As RapidCheck's searchProperty draws each case: a split of the seed's random, a size by the case's number.
    while (static_cast<int>(out.origins.size()) < params.max_success) {
        if (params.ended && params.ended()) {
            out.stopped = true;
            return out;
        }
        const int size = size_for(params, static_cast<int>(out.origins.size())) + recent_discards / 10;
        const rc::Random split = random.split();
        std::string discard;
        try {
            gen(split, size).value();
        } catch (const rc::detail::CaseResult& result) {
            if (result.type != rc::detail::CaseResult::Type::Discard) {
                out.outcome = {PropertyOutcome::Kind::Error, result.description, {}};
                return out;
            }
            discard = result.description;
        } catch (const rc::GenerationFailure& e) {
            discard = e.what();
        } catch (const std::exception& e) {
            out.outcome = {PropertyOutcome::Kind::Error, std::string("exception while drawing: ") + e.what(), {}};
            return out;
        }
        if (discard.empty()) {
            out.origins.push_back(std::make_shared<const CaseOriginData>(CaseOriginData{split, size}));
            recent_discards = 0;
        } else if (++recent_discards, ++discarded > kMaxDiscardRatio * params.max_success) {
            out.outcome = {PropertyOutcome::Kind::GaveUp, discard, {}};
            return out;
        }
    }
    return out;
}

struct CaseShrinks::State {
    Drawing gen;
    DrawnShrinkable best;
    std::optional<rc::Seq<DrawnShrinkable>> shrinks;
    std::optional<DrawnShrinkable> candidate;
};

CaseShrinks::CaseShrinks(std::function<void()> draw, const CaseOrigin& origin) {
    const GenerationLock generating;
    Drawing gen = drawing(std::move(draw));
    DrawnShrinkable best = gen(origin->random, origin->size);
    state_.reset(new State{std::move(gen), std::move(best), std::nullopt, std::nullopt});
    state_->best.value();
}

CaseShrinks::~CaseShrinks() {
    const GenerationLock generating;  // what the recipes hold goes under the lock too
    state_.reset();
}

bool CaseShrinks::next() {
    const GenerationLock generating;
    if (!state_->shrinks) state_->shrinks = state_->best.shrinks();
    while (auto candidate = state_->shrinks->next()) {
        try {
            candidate->value();
        } catch (const rc::detail::CaseResult&) {  // a draw discarded (RC_PRE): not a candidate
            continue;
        } catch (const rc::GenerationFailure&) {
            continue;
        }
        state_->candidate = std::move(*candidate);
        return true;
    }
    return false;
}

void CaseShrinks::keep() {
    const GenerationLock generating;
    if (!state_->candidate) return;
    state_->best = std::move(*state_->candidate);
    state_->candidate.reset();
    state_->shrinks.reset();  // the next candidates shrink the new best
}

std::vector<std::string> CaseShrinks::shown() {
    const GenerationLock generating;
    std::vector<std::string> out;
    for (const auto& ingredient : state_->best.value().second.ingredients) out.push_back(shown_value(ingredient));
    return out;
}

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
