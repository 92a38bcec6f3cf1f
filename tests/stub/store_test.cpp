// The stub's store: Store::clear, which the fuzz targets use to start each input from an empty store; how new rows
// are numbered.
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

/// The Id of the one StatiEsteri row of `tenant` once each of tenants 7 and 8 wrote one, 7 first, under `numbering`.
std::int64_t second_tenants_id(Choices::IdNumbering numbering) {
    const Catalogue catalogue = builtin_catalogue();
    StubOptions options;
    options.choices.id_numbering = numbering;
    StubState state(catalogue, options);
    const Record& stati = *catalogue.find("StatiEsteri");
    state.store.upsert(7, stati, {json{{"cod_naz", "86"}}, json{{"cod_naz", "87"}}});
    state.store.upsert(8, stati, {json{{"cod_naz", "86"}}});
    return state.store.read(8, [](const TenantData& d) {
        return d.table("StatiEsteri")->rows.begin()->second.record.at("Id").get<std::int64_t>();
    });
}

TEST(Store, NewRowsAreNumberedPerTenantOrOnceForEveryTenantAsChosen) {
    EXPECT_EQ(second_tenants_id(Choices::IdNumbering::PerTenant), 1) << "each tenant's rows from 1";
    EXPECT_EQ(second_tenants_id(Choices::IdNumbering::Shared), 3) << "one numbering for the tenants (A-119)";
}

}  // namespace
}  // namespace bds::stub
