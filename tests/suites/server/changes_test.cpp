// Suite "changes": each check passes on the faithful stub and fails on a server that breaks its rule.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <regex>

#include "run/moving_feed.hpp"
#include "run/suite_fixture.hpp"
#include "stub/variation/choices.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

using nlohmann::json;
using test::BreakingProxy;
using test::Broken;

/// Drops the logically deleted rows from change feed answers.
void omit_deletions(const httplib::Request& req, httplib::Response& res) {
    if (req.method != "GET" || res.status != 200 || req.path.rfind("/api/sync/", 0) != 0) return;
    test::keep_rows(res, [](const json& r) { return r.value("flg_isdeleted", false) != true; });
}

TEST(ChangesChecks, AFeedIgnoringLastUtcRunFailsChg01) {
    Broken b({}, {}, [](std::string& target, httplib::Headers&, std::string&) {
        static const std::regex since("LastUtcRun=[^&]*");
        if (target.rfind("/api/sync/", 0) == 0)
            target = std::regex_replace(target, since, "LastUtcRun=1900-01-01%2000%3A00%3A00.000");
    });
    const auto r = b.expect_fail("CHG-01");
    ASSERT_FALSE(r.findings.empty());
    EXPECT_NE(r.findings.front().expected.find("leaves out"), std::string::npos) << r.findings.front().expected;
    b.expect_pass_without_proxy("CHG-01");
}

TEST(ChangesChecks, AFeedWithoutDeletionsFailsChg01AndChg02) {
    Broken b({}, omit_deletions);
    b.expect_fail("CHG-01");
    b.expect_fail("CHG-02");
    b.expect_pass_without_proxy("CHG-02");
}

/// `n` CliFor records in the writer's tenant of the stub, every fiftieth logically deleted: a target that holds data,
/// its feed from 1900 many pages longer than CHG-02 reads whole (kSamplePages of PageSize 100).
void load_clifor(Broken& b, int n) {
    json records = json::array();
    for (int i = 0; i < n; ++i) {
        char code[16];
        std::snprintf(code, sizeof code, "L%05d", i);
        records.push_back({{"ind_clifor", i % 2 ? "C" : "F"},
                           {"cod_clifor", code},
                           {"des_ragsoc", "Caffè n° " + std::to_string(i)},
                           {"flg_isdeleted", i % 50 == 49}});
    }
    b.stub.server->load(1, "CliFor", records);
}

bool from_1900(const httplib::Request& req) {
    return req.method == "GET" && req.path == "/api/sync/CliFor" &&
           req.get_param_value("LastUtcRun").rfind("1900-01-01", 0) == 0;
}

std::string all_observed(const run::CheckResult& r) {
    std::string all;
    for (const auto& o : r.observations) all += o.text + "\n";
    return all;
}

TEST(ChangesChecks, AnotherClientWritingWhileTheFeedIsReadIsNoFailureOfChg02) {
    // Another client of the tenant writes five records after every page of the feed from 1900 is served: a count read
    // after the feed would exceed what the feed showed. Rows are never removed, so the count read before bounds it.
    Broken* self = nullptr;
    int written = 0;
    Broken b({}, [&](const httplib::Request& req, httplib::Response&) {
        if (!from_1900(req) || !self) return;
        json records = json::array();
        for (int i = 0; i < 5; ++i, ++written)
            records.push_back({{"ind_clifor", "C"},
                               {"cod_clifor", "W" + std::to_string(written)},
                               {"des_ragsoc", "written meanwhile"},
                               {"flg_isdeleted", false}});
        self->stub.server->load(1, "CliFor", records);
    });
    self = &b;
    load_clifor(b, 150);
    b.expect_pass("CHG-02");
    EXPECT_GT(written, 0);
}

TEST(ChangesChecks, Chg02SamplesALargeFeedAndPassesOnTheFaithfulStub) {
    Broken b({});
    load_clifor(b, 3000);
    const auto r = b.expect_pass_without_proxy("CHG-02");
    // 3,005 rows (the check's five among them) on 31 pages of 100: five read, not 31.
    const std::string all = all_observed(r);
    EXPECT_NE(all.find("read pages 1, "), std::string::npos) << all;
    EXPECT_NE(all.find(" and 31 of 31 of PageSize 100 (405 of 3,005 rows)"), std::string::npos) << all;
    EXPECT_NE(all.find("this check's records looked for in the feed after the record it wrote first"),
              std::string::npos)
        << all;
    EXPECT_LE(r.requests, 15) << "a bounded read, not the feed's 31 pages\n" << all;
}

