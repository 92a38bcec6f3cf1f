// The service matrix (catalogue/service_matrix.hpp): every rule has one cell per endpoint, in the columns' order, and
// the cells a check judges are found by its id. That each cell names a check verifying its rule's statements, or why
// not, is the requirement map's to hold (tests/coverage/coverage_test.cpp: the project's own map is complete).
#include <gtest/gtest.h>

#include <set>

#include "catalogue/service_matrix.hpp"

namespace bds {
namespace {

TEST(ServiceMatrix, EveryRuleHasOneCellPerEndpointInTheColumnsOrder) {
    std::set<std::string_view> rules, endpoints;
    for (const auto& e : matrix_endpoints()) EXPECT_TRUE(endpoints.insert(e.id).second) << e.id;
    for (const auto& rule : matrix_rules()) {
        EXPECT_TRUE(rules.insert(rule.id).second) << rule.id;
        ASSERT_EQ(rule.cells.size(), matrix_endpoints().size()) << rule.id;
        for (std::size_t i = 0; i < rule.cells.size(); ++i)
            EXPECT_EQ(rule.cells[i].endpoint, matrix_endpoints()[i].id) << rule.id;
        EXPECT_FALSE(rule.statements.empty()) << rule.id;
        EXPECT_TRUE(
            (std::set<std::string_view>{"writer", "reader", "other_tenant", "limited", "none"}).count(rule.identity))
            << rule.id << " is tried as " << rule.identity;
    }
    EXPECT_THROW((void)matrix_rules().front().cell("no-such-endpoint"), std::out_of_range);
}

TEST(ServiceMatrix, TheCellsACheckJudgesAreFoundByItsId) {
    const auto cells = cells_judged_by("ACC-03");
    ASSERT_EQ(cells.size(), 5u);
    for (const auto& c : cells) EXPECT_EQ(c.rule, "not-authorised");
    EXPECT_EQ(cells.front().endpoint, "list");
    EXPECT_EQ(cells.back().endpoint, "send");
    // ACC-06 judges two rules' cells.
    std::set<std::string_view> rules;
    for (const auto& c : cells_judged_by("ACC-06")) rules.insert(c.rule);
    EXPECT_EQ(rules, (std::set<std::string_view>{"unknown-name", "wrongly-cased-name"}));
    EXPECT_TRUE(cells_judged_by("ZZZ-01").empty());
}

TEST(ServiceMatrix, TheTokenRulesHoldOnEveryEndpointThatExists) {
    for (const std::string_view id : {"no-token", "malformed-authorization", "forged-token", "expired-token"}) {
        const auto& rule = *std::find_if(matrix_rules().begin(), matrix_rules().end(),
                                         [&](const MatrixRule& r) { return r.id == id; });
        for (const std::string_view endpoint : {"token-info", "list", "list-view", "query", "feed", "send"})
            EXPECT_FALSE(rule.cell(endpoint).checks.empty()) << id << " on " << endpoint;
    }
}

}  // namespace
}  // namespace bds
