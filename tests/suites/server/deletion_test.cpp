// Suite "deletion": each check passes on the faithful stub and fails on a server that breaks its rule.
#include <gtest/gtest.h>

#include <mutex>
#include <set>

#include "oracle/compare.hpp"
#include "run/moving_feed.hpp"
#include "run/suite_fixture.hpp"
#include "stub/variation/choices.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

using nlohmann::json;
using test::Broken;

/// Deleted rows vanish from every read: deletion is physical.
void hide_deleted(const httplib::Request& req, httplib::Response& res) {
    if (req.method != "GET" || res.status != 200 || req.path.rfind("/api/", 0) != 0 ||
        req.path.find("TokenInfo") != std::string::npos)
        return;
    test::keep_rows(res, [](const json& r) { return r.value("flg_isdeleted", false) != true; });
}

TEST(DeletionChecks, PhysicalDeletionFailsDel01) {
    Broken b({}, hide_deleted);
    b.expect_fail("DEL-01");
    b.expect_pass_without_proxy("DEL-01");
}

TEST(DeletionChecks, AnUndeletionIgnoredFailsDel02) {
    // Once deleted, a key stays deleted whatever is sent.
    const Catalogue cat = builtin_catalogue();
    auto deleted = std::make_shared<std::set<std::string>>();
    Broken b({}, {}, test::edit_sent_records(cat, [deleted](json& r, const Record& resource) {
                 const std::string key = test::key_of(r, resource);
                 if (r.value("flg_isdeleted", false) == true) deleted->insert(key);
                 if (deleted->contains(key)) r["flg_isdeleted"] = true;
                 return true;
             }));
    b.expect_fail("DEL-02");
    b.expect_pass_without_proxy("DEL-02");
}

TEST(DeletionChecks, AMissingFlagTakenAsFalseFailsDel03) {
    const Catalogue cat = builtin_catalogue();
    Broken b({}, {}, test::edit_sent_records(cat, [](json& r, const Record&) {
                 if (!r.contains("flg_isdeleted")) r["flg_isdeleted"] = false;
                 return true;
             }));
    b.expect_fail("DEL-03");
    b.expect_pass_without_proxy("DEL-03");
}

TEST(DeletionChecks, AFeedWhosePagesMoveUnderAnotherWriterIsNoFailureOfDel01OrDel02) {
    // ORDER BY Id with OFFSET/FETCH (A-11=insertion), older records updated between the feed's pages: the deleted or
    // restored record at a page boundary comes twice, no rule broken. Judged on one page holding the whole feed.
    test::FeedMover mover(true);
    stub::StubOptions options;
    stub::apply_choices(options.choices, "A-11=insertion");
    Broken b(mover.hook(), {}, {}, options);
    mover.attach(b);
    run::RunOptions run_options;
    run_options.seed = 42;
    run_options.cases = 10;
    run_options.jobs = 1;  // the mover moves the feed between two pages: one request at a time leaves room for it
    const auto run =
        run::run_checks(b.cat, b.target, select_checks(all_checks(), {}, {"DEL-01", "DEL-02"}), run_options);
    std::string observed;
    for (const char* id : {"DEL-01", "DEL-02"}) {
        const auto& r = test::result_of(run, id);
        EXPECT_EQ(r.outcome, run::Outcome::Pass) << id << "\n" << test::describe(run);
        observed += test::observed_text(r);
    }
    EXPECT_NE(observed.find("moved meanwhile"), std::string::npos) << observed;
}

TEST(DeletionChecks, Del04ObservesWhetherReadsShowDeletedRecords) {
    Broken b({}, hide_deleted);
    const auto hidden = test::run_all(b.cat, b.target, {"DEL-04"});
    ASSERT_EQ(test::result_of(hidden, "DEL-04").observations.size(), 2u) << test::describe(hidden);
    EXPECT_NE(test::result_of(hidden, "DEL-04").observations[0].text.find("leaves"), std::string::npos);
    const auto shown = test::run_all(b.cat, b.stub.target, {"DEL-04"});
    EXPECT_NE(test::result_of(shown, "DEL-04").observations[0].text.find("shows"), std::string::npos);
    EXPECT_NE(test::result_of(shown, "DEL-04").observations[1].text.find("still listed"), std::string::npos);
}

}  // namespace
}  // namespace bds
