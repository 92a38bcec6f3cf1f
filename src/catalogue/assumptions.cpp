#include "catalogue/assumptions.hpp"

#include <regex>

namespace bds {
namespace {

/// The ids of an "interprets" cell: `000-4.1-pagesize` items joined by ", "; a cell of any other form gives none.
std::vector<std::string> interpreted(const std::string& cell) {
    static const std::regex form("`[0-9a-z.-]+`(, `[0-9a-z.-]+`)*");
    static const std::regex id("`([0-9a-z.-]+)`");
    std::vector<std::string> out;
    if (!std::regex_match(cell, form)) return out;
    for (auto it = std::sregex_iterator(cell.begin(), cell.end(), id); it != std::sregex_iterator(); ++it)
        out.push_back((*it)[1]);
    return out;
}

}  // namespace

std::vector<AssumptionRow> assumption_rows(std::string_view markdown) {
    static const std::regex row("\\n\\| (A-[0-9]{2,3}) \\| ([^|\\n]*) \\|");
    const std::string text(markdown);
    std::vector<AssumptionRow> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), row); it != std::sregex_iterator(); ++it)
        out.push_back({(*it)[1], (*it)[2], interpreted((*it)[2])});
    return out;
}

const std::vector<AssumptionRow>& assumptions() {
    static const std::vector<AssumptionRow> rows = assumption_rows(builtin_assumptions_text());
    return rows;
}

}  // namespace bds
