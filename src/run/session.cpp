#include "run/session.hpp"

#include <random>

#include "common/text.hpp"

namespace bds::run {

std::string random_prefix() {
    std::random_device rd;
    // A letter first (some servers dislike keys starting with a digit), then two base-36 characters; lower
    // case only, so that no two runs' prefixes differ only by case.
    return std::string(1, static_cast<char>('a' + rd() % 26)) + base36(rd() % (36 * 36), 2);
}

}  // namespace bds::run
