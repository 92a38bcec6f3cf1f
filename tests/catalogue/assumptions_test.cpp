// spec/assumptions.md against spec/requirements.json: every row (A-01, …) names, in its "interprets" column, the
// statements of the seeds it interprets, each a known requirement id.
#include <gtest/gtest.h>

#include <set>

#include "catalogue/assumptions.hpp"
#include "catalogue/requirements.hpp"
#include "test_paths.hpp"

namespace bds {
namespace {

TEST(Assumptions, EveryRowNamesTheStatementsItInterprets) {
    const auto& rows = assumptions();
    std::set<std::string> ids;
    for (const auto& row : rows) {
        EXPECT_TRUE(ids.insert(row.id).second) << "two rows " << row.id;
        const auto& named = row.interprets;
        EXPECT_FALSE(named.empty()) << row.id
                                    << ": its second column names no requirement id (`000-4.1-…`, joined by \", \"): \""
                                    << row.interprets_cell << "\"";
        for (const auto& id : named)
            EXPECT_NE(find_requirement(id), nullptr) << row.id << " interprets an unknown statement " << id;
    }
    EXPECT_GE(rows.size(), 100u) << "every row of spec/assumptions.md";
}

/// The ids one row's "interprets" cell gives.
std::vector<std::string> interpreted(const std::string& cell) {
    const auto rows = assumption_rows("\n| A-01 | " + cell + " | the seeds |");
    return rows.size() == 1 ? rows[0].interprets : std::vector<std::string>{"(no row)"};
}

TEST(Assumptions, TheInterpretsColumnIsReadAsWritten) {
    EXPECT_EQ(interpreted("`000-8-pagesize-not-shown`"), std::vector<std::string>{"000-8-pagesize-not-shown"});
    EXPECT_EQ(interpreted("`000-1-tenant`, `001-2-customer-id`"),
              (std::vector<std::string>{"000-1-tenant", "001-2-customer-id"}));
    EXPECT_TRUE(interpreted("000-1-tenant").empty());
    EXPECT_TRUE(interpreted("\"Rate limits are not shown.\"").empty());
    const auto rows =
        assumption_rows("\n| A-44 | `000-8-rate-limits-not-shown` | \"Rate limits are not shown.\" | none. |");
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].id, "A-44");
    EXPECT_EQ(rows[0].interprets_cell, "`000-8-rate-limits-not-shown`");
}

TEST(Assumptions, TheProgramReadsTheFileOfTheSource) {
    EXPECT_EQ(builtin_assumptions_text(), test::read_text(test::source_dir() / "spec" / "assumptions.md"));
    EXPECT_EQ(assumptions().size(), assumption_rows(builtin_assumptions_text()).size());
}

}  // namespace
}  // namespace bds
