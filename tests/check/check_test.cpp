#include <gtest/gtest.h>

#include <set>

#include "check/check.hpp"

namespace bds {
namespace {

std::vector<Check> sample() {
    return {{"PAG-01", "pagination", "pages start at 1", "000 §8", "Pages start at 1.", Level::Must, {}, false, nullptr},
            {"PAG-02", "pagination", "partition", "000 §4.1", "", Level::Must, {}, false, nullptr},
            {"AUTH-01", "auth", "token", "000 §5 rule 1", "", Level::Must, {}, false, nullptr},
            {"AUTH-10", "auth", "expiry", "000 §5", "", Level::Observe, {}, false, nullptr}};
}

std::vector<std::string> ids(const std::vector<Check>& checks) {
    std::vector<std::string> out;
    for (const auto& c : checks) out.push_back(c.id);
    return out;
}

TEST(SelectChecks, NothingSelectedMeansEverything) { EXPECT_EQ(select_checks(sample(), {}, {}).size(), 4u); }

TEST(SelectChecks, BySuiteAndByIdPrefix) {
    EXPECT_EQ(ids(select_checks(sample(), {"auth"}, {})), (std::vector<std::string>{"AUTH-01", "AUTH-10"}));
    EXPECT_EQ(ids(select_checks(sample(), {}, {"PAG-02"})), (std::vector<std::string>{"PAG-02"}));
    EXPECT_EQ(ids(select_checks(sample(), {}, {"AUTH-1"})), (std::vector<std::string>{"AUTH-10"}));
    EXPECT_EQ(ids(select_checks(sample(), {"auth"}, {"PAG-01"})), (std::vector<std::string>{"PAG-01", "AUTH-01", "AUTH-10"}));
}

TEST(SelectChecks, ExcludedChecksLeaveAndUnknownNamesAreRefused) {
    EXPECT_EQ(ids(select_checks(sample(), {"auth"}, {}, {"AUTH-1"})), (std::vector<std::string>{"AUTH-01"}));
    EXPECT_EQ(ids(select_checks(sample(), {}, {}, {"AUTH"})), (std::vector<std::string>{"PAG-01", "PAG-02"}));
    try {
        select_checks(sample(), {"auth", "nope"}, {});
        FAIL() << "an unknown suite must not be dropped silently (it ran auth and exited 0)";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("no suite \"nope\"; the suites: "), std::string::npos) << e.what();
    }
    EXPECT_THROW(select_checks(sample(), {}, {"NOPE-"}), std::invalid_argument);
    EXPECT_THROW(select_checks(sample(), {}, {}, {"NOPE-"}), std::invalid_argument);
}

TEST(AllChecks, IdsAreUniqueAndEveryCheckIsComplete) {
    std::set<std::string> seen;
    for (const auto& c : all_checks()) {
        EXPECT_TRUE(seen.insert(c.id).second) << "duplicate id " << c.id;
        EXPECT_FALSE(c.suite.empty()) << c.id;
        EXPECT_FALSE(c.spec.empty()) << c.id;
        EXPECT_TRUE(c.run) << c.id;
    }
}

}  // namespace
}  // namespace bds
