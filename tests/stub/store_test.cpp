// The stub's store: Store::clear, which the fuzz targets use to start each input from an empty store.
#include <gtest/gtest.h>

#include "catalogue/catalogue.hpp"
#include "stub/state.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

TEST(Store, ClearForgetsEveryRowAndTheChangeClockGoesOn) {
    const Catalogue catalogue = builtin_catalogue();
    StubState state(catalogue, StubOptions{});
    const Record& stati = *catalogue.find("StatiEsteri");
    const auto write = [&] { state.store.upsert(7, stati, {json{{"cod_naz", "86"}, {"des_naz", "Italia"}}}); };
    const auto rows = [&] {
        return state.store.read(
            7, [](const TenantData& d) { return d.table("StatiEsteri") ? d.table("StatiEsteri")->rows.size() : 0u; });
    };
    const auto changed = [&] {
        return state.store.read(
            7, [](const TenantData& d) { return d.table("StatiEsteri")->rows.begin()->second.changed; });
    };
    write();
    ASSERT_EQ(rows(), 1u);
    const auto before = changed();

    state.store.clear();
    EXPECT_EQ(rows(), 0u);
    write();
    EXPECT_EQ(rows(), 1u);
    EXPECT_GT(changed(), before) << "a row written again after the clear is newer for the change feed";
}

}  // namespace
}  // namespace bds::stub
