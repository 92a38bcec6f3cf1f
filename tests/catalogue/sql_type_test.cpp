#include <gtest/gtest.h>

#include "catalogue/sql_type.hpp"

namespace bds {
namespace {

TEST(SqlType, ParsesEveryFormTheSeedsUseAndPrintsItBack) {
    for (const char* text :
         {"int", "decimal", "float(10)", "datetime", "datetime2", "bit", "timestamp", "nchar(1)", "nvarchar(50)",
          "nvarchar(-1)", "varchar(-1)", "char(10)", "varchar(5000)", "nvarchar", "list"})
        EXPECT_EQ(SqlType::parse(text).str(), text);
}

TEST(SqlType, KnowsLengthsAndCharacterSets) {
    const auto nv = SqlType::parse("nvarchar(50)");
    EXPECT_TRUE(nv.is_text());
    EXPECT_TRUE(nv.is_unicode_text());
    EXPECT_FALSE(nv.is_fixed_text());
    EXPECT_EQ(nv.max_length(), 50);
    EXPECT_FALSE(SqlType::parse("varchar(-1)").max_length()) << "-1 is unbounded";
    EXPECT_FALSE(SqlType::parse("nvarchar").max_length()) << "no length shown";
    EXPECT_FALSE(SqlType::parse("char(10)").is_unicode_text());
    EXPECT_TRUE(SqlType::parse("nchar(1)").is_fixed_text());
    EXPECT_FALSE(SqlType::parse("int").max_length());
    EXPECT_TRUE(SqlType::parse("float(10)").is_single_precision_float());
    EXPECT_FALSE(SqlType::parse("float(53)").is_single_precision_float());
}

TEST(SqlType, RefusesWhatIsNotAType) {
    for (const char* text : {"", "integer", "nvarchar(", "nvarchar(abc)", "nvarchar(0)", "nchar(-1)", "int(4)",
                             "float(54)", "nvarchar(10"})
        EXPECT_THROW(SqlType::parse(text), std::invalid_argument) << text;
}

}  // namespace
}  // namespace bds
