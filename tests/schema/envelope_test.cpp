#include <gtest/gtest.h>

#include "schema/envelope.hpp"

namespace bds {
namespace {

// Enum <-> text by one table (common/enum_text.hpp), shown on the envelope.

TEST(EnumText, EnvelopeSpellings) {
    EXPECT_EQ(enum_texts<Envelope>(), (std::vector<std::string>{"object", "header", "row"}));
    EXPECT_EQ(to_string(Envelope::Object), "object");
    EXPECT_EQ(to_string(Envelope::Header), "header");
    EXPECT_EQ(to_string(Envelope::RowField), "row");
    EXPECT_EQ(enum_choices<Envelope>(), "object, header or row");
}

TEST(EnumText, FromTextKnowsOnlyTheTable) {
    EXPECT_EQ(enum_from_text<Envelope>("header"), Envelope::Header);
    EXPECT_EQ(enum_from_text<Envelope>("row"), Envelope::RowField);
    EXPECT_EQ(enum_from_text<Envelope>("auto"), std::nullopt);  // the macro alone would read it as Object
    EXPECT_EQ(enum_from_text<Envelope>("Object"), std::nullopt);
    EXPECT_EQ(enum_from_text<Envelope>(""), std::nullopt);
}

TEST(EnumText, JsonUsesTheSameTable) {
    EXPECT_EQ(nlohmann::json(Envelope::RowField), "row");
    EXPECT_EQ(nlohmann::json("header").get<Envelope>(), Envelope::Header);
}

}  // namespace
}  // namespace bds
