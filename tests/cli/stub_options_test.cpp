// The stub's settings from the command line (cli/stub_options.hpp): a defect shown on a fraction of requests,
// `run --stub-defect-rate` drawn from the run's --seed, and the rates the command line refuses.
#include <gtest/gtest.h>

#include <string>

#include "test_paths.hpp"

namespace bds {
namespace {

using test::ProcessResult;

/// stdout and stderr together.
ProcessResult stub_cli(const std::string& args) { return test::run_conformance(args, true); }

/// SYN-15 against total-cached shown on half the requests, alone at --jobs 1: 'F' when it fails, 'p' when it passes.
char syn15_at_half(int seed) {
    const ProcessResult r = stub_cli(
        "run --check SYN-15 --stub-defect total-cached --stub-defect-rate 0.5 --jobs 1 "
        "--seed " +
        std::to_string(seed));
    EXPECT_TRUE(r.code == 0 || r.code == 1) << r.out;
    return r.code == 1 ? 'F' : 'p';
}

TEST(StubDefectRate, ARunMeetsTheDefectUnderSomeSeedsAndEachSeedAlikeEachTime) {
    // SYN-15 catches total-cached when both the count read before its block and the one right after meet the
    // defect (the first fills the cache, the second answers from it): about one seed in four.
    std::string outcomes, again;
    for (int seed = 1; seed <= 10; ++seed) outcomes += syn15_at_half(seed);
    for (int seed = 1; seed <= 10; ++seed) again += syn15_at_half(seed);
    EXPECT_NE(outcomes.find('F'), std::string::npos) << outcomes;
    EXPECT_NE(outcomes.find('p'), std::string::npos) << outcomes;
    EXPECT_EQ(again, outcomes) << "drawn from --seed: the same seed meets the defect on the same requests";
    const std::string seed = std::to_string(outcomes.find('F') + 1);
    const ProcessResult failing =
        stub_cli("run --check SYN-15 --stub-defect total-cached --stub-defect-rate 0.5 --jobs 1 --seed " + seed);
    EXPECT_NE(failing.out.find("--stub-defect 'total-cached' --stub-defect-rate '0.5' --check SYN-15 --seed " + seed),
              std::string::npos)
        << "the replay line gives the rate\n"
        << failing.out;
    const std::string passing_seed = std::to_string(outcomes.find('p') + 1);
    EXPECT_EQ(stub_cli("run --check SYN-15 --stub-defect total-cached --jobs 1 --seed " + passing_seed).code, 1)
        << "at rate 1 (the default) every seed meets it";
}

TEST(StubDefectRate, ARateAboveZeroAtMostOneOfADefectIsRequired) {
    for (const char* rate : {"0", "1.5", "-0.5", "half"}) {
        const ProcessResult run =
            stub_cli(std::string("run --check SYN-15 --stub-defect total-cached --stub-defect-rate ") + rate);
        EXPECT_EQ(run.code, 2) << rate << "\n" << run.out;
        EXPECT_NE(run.out.find("--stub-defect-rate: expected a number above 0 and at most 1"), std::string::npos)
            << run.out;
        const ProcessResult stub = stub_cli(std::string("stub --defect total-cached --defect-rate ") + rate);
        EXPECT_EQ(stub.code, 2) << rate << "\n" << stub.out;
        EXPECT_NE(stub.out.find("--defect-rate: expected a number above 0 and at most 1"), std::string::npos)
            << stub.out;
    }
    for (const char* defect : {"", " --stub-defect none"}) {
        const ProcessResult run = stub_cli(std::string("run --check SYN-15 --stub-defect-rate 0.5") + defect);
        EXPECT_EQ(run.code, 2) << run.out;
        EXPECT_NE(run.out.find("--stub-defect-rate: the fraction of requests a defect shows on needs the defect "
                               "(--stub-defect NAME)"),
                  std::string::npos)
            << run.out;
    }
    const ProcessResult stub = stub_cli("stub --defect-rate 0.5");
    EXPECT_EQ(stub.code, 2) << stub.out;
    EXPECT_NE(stub.out.find("needs the defect (--defect NAME)"), std::string::npos) << stub.out;
    const ProcessResult seed = stub_cli("stub --defect total-cached --defect-rate 0.5 --defect-seed -1");
    EXPECT_EQ(seed.code, 2) << seed.out;
    EXPECT_NE(seed.out.find("--defect-seed: expected a whole number"), std::string::npos) << seed.out;
}

}  // namespace
}  // namespace bds
