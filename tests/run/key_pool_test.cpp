// Key pools (docs/architecture.md, "Footprint and key pools"): a pool's prefix is stable and of the run alphabet, one
// run of a pool holds its lock at a time, and consecutive runs of one pool against one server leave few rows more
// than the first: the property checks' cases write the same key slots every run.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <set>

#include "bundled/embedded_stub.hpp"
#include "catalogue/catalogue.hpp"
#include "run/key_pool.hpp"
#include "run/runner.hpp"
#include "stub/variation/choices.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

TEST(KeyPool, PrefixIsStableLowerCaseAndALetterFirst) {
    for (const std::string name : {"gate", "pipeline/staging.json", "", "GATE"}) {
        const std::string p = run::pool_prefix(name);
        EXPECT_EQ(p, run::pool_prefix(name));
        ASSERT_EQ(p.size(), 3u);
        EXPECT_TRUE(std::islower(static_cast<unsigned char>(p[0]))) << p;
        for (const char c : p) EXPECT_TRUE(std::islower(static_cast<unsigned char>(c)) || std::isdigit(c)) << p;
    }
    EXPECT_NE(run::pool_prefix("gate"), run::pool_prefix("GATE"));
}

TEST(KeyPool, ASecondHolderOfAPoolIsRefusedUntilTheFirstLetsGo) {
    const auto dir = std::filesystem::temp_directory_path() / ("bds-pool-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    {
        const run::PoolLock first(dir.string(), "gate");
        try {
            const run::PoolLock second(dir.string(), "gate");
            FAIL() << "a second run of the pool was not refused";
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find("key pool \"gate\" is in use"), std::string::npos) << e.what();
        }
        const run::PoolLock other(dir.string(), "another pool");  // another pool is not held
    }
    const run::PoolLock again(dir.string(), "gate");
    EXPECT_EQ(run::lock_pool(""), nullptr);
    std::filesystem::remove_all(dir);
}

/// Every stored row of the stub (deleted or not) in every tenant of `users`: those of the resources a sender writes.
std::size_t rows_of(const bundled::EmbeddedStub& stub, const Catalogue& catalogue,
                    const std::vector<stub::User>& users) {
    std::set<int> tenants;
    for (const auto& u : users) tenants.insert(u.customer_ID);
    std::size_t n = 0;
    for (const int tenant : tenants)
        for (const Record* r : catalogue.resources())
            if (r->writable()) n += stub.server->rows(tenant, r->name).size();
    return n;
}

/// The property checks that take key slots (suites/common/written.hpp: CasePrefixes, numbered data sets).
std::vector<Check> slotted_checks() {
    const std::set<std::string> ids = {"SYN-01",  "SYN-02",  "SYN-03",  "SYN-06",  "CHG-01",  "DEL-01", "DEL-02",
                                       "VIEW-01", "VIEW-02", "VIEW-03", "VIEW-04", "VIEW-06", "VIEW-07"};
    std::vector<Check> out;
    for (const auto& c : all_checks())
        if (ids.contains(c.id)) out.push_back(c);
    EXPECT_EQ(out.size(), ids.size());
    return out;
}

TEST(KeyPool, SlotsWrittenAgainWithinARunPassUnderTheChoicesThatKeepWhatAnUpsertLeavesOut) {
    // 12 cases: every slot written two or three times in one run. A-60 merge keeps the fields a re-send leaves out,
    // hide the rows an earlier case deleted: none may change a judgement.
    for (const std::string choices : {"", "A-60=merge", "A-60=merge,A-12=hidden,A-42=hidden"}) {
        const Catalogue catalogue = builtin_catalogue();
        stub::StubOptions stub_options;
        stub::apply_choices(stub_options.choices, choices);
        auto stub = bundled::start_embedded_stub(catalogue, stub_options);
        run::RunOptions options;
        options.seed = 5;
        options.cases = 12;
        options.jobs = 2;
        const auto result = run::run_checks(catalogue, stub.target, slotted_checks(), options);
        for (const auto& r : result.results)
            EXPECT_EQ(r.outcome, run::Outcome::Pass) << choices << ": " << r.id << " " << r.reason;
    }
}

TEST(KeyPool, ConsecutiveRunsOfAPoolAddAtMostAFifthToWhatTheFirstLeft) {
    const Catalogue catalogue = builtin_catalogue();
    stub::StubOptions stub_options;
    auto stub = bundled::start_embedded_stub(catalogue, stub_options);
    const auto checks = slotted_checks();
    const std::size_t empty = rows_of(stub, catalogue, stub_options.users);
    std::size_t first = 0;
    for (int n = 1; n <= 3; ++n) {
        run::RunOptions options;
        options.seed = 100 + static_cast<std::uint64_t>(n);  // another seed every run: other values, the same keys
        options.cases = 30;                                  // every slot written three times a run
        options.jobs = 2;
        options.key_pool = "test pool";
        const auto result = run::run_checks(catalogue, stub.target, checks, options);
        EXPECT_EQ(result.verdict(), run::Verdict::Pass) << "run " << n;
        const std::size_t left = rows_of(stub, catalogue, stub_options.users) - empty;
        if (n == 1) first = left;
        std::printf("[ pool     ] run %d (prefix %s): %zu rows left\n", n, result.run_prefix.c_str(), left);
        EXPECT_LE(left * 5, first * 6) << "run " << n;
    }
}

TEST(KeyPool, WhatAnEarlierRunOfThePoolLeftIsNotTakenForThisRunsRows) {
    // Under A-60 merge the clean-up's deletions keep the earlier run's markers (SYN-06, VIEW-06 select their rows by
    // marker); under A-107 code-points an over-long value an earlier run sent was stored under a key this run's refused
    // case writes again (ROB-03 judges that a refused body stored nothing). Both runs of the pool must pass.
    const Catalogue catalogue = builtin_catalogue();
    stub::StubOptions stub_options;
    stub::apply_choices(stub_options.choices, "A-60=merge,A-107=code-points");
    auto stub = bundled::start_embedded_stub(catalogue, stub_options);
    std::vector<Check> checks;
    for (const auto& c : all_checks())
        if (std::set<std::string>{"SYN-06", "VIEW-06", "ROB-03", "SYN-08"}.contains(c.id)) checks.push_back(c);
    ASSERT_EQ(checks.size(), 4u);
    for (const std::uint64_t seed : {7u, 14u}) {
        run::RunOptions options;
        options.seed = seed;
        options.cases = 20;
        options.jobs = 2;
        options.key_pool = "earlier rows";
        const auto result = run::run_checks(catalogue, stub.target, checks, options);
        for (const auto& r : result.results)
            EXPECT_EQ(r.outcome, run::Outcome::Pass) << "seed " << seed << ": " << r.id << " " << r.reason;
    }
}

}  // namespace
}  // namespace bds
