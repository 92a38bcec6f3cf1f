// The run's journal: what the clean-up sends again, logically deleted (docs/architecture.md: "created records are
// cleaned up").
#include <gtest/gtest.h>

#include "run/journal.hpp"
#include "test_records.hpp"

namespace bds::run {
namespace {

using nlohmann::json;
using test::catalogue;
using test::minimal;

TEST(Journal, TheCleanUpSendsTheLastVersionOfEachKeyAsAMinimalRecordFlaggedDeleted) {
    Journal journal(catalogue());
    const json full =
        minimal(catalogue(), "CliFor",
                {{"ind_clifor", "C"}, {"cod_clifor", "r7A"}, {"des_ragsoc", "first"}, {"cod_piva", "IT1"}});
    json again = full;
    again["des_ragsoc"] = "second";
    journal.accepted("writer", "CliFor", json::array({full, again}));
    journal.accepted("writer", "CliFor",
                     json::array({minimal(catalogue(), "CliFor", {{"ind_clifor", "F"}, {"cod_clifor", "r7B"}})}));
    EXPECT_EQ(journal.size(), 2u);

    const auto blocks = journal.take_cleanup(100);
    ASSERT_EQ(blocks.size(), 1u);
    EXPECT_EQ(blocks[0].role, "writer");
    EXPECT_EQ(blocks[0].resource, "CliFor");
    ASSERT_EQ(blocks[0].records.size(), 2u);
    const json& first = blocks[0].records[0];
    json expected =
        minimal(catalogue(), "CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "r7A"}, {"flg_isdeleted", true}});
    EXPECT_EQ(first, expected) << "the key and the required fields, not what else was sent";
    EXPECT_EQ(journal.size(), 0u) << "taken, not copied";
}

TEST(Journal, ARecordLastSentDeletedIsNotDeletedAgainAndBlocksKeepTheirSize) {
    Journal journal(catalogue());
    json block = json::array();
    for (int i = 0; i < 5; ++i)
        block.push_back(
            minimal(catalogue(), "CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "r7" + std::to_string(i)}}));
    block[2]["flg_isdeleted"] = true;
    journal.accepted("writer", "CliFor", block);
    const auto blocks = journal.take_cleanup(2);
    ASSERT_EQ(blocks.size(), 2u);
    EXPECT_EQ(blocks[0].records.size(), 2u);
    EXPECT_EQ(blocks[1].records.size(), 2u);
    for (const auto& b : blocks)
        for (const auto& r : b.records) {
            EXPECT_NE(r["cod_clifor"], "r72");
            EXPECT_EQ(r["flg_isdeleted"], true);
        }
}

TEST(Journal, AWriteWithoutAnAnswerIsDeletedLastEvenWhenItDeleted) {
    // The target may apply a write cut in flight after the clean-up deleted the record: its deletion goes last, and a
    // cut deletion is sent again (the record may still be live).
    Journal journal(catalogue());
    json cut = minimal(catalogue(), "CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "r8A"}});
    cut["flg_isdeleted"] = true;
    journal.accepted("writer", "CliFor", json::array({cut}), /*uncertain=*/true);
    journal.accepted("writer", "CliFor",
                     json::array({minimal(catalogue(), "CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "r8B"}})}));
    const auto blocks = journal.take_cleanup(100);
    ASSERT_EQ(blocks.size(), 2u);
    EXPECT_FALSE(blocks[0].uncertain);
    EXPECT_EQ(blocks[0].records[0]["cod_clifor"], "r8B");
    EXPECT_TRUE(blocks[1].uncertain);
    EXPECT_EQ(blocks[1].records[0]["cod_clifor"], "r8A");
    EXPECT_EQ(blocks[1].records[0]["flg_isdeleted"], true);
}

}  // namespace
}  // namespace bds::run
