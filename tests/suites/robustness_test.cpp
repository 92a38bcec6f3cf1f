// Suite "robustness": each check passes on the faithful stub and fails on a server that breaks its rule.
#include <gtest/gtest.h>

#include "run/suite_fixture.hpp"

namespace bds {
namespace {

}  // namespace
}  // namespace bds
