#pragma once
/// Small Markdown helpers the reports and matrices share.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace bds::report {

/// Text made inert inside a Markdown line (a table cell, a list item, a heading): GitHub renders HTML and Markdown
/// inside comments and summaries, and server text may hold either. One line (control characters as spaces), cut to
/// `max` bytes, with a backslash only before what could start markup there, so it still reads as written in a
/// terminal: `|`, a backslash before punctuation, `<` (HTML, autolinks), `&` of an entity, backticks, `[` (links),
/// `$` (math), and `*`, `_`, `~` where they could close emphasis or strikethrough (not `_` inside a word, as in
/// access_token). Never `-`, `.`, `#` or the like inside a line: "ACC-01" stays "ACC-01".
std::string markdown_text(std::string_view text, std::size_t max = 300);

/// markdown_text for text that starts a line: a leading block marker ("#", "-", "+", "*", ">", "=", "1." ...)
/// escaped as well.
std::string markdown_line(std::string_view text, std::size_t max = 300);

/// "a, b, c", or "—" when empty.
inline std::string joined(const std::vector<std::string>& ids) {
    std::string out;
    for (const auto& id : ids) out += (out.empty() ? "" : ", ") + id;
    return out.empty() ? "—" : out;
}

/// Text safe inside a Markdown table cell (no | breaking the row, no newline).
inline std::string cell(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n')
            out += ' ';
        else
            out += c;
    }
    return out;
}

}  // namespace bds::report
