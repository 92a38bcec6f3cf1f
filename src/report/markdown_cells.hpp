#pragma once
/// Small Markdown helpers the matrices share.
#include <string>
#include <vector>

namespace bds::report {

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
