// Markdown escaping by context (markdown_cells.hpp), after CommonMark and GitHub's extensions: a backslash before
// ASCII punctuation makes it literal, so only characters that could start or close markup get one.
#include "report/markdown_cells.hpp"

#include <cctype>

#include "report/reporters.hpp"

namespace bds::report {
namespace {

bool is_space(char c) { return c == ' '; }
bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)); }
bool is_punct(char c) { return std::ispunct(static_cast<unsigned char>(c)); }

/// Whether `c`, between `prev` and `next` (a space at either end), needs a backslash inside a line.
bool needs_backslash(char c, char prev, char next) {
    switch (c) {
        case '|':
        case '`':
        case '<':
        case '[':
        case '$': return true;
        case '\\': return is_punct(next);
        case '&':
            return is_alnum(next) || next == '#';  // "&lt;", "&#60;": an entity would be decoded
        // Emphasis and strikethrough need a closing delimiter, which follows a non-space: escaping those is enough.
        case '*':
        case '~': return !is_space(prev);
        case '_': return !is_space(prev) && !(is_alnum(prev) && is_alnum(next));
        default: return false;
    }
}

/// Whether `text` starts with a block marker: a heading, list item, quote, setext underline or ordered item.
bool starts_block(std::string_view text) {
    if (text.empty()) return false;
    if (std::string_view("#-+*>=_").find(text[0]) != std::string_view::npos) return true;
    std::size_t digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
    return digits > 0 && digits < text.size() && (text[digits] == '.' || text[digits] == ')');
}

}  // namespace

std::string markdown_text(std::string_view text, std::size_t max) {
    std::string plain = valid_utf8(shorten(text, max));
    for (char& c : plain)
        if (static_cast<unsigned char>(c) < 0x20) c = ' ';
    std::string out;
    for (std::size_t i = 0; i < plain.size(); ++i) {
        const char c = plain[i];
        const char prev = i == 0 ? ' ' : plain[i - 1];
        const char next = i + 1 == plain.size() ? ' ' : plain[i + 1];
        if (needs_backslash(c, prev, next)) out += '\\';
        out += c;
    }
    return out;
}

std::string markdown_line(std::string_view text, std::size_t max) {
    std::string out = markdown_text(text, max);
    const std::size_t lead = out.find_first_not_of(' ');
    if (lead == std::string::npos || !starts_block(std::string_view(out).substr(lead))) return out;
    const std::size_t at = std::isdigit(static_cast<unsigned char>(out[lead])) ? out.find_first_of(".)", lead) : lead;
    if (at > 0 && out[at - 1] == '\\') return out;  // markdown_text escaped it already
    return out.insert(at, 1, '\\');
}

}  // namespace bds::report
