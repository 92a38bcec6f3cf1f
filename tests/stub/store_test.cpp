// The stub's store: Store::clear, which the fuzz targets use to start each input from an empty store, and the
// rows-by-generation list views read to find what was written since they were derived.
#include <gtest/gtest.h>

#include "catalogue/catalogue.hpp"
#include "stub/state.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

TEST(Store, ClearForgetsEveryRowAndNoCachedViewCanPassForTheEmptyData) {
    const Catalogue catalogue = builtin_catalogue();
    StubState state(catalogue, StubOptions{});
    const Record& stati = *catalogue.find("StatiEsteri");
    state.store.upsert(7, stati, {json{{"cod_naz", "86"}, {"des_naz", "Italia"}}});
    const auto rows = [&] { return state.store.read(7, [](const TenantData& d) { return d.table("StatiEsteri") ? d.table("StatiEsteri")->rows.size() : 0u; }); };
    const auto generation = [&] { return state.store.read(7, [](const TenantData& d) { return d.generation; }); };
    ASSERT_EQ(rows(), 1u);
    const auto before = generation();

    state.store.clear();
    EXPECT_EQ(rows(), 0u);
    EXPECT_GT(generation(), before) << "a view derived before the clear would be served as fresh";

    // Rows written again are not confused with the ones before, for the views (generation) or the change feed.
    state.store.upsert(7, stati, {json{{"cod_naz", "86"}, {"des_naz", "Italia"}}});
    EXPECT_EQ(rows(), 1u);
    EXPECT_GT(generation(), before + 1);
}

/// Whether every row is in by_written once, at the generation that last wrote it, and nothing else is.
::testing::AssertionResult listed_by_generation(const Table& table) {
    if (table.by_written.size() != table.rows.size())
        return ::testing::AssertionFailure() << table.by_written.size() << " listed for " << table.rows.size() << " rows";
    for (const auto& [key, row] : table.rows)
        if (!table.by_written.contains({row.written, &key})) return ::testing::AssertionFailure() << "row " << key << " not listed at " << row.written;
    return ::testing::AssertionSuccess();
}

class RowsByGeneration : public ::testing::TestWithParam<Defect> {};

TEST_P(RowsByGeneration, ListEachRowOnceAtItsLastWriteThroughOverwritesInsertsAndRemovals) {
    const Catalogue catalogue = builtin_catalogue();
    StubOptions options;
    options.defect = GetParam();  // upsert-duplicates inserts beside the old row, physical-deletion removes it
    StubState state(catalogue, options);
    const Record& stati = *catalogue.find("StatiEsteri");
    const auto write = [&](const char* key, bool deleted) {
        state.store.upsert(7, stati, {json{{"cod_naz", key}, {"des_naz", "x"}, {"flg_isdeleted", deleted}}});
    };
    write("1", false);
    write("2", false);
    write("1", false);
    write("2", true);
    write("3", false);
    state.store.read(7, [&](const TenantData& d) {
        const Table& t = *d.table("StatiEsteri");
        EXPECT_TRUE(listed_by_generation(t));
        std::vector<std::string> since;  // what a view derived after the second write has to derive again
        t.for_each_written_since(2, [&](const std::string& key) {
            EXPECT_GT(t.rows.at(key).written, 2u);
            since.push_back(key);
        });
        std::size_t expected = 0;
        for (const auto& [key, row] : t.rows) expected += row.written > 2;
        EXPECT_EQ(since.size(), expected);
        return 0;
    });
}

INSTANTIATE_TEST_SUITE_P(Defects, RowsByGeneration, ::testing::Values(Defect::None, Defect::UpsertDuplicates, Defect::PhysicalDeletion),
                         [](const auto& info) { return std::string(info.param == Defect::None ? "faithful" : info.param == Defect::UpsertDuplicates ? "upsert_duplicates" : "physical_deletion"); });

}  // namespace
}  // namespace bds::stub
