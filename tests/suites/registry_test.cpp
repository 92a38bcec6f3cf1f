// Every row of every suite says what it is, and says it right: its id belongs to its suite, its resources are the
// catalogue's, its users are roles of the target file, and the sentence it quotes is the seeds' own.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "catalogue/catalogue.hpp"
#include "catalogue/seed_quotes.hpp"
#include "catalogue/seed_tables.hpp"
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
            EXPECT_TRUE(std::regex_match(c.id, id)) << c.id << " is in suite " << suite.name << ": expected " << suite.prefix << "-NN";
            EXPECT_TRUE(ids.insert(c.id).second) << "duplicate id " << c.id;
            EXPECT_FALSE(c.title.empty()) << c.id;
            EXPECT_FALSE(c.spec.empty()) << c.id;
            EXPECT_FALSE(c.seed_text.empty()) << c.id;
            EXPECT_TRUE(c.run) << c.id;
            EXPECT_TRUE(c.suite.empty()) << c.id << ": the suite is set by the table, not by the row";
            EXPECT_FALSE(c.writes && c.generates) << c.id << ": a writing check already holds the generators; drop .generates";
        }
    }
    for (const auto& c : all_checks()) EXPECT_FALSE(c.suite.empty()) << c.id;
}

TEST(SuiteRows, ResourcesAreTheCataloguesAndNeedsAreRolesOfTheTargetFile) {
    const Catalogue catalogue = builtin_catalogue();
    const std::set<std::string> roles{client::kWriter, client::kReader, client::kOtherTenant, client::kLimited};
    for (const auto& c : all_checks()) {
        for (const auto& r : c.resources)
            EXPECT_TRUE(r == "*" || catalogue.find(r)) << c.id << " names a resource the catalogue does not have: " << r;
        for (const auto& n : c.needs) EXPECT_TRUE(roles.contains(n)) << c.id << " needs an unknown role: " << n;
        EXPECT_FALSE(c.writes && std::find(c.needs.begin(), c.needs.end(), std::string(client::kWriter)) == c.needs.end())
            << c.id << " writes without needing the writer";
    }
}

TEST(SuiteRows, EverySeedTextIsTheSeedsWordForWord) {
    if (!test::seeds_present()) GTEST_SKIP() << "the seed documents are not at " << test::seeds_dir() << " (set BDS_SEEDS_DIR)";
    const std::string seeds = normalised(test::seed_text("000") + "\n" + test::seed_text("001"));
    for (const auto& c : all_checks())
        for (const auto& q : not_in_seeds(c.seed_text, seeds)) ADD_FAILURE() << c.id << " quotes what the seeds do not say: \"" << q << "\"";
    for (const auto& c : suites::connector_checks())
        for (const auto& q : not_in_seeds(c.seed_text, seeds)) ADD_FAILURE() << c.id << " quotes what the seeds do not say: \"" << q << "\"";
}

TEST(SuiteRows, TheSeedTextTestCanFail) {
    const std::string seeds = normalised("Pages start at 1.\n| Content-Type | application/json;   charset=utf-8 |");
    EXPECT_TRUE(not_in_seeds("Pages start at 1.", seeds).empty());
    EXPECT_TRUE(not_in_seeds("Content-Type | application/json; charset=utf-8", seeds).empty());
    EXPECT_TRUE(not_in_seeds("Pages start at 1. … Content-Type | application/json; charset=utf-8", seeds).empty());
    EXPECT_EQ(not_in_seeds("Pages start at 0.", seeds), std::vector<std::string>{"Pages start at 0."});
    EXPECT_EQ(not_in_seeds("Pages start at 1. Pages end.", seeds), std::vector<std::string>{"Pages start at 1. Pages end."});
}

}  // namespace
}  // namespace bds
