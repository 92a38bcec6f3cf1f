// spec/assumptions.md against spec/requirements.json: every row (A-01, …) names, in its "interprets" column, the
// statements of the seeds it interprets, each a known requirement id.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "catalogue/requirements.hpp"
#include "test_paths.hpp"

namespace bds {
namespace {

/// A row's id and its "interprets" cell: the column after the id.
struct Row {
    std::string id;
    std::string interprets;
};

std::vector<Row> assumption_rows(const std::string& text) {
    static const std::regex row("\\n\\| (A-[0-9]{2,3}) \\| ([^|\\n]*) \\|");
    std::vector<Row> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), row); it != std::sregex_iterator(); ++it) out.push_back({(*it)[1], (*it)[2]});
    return out;
}

/// The ids of an "interprets" cell: `000-4.1-pagesize` items joined by ", "; a cell of any other form gives none.
std::vector<std::string> interpreted(const std::string& cell) {
    static const std::regex form("`[0-9a-z.-]+`(, `[0-9a-z.-]+`)*");
    static const std::regex id("`([0-9a-z.-]+)`");
    std::vector<std::string> out;
    if (!std::regex_match(cell, form)) return out;
    for (auto it = std::sregex_iterator(cell.begin(), cell.end(), id); it != std::sregex_iterator(); ++it) out.push_back((*it)[1]);
    return out;
}

TEST(Assumptions, EveryRowNamesTheStatementsItInterprets) {
    const auto rows = assumption_rows(test::read_text(test::source_dir() / "spec" / "assumptions.md"));
    std::set<std::string> ids;
    for (const auto& row : rows) {
        EXPECT_TRUE(ids.insert(row.id).second) << "two rows " << row.id;
        const auto named = interpreted(row.interprets);
        EXPECT_FALSE(named.empty()) << row.id << ": its second column names no requirement id (`000-4.1-…`, joined by \", \"): \"" << row.interprets << "\"";
        for (const auto& id : named) EXPECT_NE(find_requirement(id), nullptr) << row.id << " interprets an unknown statement " << id;
    }
    EXPECT_GE(rows.size(), 100u) << "every row of spec/assumptions.md";
}

TEST(Assumptions, TheInterpretsColumnIsReadAsWritten) {
    EXPECT_EQ(interpreted("`000-8-pagesize-not-shown`"), std::vector<std::string>{"000-8-pagesize-not-shown"});
    EXPECT_EQ(interpreted("`000-1-tenant`, `001-2-customer-id`"), (std::vector<std::string>{"000-1-tenant", "001-2-customer-id"}));
    EXPECT_TRUE(interpreted("000-1-tenant").empty());
    EXPECT_TRUE(interpreted("\"Rate limits are not shown.\"").empty());
    const auto rows = assumption_rows("\n| A-44 | `000-8-rate-limits-not-shown` | \"Rate limits are not shown.\" | none. |");
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].id, "A-44");
    EXPECT_EQ(rows[0].interprets, "`000-8-rate-limits-not-shown`");
}

}  // namespace
}  // namespace bds
