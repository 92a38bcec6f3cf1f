// Markdown escaping by context: only what could start markup gets a backslash, so ids, dates and file names read
// as written; what could break a table row or start HTML, a link, code or emphasis does not get through.
#include <gtest/gtest.h>

#include "report/markdown_cells.hpp"

namespace bds {
namespace {

using report::markdown_line;
using report::markdown_text;

TEST(MarkdownCells, WordsIdsAndDatesStayAsWritten) {
    for (const char* plain :
         {"ACC-01", "A-84, A-98..A-104", "2026-11-26T21:01:18Z", "src/report/run_diff.hpp", "access_token, expires_in",
          "{error, message} (10 of 10)", "#3 + 4 = 7!", "a * b", "http://127.0.0.1:37363"})
        EXPECT_EQ(markdown_text(plain), plain);
}

TEST(MarkdownCells, WhatStartsMarkupIsEscaped) {
    EXPECT_EQ(markdown_text("a | b"), "a \\| b") << "a pipe would end the table cell";
    EXPECT_EQ(markdown_text("C:\\| x"), "C:\\\\\\| x") << "a backslash before a pipe is its own";
    EXPECT_EQ(markdown_text("C:\\dir"), "C:\\dir") << "a backslash before a letter is literal";
    EXPECT_EQ(markdown_text("<script>alert(1)</script>"), "\\<script>alert(1)\\</script>");
    EXPECT_EQ(markdown_text("&lt;b&gt; & co"), "\\&lt;b\\&gt; & co");
    EXPECT_EQ(markdown_text("`code` [link](x) $x$"), "\\`code\\` \\[link](x) \\$x\\$");
    EXPECT_EQ(markdown_text("*bold* _em_ ~~gone~~"), "*bold\\* _em\\_ ~\\~gone\\~\\~");
    EXPECT_EQ(markdown_text("snake_case_"), "snake_case\\_") << "only the _ that could close";
    EXPECT_EQ(markdown_text("two\nlines\x01"), "two lines ") << "one line, no control characters";
}

TEST(MarkdownCells, ALineStartIsEscapedOnlyWhereItIsOne) {
    EXPECT_EQ(markdown_line("- item"), "\\- item");
    EXPECT_EQ(markdown_line("# heading"), "\\# heading");
    EXPECT_EQ(markdown_line("12. ordered"), "12\\. ordered");
    EXPECT_EQ(markdown_line("base.json → next.json"), "base.json → next.json");
    EXPECT_EQ(markdown_text("- item"), "- item") << "inside a line a dash is a dash";
}

}  // namespace
}  // namespace bds
