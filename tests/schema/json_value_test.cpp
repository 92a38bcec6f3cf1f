#include <gtest/gtest.h>

#include "schema/json_value.hpp"

namespace bds {
namespace {

using nlohmann::json;

TEST(JsonValue, AMissingFieldReadsAsNull) {
    const json row = {{"a", 1}, {"b", nullptr}, {"c", {{"d", "x"}}}};
    EXPECT_EQ(value_of(row, "a"), 1);
    EXPECT_TRUE(value_of(row, "b").is_null());
    EXPECT_TRUE(value_of(row, "z").is_null());
    EXPECT_EQ(value_of(row, "c"), json({{"d", "x"}}));
    EXPECT_TRUE(value_of(row, "A").is_null());  // names are exact
}

TEST(JsonValue, NoObjectHasNoFields) {
    EXPECT_TRUE(value_of(json::array({1, 2}), "a").is_null());
    EXPECT_TRUE(value_of(json("text"), "a").is_null());
    EXPECT_TRUE(value_of(json(), "a").is_null());
}

}  // namespace
}  // namespace bds