TEST(ChangesChecks, Chg02SamplesALargeFeedUnderTheChoicesItsReadsMeet) {
    // Deleted records hidden from lists (the count against GET resources), other row orders and envelopes, a coarse
    // or skewed clock (the later feed's instant), a cap that clamps, keys compared case-sensitively.
    for (const std::string choices : {"A-12=hidden", "A-11=insertion", "A-11=shuffle", "A-07=row", "A-07=header",
                                      "A-80=Items", "A-79=datetime,A-23=skewed", "A-08=100,A-81=clamp", "A-17=cs"}) {
        SCOPED_TRACE(choices);
        stub::StubOptions options;
        stub::apply_choices(options.choices, choices);
        Broken b({}, {}, {}, options);
        load_clifor(b, 3000);
        const auto r = b.expect_pass_without_proxy("CHG-02");
        EXPECT_NE(all_observed(r).find("read pages 1, "), std::string::npos) << all_observed(r);
    }
}

TEST(ChangesChecks, Chg02OnALargeFeedWithoutDeletionsFails) {
    // The deleted rows dropped from every feed page, TotalRowsCount left as the stub counts: this check's deleted
    // record is missing from the feed after its writes, wherever it falls among the pages of the feed from 1900.
    Broken b({}, [](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "GET" || res.status != 200 || req.path.rfind("/api/sync/", 0) != 0) return;
        auto doc = json::parse(res.body);
        json kept = json::array();
        for (auto& row : test::records_of(doc))
            if (row.value("flg_isdeleted", false) != true) kept.push_back(row);
        test::records_of(doc) = kept;
        res.set_content(doc.dump(), "application/json");
    });
    load_clifor(b, 3000);
    const auto r = b.expect_fail("CHG-02");
    std::string expected;
    for (const auto& f : r.findings) expected += f.expected + "\n";
    EXPECT_NE(expected.find("logically deleted after that instant"), std::string::npos) << expected;
}

TEST(ChangesChecks, Chg02OnALargeFeedFrom1900ThatEndsEarlyFailsByItsCount) {
    // From 1900 the feed stops after 2,000 rows, TotalRowsCount agreeing with it; from any later instant it is right.
    // Only counting the feed's rows against GET resources' TotalRowsCount sees it.
    Broken b({}, [](const httplib::Request& req, httplib::Response& res) {
        if (!from_1900(req) || res.status != 200) return;
        auto doc = json::parse(res.body);
        if (std::stol(req.get_param_value("PageNumber")) * std::stol(req.get_param_value("PageSize")) > 2000)
            test::records_of(doc) = json::array();
        doc["TotalRowsCount"] = 2000;
        res.set_content(doc.dump(), "application/json");
    });
    load_clifor(b, 3000);
    const auto r = b.expect_fail("CHG-02");
    ASSERT_EQ(r.findings.size(), 1u) << test::describe({});
    EXPECT_NE(r.findings[0].expected.find(
                  "returns every record: at least the 3,005 that GET /api/resources/CliFor counted before"),
              std::string::npos)
        << r.findings[0].expected;
    EXPECT_EQ(r.findings[0].actual, "page 31 of PageSize 100 holds 0 rows: the feed ends by row 3,000");
}

TEST(ChangesChecks, Chg02OnALargeFeedWithPagesFromZeroFails) {
    stub::StubOptions options;
    options.defect = stub::Defect::named("page-number-from-zero");
    Broken b({}, {}, {}, options);
    load_clifor(b, 3000);
    b.expect_fail("CHG-02");
}

/// `ids` run with 10 cases (enough records of CliFor for its feed after an instant to reach a second page) against `b`,
/// whose FeedMover fills and moves that feed; a failing case shrunk for a second at most. One request at a time: the
/// mover moves the feed between two of its pages, which a read's pages at once (read_pages) seldom leave room for.
run::RunResult run_moved(Broken& b, const std::vector<std::string>& ids) {
    run::RunOptions options;
    options.seed = 42;
    options.cases = 10;
    options.jobs = 1;
    options.shrink_time = std::chrono::seconds(1);
    return run::run_checks(b.cat, b.target, select_checks(all_checks(), {}, ids), options);
}

stub::StubOptions with_choices(const std::string& choices, const std::string& defect = "") {
    stub::StubOptions options;
    stub::apply_choices(options.choices, choices);
    if (!defect.empty()) options.defect = stub::Defect::named(defect);
    return options;
}

