// How a database compares text (sql/text_rules.hpp): folding per reading, accents, trailing blanks.
#include <gtest/gtest.h>

#include "sql/text.hpp"
#include "sql/text_rules.hpp"

namespace bds::sql {
namespace {

int cmp(const TextRules& r, std::u32string_view a, std::u32string_view b) { return r.compare(a, b); }

TEST(TextRules, SqlServersRulesPadAndFoldLetters) {
    const TextRules r;
    EXPECT_EQ(cmp(r, U"ab", U"ab  "), 0);
    EXPECT_EQ(cmp(r, U"AB", U"ab"), 0);
    EXPECT_EQ(cmp(r, U"À", U"à"), 0);
    EXPECT_NE(cmp(r, U"à", U"a"), 0);
    EXPECT_LT(cmp(r, U"ab\t", U"ab"), 0);  // the tab sorts before the padding blank
    // The same order as compare_padded, which the stub's keys and indexes use.
    for (const auto& [a, b] : {std::pair{U"x", U"X "}, std::pair{U"b", U"a"}, std::pair{U"É", U"e"}})
        EXPECT_EQ(cmp(r, a, b), compare_padded(a, b, true));
}

TEST(TextRules, OtherEnginesCountBlanksFoldLessOrIgnoreAccents) {
    const TextRules exact{CaseFolding::Letters, false, false};
    EXPECT_NE(cmp(exact, U"ab", U"ab "), 0);
    EXPECT_LT(cmp(exact, U"ab", U"ab "), 0);
    EXPECT_GT(cmp(exact, U"ab ", U"ab"), 0);
    EXPECT_EQ(cmp(exact, U"AB", U"ab"), 0);
    const TextRules ascii{CaseFolding::Ascii, false, true};
    EXPECT_EQ(cmp(ascii, U"AB", U"ab"), 0);
    EXPECT_NE(cmp(ascii, U"À", U"à"), 0);
    const TextRules none{CaseFolding::None, true, true};
    EXPECT_NE(cmp(none, U"A", U"a"), 0);
    EXPECT_EQ(cmp(none, U"città", U"citta"), 0);
    EXPECT_EQ(cmp(none, U"Øre", U"Ore"), 0);
}

TEST(TextRules, BaseLettersOfLatin1) {
    EXPECT_EQ(base_letter(U'é'), U'e');
    EXPECT_EQ(base_letter(U'Ç'), U'C');
    EXPECT_EQ(base_letter(U'ÿ'), U'y');
    EXPECT_EQ(base_letter(U'ß'), U'ß');
    EXPECT_EQ(base_letter(U'Æ'), U'Æ');
    EXPECT_EQ(base_letter(U'×'), U'×');
    EXPECT_EQ(base_letter(U'x'), U'x');
    EXPECT_EQ(base_letter(U'ł'), U'ł');  // beyond Latin-1: left alone
}

}  // namespace
}  // namespace bds::sql
