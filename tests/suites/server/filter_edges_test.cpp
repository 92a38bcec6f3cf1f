// Suite "filters", edge cases (FIL-12): passes on the faithful stub under the choices that touch NULLs, text
// comparison and the database, and fails on a stub that misreads each edge case.
#include <gtest/gtest.h>

#include <string>

#include "run/suite_fixture.hpp"
#include "stub/variation/choices.hpp"

namespace bds {
namespace {

/// FIL-12 alone against a stub with `choices` (`conformance stub --choose` form) and `defect`.
run::CheckResult fil12_on(const std::string& choices, stub::Defect defect = stub::Defect::None) {
    return test::result_on_stub("FIL-12", defect, choices);
}

class FilterEdgeChoices : public testing::TestWithParam<const char*> {};

TEST_P(FilterEdgeChoices, Fil12PassesOnTheFaithfulStub) {
    const auto r = fil12_on(GetParam());
    EXPECT_EQ(r.outcome, run::Outcome::Pass) << r.reason << (r.findings.empty() ? "" : r.findings.front().actual);
    // One write, one read of the written rows, one read a condition: cheap enough for every run.
    EXPECT_LE(r.requests, 16) << r.requests;
}

INSTANTIATE_TEST_SUITE_P(Choices, FilterEdgeChoices,
                         testing::Values("", "A-115=sqlite", "A-17=cs", "A-17=cs,A-115=sqlite",
                                         "A-13=omitted,A-83=string,A-16=2", "A-100=null,A-99=significant,A-108=ascii",
                                         "A-102=ascii,A-103=insensitive,A-11=shuffle"));

class FilterEdgeDefects : public testing::TestWithParam<const char*> {};

TEST_P(FilterEdgeDefects, Fil12FailsOnTheDefect) {
    for (const char* choices : {"", "A-115=sqlite"}) {
        const auto r = fil12_on(choices, stub::Defect::named(GetParam()));
        EXPECT_EQ(r.outcome, run::Outcome::Fail) << GetParam() << " under '" << choices << "': " << r.reason;
    }
}

INSTANTIATE_TEST_SUITE_P(Defects, FilterEdgeDefects,
                         testing::Values("ne-matches-null", "not-two-valued", "not-in-drops-null",
                                         "and-or-left-to-right", "not-binds-loosely", "between-exclusive",
                                         "between-swaps-bounds", "like-underscore-literal", "like-escape-ignored"));

}  // namespace
}  // namespace bds
