// Every row of every suite says what it is, and says it right: its id belongs to its suite, its resources are the
// catalogue's, its users are roles of the target file, it names the statements of the seeds it verifies
// (spec/requirements.json), and the sentence it shows is the seeds' own, taken from the first of them.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "catalogue/catalogue.hpp"
#include "catalogue/requirements.hpp"
#include "catalogue/seed_quotes.hpp"
#include "catalogue/seed_tables.hpp"
#include "catalogue/seeds_test.hpp"
#include "client/target.hpp"
#include "suites/registry.hpp"
#include "test_paths.hpp"

namespace bds {
namespace {

using test::normalised;
using test::not_in_seeds;

TEST(SuiteRows, IdsBelongToTheirSuiteAndEveryRowIsComplete) {
    std::set<std::string> ids, prefixes;
    for (const auto& suite : suites::all_suites()) {
        EXPECT_TRUE(prefixes.insert(suite.prefix).second) << "two suites with the prefix " << suite.prefix;
        const std::regex id(suite.prefix + "-[0-9]{2}");
        for (const auto& c : suite.table()) {
            EXPECT_TRUE(std::regex_match(c.id, id))
                << c.id << " is in suite " << suite.name << ": expected " << suite.prefix << "-NN";
            EXPECT_TRUE(ids.insert(c.id).second) << "duplicate id " << c.id;
            EXPECT_FALSE(c.title.empty()) << c.id;
            EXPECT_FALSE(c.spec.empty()) << c.id;
            EXPECT_FALSE(c.verifies.empty()) << c.id << " names no statement it verifies";
            EXPECT_TRUE(c.seed_text.empty())
                << c.id << ": the quote shown comes from the first statement of verifies, not from the row";
            EXPECT_TRUE(c.run) << c.id;
            EXPECT_TRUE(c.suite.empty()) << c.id << ": the suite is set by the table, not by the row";
            EXPECT_FALSE(c.own_rows && c.resources.empty())
                << c.id << ": own_rows shares resources; the check names none";
        }
    }
    for (const auto& c : all_checks()) EXPECT_FALSE(c.suite.empty()) << c.id;
}

TEST(SuiteRows, ConnectorRowsAreCompleteAndLeaveWhatTheRunnerReadsEmpty) {
    std::set<std::string> ids;
    const std::regex id("CON-[0-9]{2}");
    for (const auto& c : suites::connector_checks()) {
        EXPECT_TRUE(std::regex_match(c.id, id)) << c.id << " is a connector check: expected CON-NN";
        EXPECT_TRUE(ids.insert(c.id).second) << "duplicate id " << c.id;
        EXPECT_FALSE(c.title.empty()) << c.id;
        EXPECT_FALSE(c.spec.empty()) << c.id;
        EXPECT_TRUE(c.run) << c.id;
        EXPECT_EQ(c.suite, "connector") << c.id << ": the suite is set by the table";
        // A scenario run is the check's alone: nothing for a runner to skip, lock or schedule, and its suite is its
        // tag.
        EXPECT_TRUE(c.needs.empty()) << c.id;
        EXPECT_TRUE(c.resources.empty()) << c.id;
        EXPECT_FALSE(c.writes || c.own_rows || c.waits) << c.id;
        EXPECT_TRUE(c.capability.empty()) << c.id;
        EXPECT_EQ(c.tags(), std::vector<std::string>{"connector"}) << c.id;
    }
    EXPECT_FALSE(ids.empty());
}

/// What is wrong with the statements a check names (empty: nothing): an unknown id, an id twice, a MUST check
/// resting on no stated rule or field.
std::vector<std::string> verifies_faults(const std::vector<std::string>& verifies, Level level) {
    std::vector<std::string> out;
    std::set<std::string> seen;
    bool stated = false;
    for (const auto& id : verifies) {
        const Requirement* r = find_requirement(id);
        if (!r) out.push_back("names an unknown statement " + id);
        if (!seen.insert(id).second) out.push_back("names " + id + " twice");
        stated = stated || (r && r->kind != RequirementKind::NotShown);
    }
    if (verifies.empty()) out.push_back("names no statement it verifies");
    if (level == Level::Must && !stated)
        out.push_back("is MUST but verifies no stated rule or field, only what is not shown");
    return out;
}

TEST(SuiteRows, EveryCheckNamesKnownStatementsAndAMustCheckAStatedOne) {
    for (const auto& c : all_checks())
        for (const auto& fault : verifies_faults(c.verifies, c.level)) ADD_FAILURE() << c.id << " " << fault;
    for (const auto& c : suites::connector_checks())
        for (const auto& fault : verifies_faults(c.verifies, c.level)) ADD_FAILURE() << c.id << " " << fault;
}

TEST(SuiteRows, TheVerifiesTestCanFail) {
    EXPECT_TRUE(verifies_faults({"000-8-pages-start-at-1"}, Level::Must).empty());
    EXPECT_TRUE(verifies_faults({"000-8-pagesize-not-shown"}, Level::Observe).empty());
    EXPECT_EQ(verifies_faults({"000-8-pagesize-not-shown"}, Level::Must).size(), 1u);
    EXPECT_EQ(verifies_faults({}, Level::Observe).size(), 1u);
    EXPECT_EQ(verifies_faults({"000-8-pages-start-at-1", "000-8-pages-start-at-1"}, Level::Must).size(), 1u);
    EXPECT_EQ(verifies_faults({"000-8-pages-start-at-0"}, Level::Should).size(), 1u);
}

/// A server or connector check shows the quote of the first statement it verifies.
template <class C>
void expect_first_quote_shown(const C& c) {
    const Requirement* first = c.verifies.empty() ? nullptr : find_requirement(c.verifies.front());
    ASSERT_NE(first, nullptr) << c.id;
    EXPECT_EQ(c.seed_text, first->quote) << c.id;
}

TEST(SuiteRows, TheQuoteShownIsTheFirstStatementsQuote) {
    for (const auto& c : all_checks()) expect_first_quote_shown(c);
    for (const auto& c : suites::connector_checks()) expect_first_quote_shown(c);
}

TEST(SuiteRows, ResourcesAreTheCataloguesAndNeedsAreRolesOfTheTargetFile) {
    const Catalogue catalogue = builtin_catalogue();
    const std::set<std::string> roles{client::kWriter, client::kReader, client::kOtherTenant, client::kLimited};
    for (const auto& c : all_checks()) {
        for (const auto& r : c.resources)
            EXPECT_TRUE(r == "*" || catalogue.find(r))
                << c.id << " names a resource the catalogue does not have: " << r;
        for (const auto& n : c.needs) EXPECT_TRUE(roles.contains(n)) << c.id << " needs an unknown role: " << n;
        EXPECT_FALSE(c.writes &&
                     std::find(c.needs.begin(), c.needs.end(), std::string(client::kWriter)) == c.needs.end())
            << c.id << " writes without needing the writer";
    }
}

using SuiteRowsInTheSeeds = test::SeedsTest;

TEST_F(SuiteRowsInTheSeeds, EverySeedTextIsTheSeedsWordForWord) {
    const std::string seeds = normalised(seed000 + "\n" + seed001);
    for (const auto& c : all_checks())
        for (const auto& q : not_in_seeds(c.seed_text, seeds))
            ADD_FAILURE() << c.id << " quotes what the seeds do not say: \"" << q << "\"";
    for (const auto& c : suites::connector_checks())
        for (const auto& q : not_in_seeds(c.seed_text, seeds))
            ADD_FAILURE() << c.id << " quotes what the seeds do not say: \"" << q << "\"";
}

TEST(SuiteRows, TheSeedTextTestCanFail) {
    const std::string seeds = normalised("Pages start at 1.\n| Content-Type | application/json;   charset=utf-8 |");
    EXPECT_TRUE(not_in_seeds("Pages start at 1.", seeds).empty());
    EXPECT_TRUE(not_in_seeds("Content-Type | application/json; charset=utf-8", seeds).empty());
    EXPECT_TRUE(not_in_seeds("Pages start at 1. … Content-Type | application/json; charset=utf-8", seeds).empty());
    EXPECT_EQ(not_in_seeds("Pages start at 0.", seeds), std::vector<std::string>{"Pages start at 0."});
    EXPECT_EQ(not_in_seeds("Pages start at 1. Pages end.", seeds),
              std::vector<std::string>{"Pages start at 1. Pages end."});
}

}  // namespace
}  // namespace bds
