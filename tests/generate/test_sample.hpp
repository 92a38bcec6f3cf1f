#pragma once
// Values of a generator drawn outside a property, for the generator tests.
#include <rapidcheck.h>

#include <cstdint>
#include <vector>

namespace bds::test {

/// `count` values of `gen`, deterministically from `seed`, at sizes 0..100.
template <typename T>
std::vector<T> sample(const rc::Gen<T>& gen, std::uint64_t seed, int count) {
    rc::Random random(seed);
    std::vector<T> out;
    for (int i = 0; i < count; ++i) out.push_back(gen(random.split(), i % 101).value());
    return out;
}

}  // namespace bds::test
