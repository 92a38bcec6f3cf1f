// suites/sampled_read: which pages a sample of a large read takes, and how it says what it read. Reading them from a
// target, and the checks that judge them, are tested with the suites (tests/suites/server/changes_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "suites/common/sampled_read.hpp"

namespace bds::suites {
namespace {

TEST(SampledPages, AreEveryPageWhenTheyAreFew) {
    EXPECT_EQ(sampled_pages(1, 5, 7), (std::vector<long long>{1}));
    EXPECT_EQ(sampled_pages(5, 5, 7), (std::vector<long long>{1, 2, 3, 4, 5}));
    EXPECT_EQ(sampled_pages(2, 1, 7), (std::vector<long long>{1, 2})) << "the first and the last at least";
}

TEST(SampledPages, AreTheFirstTheLastAndPagesBetweenDrawnFromTheSeed) {
    for (const long long count : {6LL, 7LL, 113LL, 1'000'000LL})
        for (std::uint64_t seed = 0; seed < 50; ++seed) {
            const auto pages = sampled_pages(count, 5, seed);
            ASSERT_EQ(pages.size(), 5u) << count;
            EXPECT_EQ(pages.front(), 1);
            EXPECT_EQ(pages.back(), count);
            EXPECT_EQ(std::set<long long>(pages.begin(), pages.end()).size(), pages.size()) << "distinct";
            EXPECT_TRUE(std::is_sorted(pages.begin(), pages.end()));
            EXPECT_EQ(sampled_pages(count, 5, seed), pages) << "the same seed reads the same pages";
        }
    std::set<std::vector<long long>> drawn;
    for (std::uint64_t seed = 0; seed < 20; ++seed) drawn.insert(sampled_pages(10'000, 5, seed));
    EXPECT_GT(drawn.size(), 15u) << "other seeds, other pages between";
}

TEST(Thousands, PutsACommaBetweenThousands) {
    EXPECT_EQ(thousands(0), "0");
    EXPECT_EQ(thousands(999), "999");
    EXPECT_EQ(thousands(1000), "1,000");
    EXPECT_EQ(thousands(11250), "11,250");
    EXPECT_EQ(thousands(1234567), "1,234,567");
    EXPECT_EQ(thousands(-1000), "-1,000");
}

TEST(SampleText, SaysWhatWasRead) {
    Sample s;
    s.rows.resize(300);
    s.pages = {1, 57, 113};
    s.counts = {100, 100, 100};
    s.page_size = 100;
    s.total = 11250;
    s.page_count = 113;
    EXPECT_EQ(s.text(), "pages 1, 57 and 113 of 113 of PageSize 100 (300 of 11,250 rows)");
    EXPECT_EQ(s.rows_on(57), 100);
    EXPECT_FALSE(s.rows_on(2));
    s.whole = true;
    s.pages = {1, 2};
    s.rows.resize(150);
    EXPECT_EQ(s.text(), "every page, 2 of PageSize 100 (150 rows)");
}

}  // namespace
}  // namespace bds::suites
