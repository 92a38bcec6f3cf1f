// schema/number_texts.hpp: a JSON text parsed as nlohmann_json parses it, with the text of each number a double would
// change kept by its JSON pointer.
#include <gtest/gtest.h>

#include "schema/number_texts.hpp"

namespace bds {
namespace {

using json = nlohmann::json;

TEST(NumberTexts, MoreThanFifteenSignificantDigitsIsBeyondADouble) {
    EXPECT_FALSE(beyond_double("123456789012345"));
    EXPECT_FALSE(beyond_double("0.000123456789012345"));   // leading zeros do not count
    EXPECT_FALSE(beyond_double("1.5000000000000000000"));  // nor zeros that end the digits
    EXPECT_FALSE(beyond_double("-1.5e+300"));
    EXPECT_TRUE(beyond_double("1234567890123456"));
    EXPECT_TRUE(beyond_double("123456789012.345678"));
    EXPECT_TRUE(beyond_double("-0.1234567890123456789e-5"));
}

TEST(NumberTexts, ParsesAsNlohmannAndKeepsTheLongNumbersByPointer) {
    NumberTexts texts;
    const std::string text = R"({"Records":[{"a":1.5,"b":123456789012.345678,"c":"123456789012.345678"},)"
                             R"({"a/b":[0,-98765432109876.5432],"d":9007199254740993,"e":1e300}],"n":null})";
    const json parsed = parse_keeping_numbers(text, texts);
    ASSERT_FALSE(parsed.is_discarded());
    EXPECT_EQ(parsed, json::parse(text));
    EXPECT_EQ(texts,
              (NumberTexts{{"/Records/0/b", "123456789012.345678"}, {"/Records/1/a~1b/1", "-98765432109876.5432"}}))
        << "an integer reads exactly (no text kept); 1e300 has one digit";
}

TEST(NumberTexts, MalformedOrTooDeepIsDiscardedWithNoTexts) {
    NumberTexts texts{{"/x", "1"}};
    EXPECT_TRUE(parse_keeping_numbers(R"([1234567890123456.7, )", texts).is_discarded());
    EXPECT_TRUE(texts.empty());
    EXPECT_TRUE(parse_keeping_numbers("[[[[1]]]]", texts, 3).is_discarded());
    EXPECT_TRUE(parse_keeping_numbers("[1] 2", texts).is_discarded());
    EXPECT_EQ(parse_keeping_numbers("[[[1]]]", texts, 3), json::parse("[[[1]]]"));
}

}  // namespace
}  // namespace bds