TEST(ChangesChecks, AFeedWhosePagesMoveUnderAnotherWriterIsJudgedOnOnePage) {
    // ORDER BY Id with OFFSET/FETCH: an older record updated between two pages moves the check's records down one
    // place, and the one at the page boundary comes twice. Read again, the pages differ; one page holds the whole feed.
    test::FeedMover mover(true);
    Broken b(mover.hook(), {}, {}, with_choices("A-11=insertion"));
    mover.attach(b);
    const auto run = run_moved(b, {"CHG-01", "CHG-02"});
    for (const char* id : {"CHG-01", "CHG-02"}) {
        const auto& r = test::result_of(run, id);
        EXPECT_EQ(r.outcome, run::Outcome::Pass) << id << "\n" << test::describe(run);
    }
    const std::string observed = test::observed_text(test::result_of(run, "CHG-01"));
    EXPECT_NE(observed.find("which moved meanwhile (read again, page 1 differed): another writer; judged on one page"),
              std::string::npos)
        << observed;
    EXPECT_GT(mover.updated(), 99);
}

TEST(ChangesChecks, AMovedFeedNoOnePageHoldsIsNotJudgedAndNoFailureOfChg01) {
    // A cap of 100 (refused beyond, or served as the cap): the moved feed cannot be read again as one page.
    for (const std::string choices : {"A-11=insertion,A-08=100", "A-11=insertion,A-08=100,A-81=clamp"}) {
        SCOPED_TRACE(choices);
        test::FeedMover mover(true);
        Broken b(mover.hook(), {}, {}, with_choices(choices));
        mover.attach(b);
        const auto run = run_moved(b, {"CHG-01"});
        const auto& r = test::result_of(run, "CHG-01");
        EXPECT_NE(r.outcome, run::Outcome::Fail) << test::describe(run);
        EXPECT_NE(r.outcome, run::Outcome::Error) << test::describe(run);
        const std::string observed = test::observed_text(r);
        EXPECT_NE(observed.find("whether each record comes once is not judged there"), std::string::npos) << observed;
    }
}

/// Pages of 100 of the feed of CliFor that overlap: each after the first begins with the row the one before ended with
/// (keyset paging by ">=" instead of ">"), the same every time they are read.
BreakingProxy::After overlapping_pages() {
    auto last =
        std::make_shared<std::map<std::string, json>>();  // LastUtcRun and page → its last row as the stub gave it
    return [last](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "GET" || req.path != "/api/sync/CliFor" || res.status != 200 ||
            req.get_param_value("PageSize") != "100")
            return;
        const std::string since = req.get_param_value("LastUtcRun");
        const long number = std::stol(req.get_param_value("PageNumber"));
        auto doc = json::parse(res.body);
        auto& rows = test::records_of(doc);
        if (!rows.empty()) (*last)[since + " " + std::to_string(number)] = rows.back();
        if (const auto it = last->find(since + " " + std::to_string(number - 1)); number > 1 && it != last->end())
            rows.insert(rows.begin(), it->second);
        res.set_content(doc.dump(), "application/json");
    };
}

TEST(ChangesChecks, ARowRepeatedInAnUndisturbedFeedOfSeveralPagesFailsChg01) {
    // The feed filled before its first page only: nothing moves it. Read again, its pages are the same: judged as they
    // came.
    test::FeedMover mover(false);
    Broken b(mover.hook(), overlapping_pages(), {}, with_choices("A-11=insertion"));
    mover.attach(b);
    const auto run = run_moved(b, {"CHG-01"});
    const auto& r = test::result_of(run, "CHG-01");
    EXPECT_EQ(r.outcome, run::Outcome::Fail) << test::describe(run);
    EXPECT_NE(test::findings_text(r).find("returns each changed record once | 2 rows for "), std::string::npos)
        << test::findings_text(r);
}

TEST(ChangesChecks, ARowSkippedInAnUndisturbedFeedOfSeveralPagesFailsChg01) {
    // Even pages cut from the rows in reverse order: the check's later records are on none of the pages.
    test::FeedMover mover(false);
    Broken b(mover.hook(), {}, {}, with_choices("A-11=insertion", "unstable-page-order"));
    mover.attach(b);
    const auto run = run_moved(b, {"CHG-01"});
    const auto& r = test::result_of(run, "CHG-01");
    EXPECT_EQ(r.outcome, run::Outcome::Fail) << test::describe(run);
    EXPECT_NE(test::findings_text(r).find("it is missing"), std::string::npos) << test::findings_text(r);
}

TEST(ChangesChecks, Chg03ObservesTheOtherResources) {
    Broken b({});
    const auto r = b.expect_pass_without_proxy("CHG-03");
    ASSERT_EQ(r.observations.size(), 2u);
    EXPECT_NE(r.observations[0].text.find("CondPagam 200"), std::string::npos) << r.observations[0].text;
}

}  // namespace
}  // namespace bds
