#include <gtest/gtest.h>

#include "common/text.hpp"

namespace bds {
namespace {

TEST(Text, IequalsFoldsAsciiOnly) {
    EXPECT_TRUE(iequals("Authorization", "authorization"));
    EXPECT_TRUE(iequals("cod_CLIFOR", "COD_clifor"));
    EXPECT_TRUE(iequals("", ""));
    EXPECT_FALSE(iequals("abc", "abcd"));
    EXPECT_FALSE(iequals("a_c", "a-c"));
    EXPECT_FALSE(iequals("@", "`"));  // 0x40 and 0x60 differ by the case bit, but are no letters
    EXPECT_FALSE(iequals("[", "{"));
    EXPECT_FALSE(iequals("\xC3\xA0", "\xC3\x80"));  // à and À: outside ASCII, compared exactly
    EXPECT_TRUE(iequals("caf\xC3\xA9", "CAF\xC3\xA9"));
}

TEST(Text, Utf8CutNeverSplitsACharacter) {
    EXPECT_EQ(utf8_cut("abc", 5), 3u);
    EXPECT_EQ(utf8_cut("abc", 3), 3u);
    EXPECT_EQ(utf8_cut("abcdef", 4), 4u);
    const std::string text = "a\xC3\xA9z";  // a é z: bytes 0, 1-2, 3
    EXPECT_EQ(utf8_cut(text, 1), 1u);
    EXPECT_EQ(utf8_cut(text, 2), 1u);  // byte 2 continues é: cut before it
    EXPECT_EQ(utf8_cut(text, 3), 3u);
    const std::string astral = "\xF0\x9F\x98\x80!";  // U+1F600 then '!'
    for (std::size_t max = 0; max < 4; ++max) EXPECT_EQ(utf8_cut(astral, max), 0u) << max;
    EXPECT_EQ(utf8_cut(astral, 4), 4u);
    EXPECT_EQ(utf8_cut("", 0), 0u);
}

TEST(Text, Base36IsLowerCaseAndPadded) {
    EXPECT_EQ(base36(0, 2), "00");
    EXPECT_EQ(base36(35, 2), "0z");
    EXPECT_EQ(base36(36, 2), "10");
    EXPECT_EQ(base36(36 * 36 - 1, 2), "zz");
    EXPECT_EQ(base36(36 * 36, 2), "100");  // width is a minimum
    EXPECT_EQ(base36(0, 0), "0");
    EXPECT_EQ(base36(UINT64_MAX, 1), "3w5e11264sgsf");
}

}  // namespace
}  // namespace bds
