// Check::chain, the hint by which a far target's run starts its longest chains first, is kept in step with what each
// check sends: every server check run at the default cases against the bundled stub with a key pool (as a target that
// outlives the run is run: a key an earlier run may have left is read before it is written, bench/remote_bench.cpp's
// runs too), each chain measured against its hint.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "bundled/embedded_stub.hpp"
#include "run/runner.hpp"
#include "run/suite_fixture.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

/// Whether `hint` says about what `measured` is: within half of it either way, or 8 (a short chain moves with what
/// the target answered: a race's history tried again); 0 only for a chain under 10, whose place in the order matters
/// little.
bool in_step(int hint, long measured) {
    if (hint == 0) return measured < 10;
    return std::abs(hint - measured) <= std::max(8L, measured / 2);
}

TEST(ChainHints, EachCheckHintsAtTheChainItSendsAtTheDefaultCases) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    run::RunOptions options;
    options.seed = 7;
    options.jobs = 8;
    options.key_pool = "chain hints " + std::to_string(::getpid());
    const std::vector<Check> checks = all_checks();
    const auto run = run::run_checks(cat, stub.target, checks, options);
    std::ostringstream drift;
    for (const Check& check : checks) {
        const auto& r = test::result_of(run, check.id);
        if (!in_step(check.chain, r.chain))
            drift << "  " << check.id << ": hint " << check.chain << ", sent " << r.chain
                  << " (write .chain = " << (r.chain < 10 ? 0 : r.chain) << ")\n";
    }
    EXPECT_EQ(drift.str(), "") << "chains out of step with their hints (Check::chain):\n" << drift.str();
}

}  // namespace
}  // namespace bds
