// The target file's body templates (client/body_template.hpp): placeholders as whole strings keep their type,
// inside longer strings become text, and absent values drop what holds them.
#include <gtest/gtest.h>

#include "client/body_template.hpp"

namespace bds::client {
namespace {

using nlohmann::json;

/// A request with a selection, a page size and an order, but no page number.
const PlaceholderValues kValues = {
    {"$RecordSelection", json("cod_clifor = 'C1'")},
    {"$PageSize", json(50)},
    {"$PageNumber", std::nullopt},
    {"$OrderField", json("cod_clifor")},
    {"$OrderDirection", json("DESC")},
    {"$OrderDescending", json(true)},
};

json filled(const json& tmpl) { return fill_template(tmpl, kValues).value_or(json("absent")); }

TEST(BodyTemplate, AWholeStringPlaceholderKeepsItsType) {
    EXPECT_EQ(filled("$PageSize"), json(50)) << "a number, not \"50\"";
    EXPECT_EQ(filled("$OrderDescending"), json(true)) << "a boolean, not \"true\"";
    EXPECT_EQ(filled("$OrderField"), json("cod_clifor"));
    EXPECT_EQ(filled(json{{"size", "$PageSize"}, {"desc", "$OrderDescending"}}), (json{{"size", 50}, {"desc", true}}));
}

TEST(BodyTemplate, PlaceholdersInsideAStringBecomeTheirText) {
    EXPECT_EQ(filled("$OrderField $OrderDirection"), json("cod_clifor DESC"));
    EXPECT_EQ(filled("($RecordSelection) and flg_isdeleted = 0"), json("(cod_clifor = 'C1') and flg_isdeleted = 0"));
    EXPECT_EQ(filled("top $PageSize, desc $OrderDescending"), json("top 50, desc true"))
        << "numbers and booleans as JSON prints them";
    EXPECT_EQ(filled("$OrderField$OrderDirection"), json("cod_cliforDESC"))
        << "a name ends where a character no name has begins";
}

TEST(BodyTemplate, OnlyKnownNamesArePlaceholders) {
    EXPECT_EQ(filled("$PageSizeMax"), json("$PageSizeMax")) << "the longest name is read: $PageSizeMax is none";
    EXPECT_EQ(filled("costs $5 or $"), json("costs $5 or $"));
    EXPECT_EQ(filled("$$PageSize"), json("$50"));
    EXPECT_EQ(filled(json{{"$PageSize", 1}}), (json{{"$PageSize", 1}})) << "member names are not filled";
    EXPECT_EQ(filled(json{{"n", 3}, {"b", false}, {"z", nullptr}, {"s", "plain"}}),
              (json{{"n", 3}, {"b", false}, {"z", nullptr}, {"s", "plain"}}));
}

TEST(BodyTemplate, AnAbsentValueDropsTheMemberAndTheArrayElementLeftEmpty) {
    EXPECT_EQ(filled(json{{"RecordSelection", "$RecordSelection"}, {"PageNumber", "$PageNumber"}}),
              (json{{"RecordSelection", "cod_clifor = 'C1'"}}));
    EXPECT_EQ(filled(json{{"OrderBy", json::array({{{"page", "$PageNumber"}}, "$PageNumber", "kept"})}}),
              (json{{"OrderBy", json::array({"kept"})}}))
        << "an element whose values are all absent is left out, whether an object or a string";
    EXPECT_EQ(filled(json{{"empty", json::array({json::object()})}}), (json{{"empty", json::array({json::object()})}}))
        << "an element that was empty in the template stays";
    EXPECT_FALSE(fill_template("$PageNumber", kValues).has_value());
}

TEST(BodyTemplate, AStringMixingAPresentAndAnAbsentValueIsDropped) {
    // "page 2 of …" with the page number absent would be a malformed value: the member goes, as with one placeholder.
    EXPECT_EQ(filled(json{{"paging", "$PageSize per page, page $PageNumber"}, {"size", "$PageSize"}}),
              (json{{"size", 50}}));
    EXPECT_FALSE(fill_template("$OrderField $PageNumber", kValues).has_value());
}

TEST(BodyTemplate, MentionsFindsPlaceholdersWholeAndInsideStrings) {
    const json tmpl = {
        {"RecordSelection", "$RecordSelection"}, {"OrderBy", json::array({"$OrderField $OrderDirection"})}, {"n", 1}};
    EXPECT_TRUE(mentions(tmpl, "$RecordSelection"));
    EXPECT_TRUE(mentions(tmpl, "$OrderField")) << "inside a longer string, in an array";
    EXPECT_TRUE(mentions(tmpl, "$OrderDirection"));
    EXPECT_FALSE(mentions(tmpl, "$OrderDescending"));
    EXPECT_FALSE(mentions(json{{"OrderBy", "$OrderFields"}}, "$OrderField")) << "a longer name is another placeholder";
    EXPECT_FALSE(mentions(json{{"$OrderField", "x"}}, "$OrderField"))
        << "member names are not filled, so they do not count";
}

}  // namespace
}  // namespace bds::client
