#include <gtest/gtest.h>

#include "check/check.hpp"

namespace bds {
namespace {

std::vector<Check> sample() {
    return {{.id = "PAG-01",
             .title = "pages start at 1",
             .spec = "000 §8",
             .verifies = {"000-8-pages-start-at-1"},
             .suite = "pagination"},
            {.id = "PAG-02", .title = "partition", .spec = "000 §4.1", .suite = "pagination"},
            {.id = "AUTH-01", .title = "token", .spec = "000 §5 rule 1", .suite = "auth"},
            {.id = "AUTH-10", .title = "expiry", .spec = "000 §5", .level = Level::Observe, .suite = "auth"}};
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
    EXPECT_EQ(ids(select_checks(sample(), {"auth"}, {"PAG-01"})),
              (std::vector<std::string>{"PAG-01", "AUTH-01", "AUTH-10"}));
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

}  // namespace
}  // namespace bds
