// Suite "access" on every endpoint (the cells of the service matrix, catalogue/service_matrix.hpp): each check passes
// on the faithful stub with every one of its cells judged, and a server breaking the rule on one endpoint fails that
// cell only.
#include <gtest/gtest.h>

#include <algorithm>

#include "catalogue/service_matrix.hpp"
#include "run/suite_fixture.hpp"

namespace bds {
namespace {

/// The outcome `r` recorded on the cell (`rule`, `endpoint`); a test failure when it recorded none.
run::Outcome cell_of(const run::CheckResult& r, const std::string& rule, const std::string& endpoint) {
    const auto it = std::find_if(r.cells.begin(), r.cells.end(),
                                 [&](const run::CellOutcome& c) { return c.rule == rule && c.endpoint == endpoint; });
    if (it == r.cells.end()) {
        ADD_FAILURE() << r.id << " recorded no cell " << rule << " on " << endpoint;
        return run::Outcome::Error;
    }
    return it->outcome;
}

TEST(AccessChecks, EveryCellOfEveryAccessCheckIsJudgedOnTheFaithfulStub) {
    // The demo's limited user (CliFor, MCPArticoli, MCPResources) may not use a base resource, a view, MCPClienti's
    // POST query, a documented feed or a writable resource: every cell of ACC-03 is judged, none skipped.
    for (const std::string choices : {"", "A-05=resource-first,A-41=flat,A-30=refused,A-84=422"}) {
        for (const std::string id : {"ACC-01", "ACC-02", "ACC-03", "ACC-06"}) {
            const auto r = test::result_on_stub(id, stub::Defect::None, choices);
            EXPECT_EQ(r.outcome, run::Outcome::Pass) << id << " [" << choices << "] " << r.reason;
            EXPECT_EQ(r.cells.size(), cells_judged_by(id).size()) << id;
            for (const auto& c : r.cells)
                EXPECT_EQ(c.outcome, run::Outcome::Pass)
                    << id << " " << c.rule << " on " << c.endpoint << ": " << c.reason;
        }
    }
}

struct BrokenCell {
    std::string defect, check, rule, endpoint, words;
};

class OneEndpointBroken : public ::testing::TestWithParam<BrokenCell> {};

TEST_P(OneEndpointBroken, FailsThatCellAndNoOther) {
    const auto& p = GetParam();
    const auto r = test::result_under_defect(p.defect, p.check);
    EXPECT_EQ(r.outcome, run::Outcome::Fail) << r.reason;
    EXPECT_EQ(cell_of(r, p.rule, p.endpoint), run::Outcome::Fail);
    for (const auto& c : r.cells)
        EXPECT_EQ(c.outcome, c.endpoint == p.endpoint ? run::Outcome::Fail : run::Outcome::Pass)
            << c.rule << " on " << c.endpoint;
    EXPECT_NE(test::findings_text(r).find(p.words), std::string::npos) << test::findings_text(r);
}

INSTANTIATE_TEST_SUITE_P(
    Defects, OneEndpointBroken,
    ::testing::Values(
        BrokenCell{"feed-ignores-authorisation", "ACC-03", "not-authorised", "feed", "GET /api/sync/"},
        BrokenCell{"query-ignores-authorisation", "ACC-03", "not-authorised", "query",
                   "POST /api/resources/MCPClienti/query by a user not authorised"},
        BrokenCell{"send-ignores-authorisation", "ACC-03", "not-authorised", "send", "POST /api/sync/"},
        BrokenCell{"send-resource-case-insensitive", "ACC-02", "wrongly-cased-name", "send", "/api/sync/clifor"},
        BrokenCell{"unknown-resource-sync-accepted", "ACC-01", "unknown-name", "send", "/api/sync/NoSuchResource"}),
    [](const auto& info) {
        std::string name = info.param.defect;
        std::replace(name.begin(), name.end(), '-', '_');
        return name;
    });

TEST(AccessChecks, ANameInAnotherCaseOnEveryEndpointButGetResourcesIsShouldFor403) {
    const auto r = test::result_under_defect("send-resource-case-insensitive", "ACC-06");
    EXPECT_EQ(r.outcome, run::Outcome::Fail);
    EXPECT_EQ(r.level, Level::Should);
    EXPECT_EQ(cell_of(r, "wrongly-cased-name", "send"), run::Outcome::Fail);
    EXPECT_EQ(cell_of(r, "unknown-name", "send"), run::Outcome::Pass);
}

TEST(AccessChecks, WithoutAQueryTemplateTheQueryCellIsSkippedAndTheOthersJudged) {
    test::Broken b({});
    b.target.query_body.reset();
    const auto result = test::run_all(b.cat, b.target, {"ACC-03"});
    const auto& r = test::result_of(result, "ACC-03");
    EXPECT_EQ(r.outcome, run::Outcome::Pass) << r.reason;
    EXPECT_EQ(cell_of(r, "not-authorised", "query"), run::Outcome::Skip);
    EXPECT_EQ(cell_of(r, "not-authorised", "feed"), run::Outcome::Pass);
}

}  // namespace
}  // namespace bds
