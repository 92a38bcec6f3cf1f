#pragma once
/// Drawing a value outside a property: a fixed sample of a check's seed, the same every run with that seed.
#include <rapidcheck.h>

#include "generate/rapidcheck_adapter.hpp"

namespace bds::gen {

/// The value `gen` makes from `random` at `size`, drawn under the GenerationLock (generators built with gen::exec
/// use RapidCheck's process-wide state even outside a property).
template <class T>
T draw(const rc::Gen<T>& gen, const rc::Random& random, int size) {
    const GenerationLock generating;
    return gen(random, size).value();
}

}  // namespace bds::gen
