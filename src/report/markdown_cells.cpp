#include "report/markdown_cells.hpp"

#include "report/reporters.hpp"

namespace bds::report {

std::string markdown_text(std::string_view text, std::size_t max) {
    std::string out;
    for (char c : valid_utf8(shorten(text, max))) {
        if (c == '&') {
            out += "&amp;";
        } else if (c == '<') {
            out += "&lt;";
        } else if (c == '>') {
            out += "&gt;";
        } else if (static_cast<unsigned char>(c) < 0x20) {
            out += ' ';
        } else {
            if (std::string_view("\\`*_[]{}()#+-!|~").find(c) != std::string_view::npos) out += '\\';
            out += c;
        }
    }
    return out;
}

}  // namespace bds::report
