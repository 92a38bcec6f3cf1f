// The requirement map (coverage/coverage.hpp): what holds a statement decides its status, a statement held by
// nothing or an unknown id makes the map incomplete, the project's own map is complete, every defect breaks a
// statement a check judges at the defect's level, and reports/requirements.md is the generated page.
#include <gtest/gtest.h>

#include <sstream>

#include "connector/variations.hpp"
#include "coverage/coverage_report.hpp"
#include "stub/variation/defects.hpp"
#include "test_paths.hpp"

namespace bds::coverage {
namespace {

Requirement statement(const std::string& id, RequirementKind kind = RequirementKind::Rule) {
    return {id, "000", "4.1", "A quote.", Binds::Server, kind, "about"};
}

/// Five statements, each held a different way, and one held by nothing.
Sources five_ways() {
    Sources s;
    for (const char* id : {"000-1-a", "000-1-b", "000-1-c", "000-1-d", "000-1-e"})
        s.statements.push_back(statement(id));
    s.checks = {{"PAG-01", {"000-1-a"}, Level::Should},
                {"PAG-02", {"000-1-a"}, Level::Must},
                {"OBS-01", {"000-1-b"}, Level::Observe}};
    s.assumptions = {{"A-01", {"000-1-c"}, Level::Observe}};
    s.reasons = {{"000-1-d", "the seeds give no form to test"}};
    s.defects = {{"stub:broken", {"000-1-a"}, Level::Must}};
    return s;
}

TEST(Coverage, WhatHoldsAStatementDecidesItsStatus) {
    const auto m = build(five_ways());
    ASSERT_EQ(m.entries.size(), 5u);
    EXPECT_EQ(m.entries[0].status, Status::Judged);
    EXPECT_EQ(m.entries[0].level, Level::Must) << "the strongest level of its checks";
    EXPECT_TRUE(m.entries[0].proved());
    EXPECT_EQ(m.entries[1].status, Status::Observed);
    EXPECT_EQ(m.entries[2].status, Status::Interpreted);
    EXPECT_EQ(m.entries[3].status, Status::Reasoned);
    EXPECT_EQ(m.entries[4].status, Status::Untraced);
    EXPECT_FALSE(m.complete()) << "000-1-e is held by nothing";
    EXPECT_EQ(m.unproved(), 0u);
}

TEST(Coverage, EveryCellOfTheServiceMatrixNamesAJudgingCheckOrWhyNot) {
    auto s = five_ways();
    s.reasons.push_back({"000-1-e", "not judged, and why"});
    s.endpoints = {{"list", "GET"}, {"feed", "GET sync"}};
    s.rules = {
        {"rule", "A rule", "writer", {"000-1-a"}, {{"list", {"PAG-02"}, {"broken"}}, {"feed", {}, {}, "not shown"}}}};
    EXPECT_TRUE(build(s).complete()) << build(s).problems.front();
    const auto problems = [&](MatrixRule rule) {
        auto broken = s;
        broken.rules = {std::move(rule)};
        return build(broken).problems;
    };
    const auto one = [](const std::vector<std::string>& p, const std::string& words) {
        return p.size() == 1 && p[0].find(words) != std::string::npos;
    };
    MatrixRule r = s.rules[0];
    r.cells[0].checks = {"ZZZ-01"};
    EXPECT_TRUE(one(problems(r), "rule on list: no check ZZZ-01"));
    r.cells[0].checks = {"OBS-01"};  // it verifies 000-1-b, not the rule's statement
    EXPECT_TRUE(one(problems(r), "OBS-01 verifies none of the rule's statements"));
    r.cells[0] = {"list", {"PAG-02"}, {"broken"}, "a reason too"};
    EXPECT_TRUE(one(problems(r), "one of the two"));
    r.cells[0] = {"list", {}, {}, ""};
    EXPECT_TRUE(one(problems(r), "one of the two"));
    r.cells[0] = {"list", {"PAG-02"}, {}};
    EXPECT_TRUE(one(problems(r), "names the defects that prove it")) << "a cell judged, proved by no defect";
    r.cells[0] = {"list", {"PAG-02"}, {"no-such-defect"}};
    EXPECT_TRUE(one(problems(r), "no defect no-such-defect"));
    s.defects.push_back({"stub:elsewhere", {"000-1-b"}, Level::Must});
    r.cells[0] = {"list", {"PAG-02"}, {"elsewhere"}};
    EXPECT_TRUE(one(problems(r), "elsewhere breaks none of the rule's statements"));
    r = s.rules[0];
    r.cells.pop_back();
    EXPECT_EQ(problems(r).size(), 2u) << "a cell missing: the count, and the endpoint named";
    r = s.rules[0];
    r.statements = {"000-9-unknown"};
    EXPECT_FALSE(problems(r).empty());
}

TEST(Coverage, AStatementHeldByNothingOrAnUnknownIdMakesTheMapIncomplete) {
    auto s = five_ways();
    s.reasons.push_back({"000-1-e", "not judged, and why"});
    EXPECT_TRUE(build(s).complete());
    s.checks.push_back({"PAG-03", {"000-9-nothing"}, Level::Must});
    const auto unknown = build(s);
    EXPECT_FALSE(unknown.complete());
    ASSERT_EQ(unknown.problems.size(), 1u);
    EXPECT_NE(unknown.problems[0].find("PAG-03"), std::string::npos);
    s.checks.pop_back();
    s.reasons.push_back({"000-1-a", "a stale reason"});
    EXPECT_FALSE(build(s).complete()) << "a reason for a statement a check judges";
    s.reasons.pop_back();
    s.checks.push_back({"PAG-04", {"000-1-e"}, Level::Must});
    s.reasons.pop_back();
    const auto unproved = build(s);
    EXPECT_FALSE(unproved.complete()) << "000-1-e is judged, but no defect breaks it and nothing says why";
    EXPECT_EQ(unproved.unproved(), 1u);
    s.unproved.push_back({"000-1-e", "why no defect can break it"});
    EXPECT_TRUE(build(s).complete());
    s.defects.push_back({"stub:breaks-e", {"000-1-e"}, Level::Must});
    EXPECT_FALSE(build(s).complete()) << "a reason that no longer holds: a defect breaks it now";
    s.unproved.pop_back();
    EXPECT_TRUE(build(s).complete());
    s.statements.push_back(statement("000-1-f", RequirementKind::NotShown));
    s.checks.push_back({"PAG-05", {"000-1-f"}, Level::Must});
    EXPECT_TRUE(build(s).complete()) << "a \"not shown\" point judged needs no defect: there is no rule to break";
}

TEST(Coverage, ReasonsAreReadOrRefusedNamingTheEntry) {
    EXPECT_EQ(reasons_from_text(R"({"untested": [{"id": "000-1-a", "reason": "why"}]})").size(), 1u);
    EXPECT_THROW(reasons_from_text(R"({"untested": [{"id": "000-1-a"}]})"), std::runtime_error);
    EXPECT_THROW(reasons_from_text(R"({"untested": [{"id": "000-1-a", "reason": ""}]})"), std::runtime_error);
    EXPECT_THROW(reasons_from_text("[]"), std::runtime_error);
    EXPECT_EQ(split_ids("000-1-a, 000-1-b,000-1-c"), (std::vector<std::string>{"000-1-a", "000-1-b", "000-1-c"}));
}

TEST(Coverage, EveryStatementOfTheSeedsIsHeldAndEveryStatedRuleJudgedIsProved) {
    const auto m = build(builtin_sources());
    for (const auto& p : m.problems) ADD_FAILURE() << p;
    for (const auto& e : m.entries) {
        EXPECT_NE(e.status, Status::Untraced)
            << e.statement.id << " (" << e.statement.about
            << "): no check verifies it, no row of spec/assumptions.md interprets it, spec/untested.json gives no reason";
        EXPECT_FALSE(e.unproved()) << e.statement.id << " (" << e.statement.about << "): judged by "
                                   << e.checks.front().id
                                   << ", but no defect breaks it and spec/untested.json says not why";
    }
    EXPECT_TRUE(m.complete()) << "`conformance coverage` would exit 1";
}

/// Every defect breaks a statement that a check judges at the defect's level or stronger: the kill matrix then
/// proves that check.
template <class Defects, class Name, class Breaks, class IsShould>
void each_defect_breaks_a_judged_statement(const Defects& defects, Name name, Breaks breaks, IsShould is_should) {
    const auto m = build(builtin_sources());
    for (const auto& d : defects) {
        bool judged = false;
        for (const auto& id : split_ids(breaks(d)))
            for (const auto& e : m.entries)
                if (e.statement.id == id && e.level &&
                    (*e.level == Level::Must || (is_should(d) && *e.level == Level::Should)))
                    judged = true;
        EXPECT_TRUE(judged) << name(d) << " breaks " << breaks(d) << ", which no check judges at its level";
    }
}

TEST(Coverage, EveryStubDefectBreaksAStatementACheckJudges) {
    each_defect_breaks_a_judged_statement(
        stub::defects(), [](const stub::DefectInfo& d) { return std::string(d.name); },
        [](const stub::DefectInfo& d) { return d.breaks; },
        [](const stub::DefectInfo& d) { return d.level == "SHOULD"; });
}

TEST(Coverage, EveryConnectorDefectBreaksAStatementACheckJudges) {
    each_defect_breaks_a_judged_statement(
        sample::kDefects, [](const sample::DefectInfo& d) { return std::string(d.name); },
        [](const sample::DefectInfo& d) { return std::string_view(d.breaks); },
        [](const sample::DefectInfo& d) { return std::string_view(d.level) == "SHOULD"; });
}

TEST(Coverage, ReportsRequirementsMdIsTheGeneratedPage) {
    std::ostringstream page;
    write_markdown(build(builtin_sources()), page);
    EXPECT_EQ(page.str(), test::read_text(test::source_dir() / "reports" / "requirements.md"))
        << "regenerate: conformance coverage --report md=reports/requirements.md";
}

TEST(Coverage, TheJsonFormCarriesEveryStatement) {
    const auto m = build(five_ways());
    const auto doc = to_json(m);
    EXPECT_FALSE(doc.at("complete").get<bool>());
    EXPECT_EQ(doc.at("statements").size(), 5u);
    EXPECT_EQ(doc.at("counts").at("untraced").get<int>(), 1);
    EXPECT_EQ(doc.at("statements")[0].at("level"), "MUST");
}

}  // namespace
}  // namespace bds::coverage
