// Suite "engine": ENG-03 finds the literal forms the target's RecordSelection accepts, ENG-02 which engine's
// answers fit; a whole run's own reads on SQLite are tests/suites/server/engine_run_test.cpp.
#include <gtest/gtest.h>

#include "bundled/embedded_stub.hpp"
#include "run/suite_fixture.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

using test::observed;

TEST(Eng03, OnTheReferenceStubTheFormsAreSqlServers) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    const auto result = test::run_all(cat, stub.target, {"ENG-03"});
    const auto& r = test::result_of(result, "ENG-03");
    ASSERT_EQ(r.outcome, run::Outcome::Pass) << test::describe(result);
    EXPECT_EQ(observed(r, "the run's own reads use"),
              "the run's own reads use texts '…' within Windows-1252, N'…' beyond it, N'…' beyond U+FFFF; bits 1/0 "
              "(A-114)");
    EXPECT_NE(observed(r, "a text beyond Windows-1252").find("N'"), std::string::npos);
    EXPECT_TRUE(test::trouble_notes(result).empty()) << "the default forms: nothing learnt";
}

TEST(Eng02, TheReferenceStubsAnswersFitSqlServer) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    const auto result = test::run_all(cat, stub.target, {"ENG-02"});
    const std::string fit = observed(test::result_of(result, "ENG-02"), "the RecordSelection answers fit");
    EXPECT_NE(fit.find("SQL Server"), std::string::npos) << fit;
    EXPECT_EQ(fit.find("SQLite"), std::string::npos) << fit;
}

TEST(Eng03, AStatedDialectIsNotProbed) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    stub.target.dialect = client::dialect_from_json({{"bit", "quoted"}});
    const auto result = test::run_all(cat, stub.target, {"ENG-03"});
    const auto& r = test::result_of(result, "ENG-03");
    EXPECT_EQ(r.outcome, run::Outcome::Pass);
    EXPECT_NE(observed(r, "stated by the target file").find("bits '1'/'0'"), std::string::npos);
    EXPECT_EQ(r.requests, 0);
}

}  // namespace
}  // namespace bds
