#pragma once
// A test that reads the seed documents. They are the service vendor's, not part of this repository: in a clone
// without them such a test is skipped, saying so, and every other test still runs.
#include <gtest/gtest.h>

#include <string>

#include "catalogue/seed_tables.hpp"
#include "test_paths.hpp"

namespace bds::test {

class SeedsTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (!seeds_present())
            GTEST_SKIP() << "the seed documents are not in " << seeds_dir()
                         << " (set BDS_SEEDS_DIR): what this test compares with them goes unchecked";
        seed000 = seed_text("000");
        seed001 = seed_text("001");
    }
    /// The text of the seed document "000" or "001".
    const std::string& seed(const std::string& doc) const { return doc == "000" ? seed000 : seed001; }

    std::string seed000, seed001;
};

}  // namespace bds::test
