#pragma once
/// Small Markdown helpers the matrices share.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace bds::report {

/// Text made inert in Markdown: GitHub renders HTML and Markdown inside comments and summaries, and server text may
/// hold either. One line, HTML-escaped, Markdown punctuation (| too) backslash-escaped, cut to `max` bytes.
std::string markdown_text(std::string_view text, std::size_t max = 300);

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
