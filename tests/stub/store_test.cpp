// The stub's store: Store::clear, which the fuzz targets use to start each input from an empty store.
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

}  // namespace
}  // namespace bds::stub
