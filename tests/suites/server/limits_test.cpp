// Suite "limits": each check passes on the faithful stub, under the choices a correct server may make at the bounds
// (a PageSize cap that refuses or clamps, or none; an empty block refused; year 1 refused; decimals written as strings
// or at another scale; SQLite under the stub), and fails on the defects of the bounds.
#include <gtest/gtest.h>

#include "run/suite_fixture.hpp"

namespace bds {
namespace {

using nlohmann::json;

const std::vector<std::string> kLimits = {"LIM-01", "LIM-02", "LIM-03", "LIM-04", "LIM-05"};

/// Runs the suite against the stub under `choices`: every check passes (LIM-04 may skip only where the precision is
/// below 16).
run::RunResult expect_suite_passes(const std::string& choices,
                                   const std::function<void(client::TargetConfig&)>& edit = {}) {
    const Catalogue cat = builtin_catalogue();
    stub::StubOptions options;
    stub::apply_choices(options.choices, choices);
    auto stub = bundled::start_embedded_stub(cat, options);
    if (edit) edit(stub.target);
    auto result = test::run_all(cat, stub.target, {"LIM-"});
    EXPECT_EQ(result.results.size(), kLimits.size()) << choices;
    for (const auto& r : result.results)
        EXPECT_EQ(r.outcome, run::Outcome::Pass) << choices << " " << r.id << " " << r.reason << "\n"
                                                 << test::findings_text(r) << test::describe(result);
    return result;
}

TEST(LimitsChecks, PassOnTheFaithfulStubWithinTheirBudget) {
    const auto result = expect_suite_passes("");
    int requests = 0;
    for (const auto& r : result.results) {
        requests += r.requests;
        EXPECT_LT(r.requests, 60) << r.id;
    }
    EXPECT_LT(requests, 150) << "the suite's requests in a default run";
    // What is noted at the bounds: the default cap (10,000) refuses PageSize 2147483647.
    const auto& paging = test::result_of(result, "LIM-01");
    bool noted = false;
    for (const auto& o : paging.observations) noted = noted || o.text.find("2147483647") != std::string::npos;
    EXPECT_TRUE(noted) << "LIM-01 notes the PageSizes a cap refused";
}

TEST(LimitsChecks, PassWithoutAPageSizeCapAndWithOneThatClamps) {
    expect_suite_passes("A-08=none");
    expect_suite_passes("A-08=100,A-81=clamp");
    expect_suite_passes("A-08=5000,A-09=lenient");
}

TEST(LimitsChecks, PassWhenAnEmptyBlockOrYearOneIsRefused) {
    expect_suite_passes("A-30=refused,A-84=422");
    expect_suite_passes("A-122=datetime");
}

TEST(LimitsChecks, PassWhateverTheDecimalsScaleAndForm) {
    expect_suite_passes("A-16=4");
    expect_suite_passes("A-16=2,A-83=string");
    expect_suite_passes("A-83=string");
}

TEST(LimitsChecks, PassWithSqliteUnderTheStubAndOtherEnvelopesAndOrders) {
    expect_suite_passes("A-115=sqlite");
    expect_suite_passes("A-07=header,A-11=shuffle");
    expect_suite_passes("A-07=row,A-12=hidden,A-79=datetime");
}

TEST(LimitsChecks, Lim05SendsTheLargestBlockWhenItIsNotSyn12s) {
    const auto said_syn12 = [](const run::CheckResult& r) {
        for (const auto& o : r.observations)
            if (o.text.find("SYN-12") != std::string::npos) return true;
        return false;
    };
    const auto declared = expect_suite_passes("", [](client::TargetConfig& t) { t.max_block = 300; });
    const auto fewer = expect_suite_passes("", [](client::TargetConfig& t) { t.max_block = 150; });
    const auto usual = expect_suite_passes("");
    EXPECT_FALSE(said_syn12(test::result_of(declared, "LIM-05")));
    EXPECT_FALSE(said_syn12(test::result_of(fewer, "LIM-05")));
    EXPECT_TRUE(said_syn12(test::result_of(usual, "LIM-05")));
    EXPECT_EQ(test::result_of(declared, "LIM-05").requests, test::result_of(usual, "LIM-05").requests + 1)
        << "one POST of 300 Famiglia records more";
}

TEST(LimitsChecks, Lim04SkipsWhereTheDeclaredPrecisionHoldsNoLongDecimal) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    stub.target.decimal_precision = 15;
    const auto result = test::run_all(cat, stub.target, {"LIM-04"});
    const auto& r = test::result_of(result, "LIM-04");
    EXPECT_EQ(r.outcome, run::Outcome::Skip) << r.reason;
    EXPECT_NE(r.reason.find("decimal_precision"), std::string::npos) << r.reason;
}

TEST(LimitsChecks, AnOffsetThatWrapsFailsLim01OnListsAndFeeds) {
    const auto r = test::result_under_defect("page-offset-wraps", "LIM-01");
    EXPECT_EQ(r.outcome, run::Outcome::Fail) << r.reason;
    const std::string text = test::findings_text(r);
    EXPECT_NE(text.find("PageSize=2&PageNumber=2147483647"), std::string::npos) << text;
    EXPECT_NE(text.find("GET sync/CliFor"), std::string::npos) << "the feed's far pages too:\n" << text;
    // Without a cap, the brief's own example too: PageSize 65536, PageNumber 32769.
    const auto uncapped = test::result_on_stub("LIM-01", stub::Defect::named("page-offset-wraps"), "A-08=none");
    EXPECT_EQ(uncapped.outcome, run::Outcome::Fail);
    EXPECT_NE(test::findings_text(uncapped).find("PageSize=65536&PageNumber=32769"), std::string::npos)
        << test::findings_text(uncapped);
}

TEST(LimitsChecks, AnOffsetOverflowAnswered500FailsLim05AndNotLim01) {
    const auto r = test::result_under_defect("page-offset-overflow-500", "LIM-05");
    EXPECT_EQ(r.outcome, run::Outcome::Fail) << r.reason;
    EXPECT_NE(test::findings_text(r).find("5xx"), std::string::npos) << test::findings_text(r);
    // A 500 is no rule LIM-01 judges (the status of a request the seeds allow is SHOULD): noted, passed.
    EXPECT_EQ(test::result_under_defect("page-offset-overflow-500", "LIM-01").outcome, run::Outcome::Pass);
}

TEST(LimitsChecks, AnEmptyBlockAnswered500FailsLim05) {
    const auto r = test::result_under_defect("empty-block-500", "LIM-05");
    EXPECT_EQ(r.outcome, run::Outcome::Fail) << r.reason;
    EXPECT_NE(test::findings_text(r).find("empty block"), std::string::npos) << test::findings_text(r);
    EXPECT_EQ(test::result_under_defect("empty-block-500", "LIM-03").outcome, run::Outcome::Pass);
}

TEST(LimitsChecks, AnEmptyBlockThatTouchesEveryRecordFailsLim03) {
    const auto r = test::result_under_defect("empty-block-touches-all", "LIM-03");
    EXPECT_EQ(r.outcome, run::Outcome::Fail) << r.reason;
    EXPECT_NE(test::findings_text(r).find("change nothing else"), std::string::npos) << test::findings_text(r);
}

TEST(LimitsChecks, AFarLastUtcRunDroppedOrIgnoredFailsLim02) {
    const auto dropped = test::result_under_defect("far-last-utc-run-ignored", "LIM-02");
    EXPECT_EQ(dropped.outcome, run::Outcome::Fail) << dropped.reason;
    EXPECT_NE(test::findings_text(dropped).find("9999-12-31 23:59:59.997"), std::string::npos)
        << test::findings_text(dropped);
    EXPECT_EQ(test::result_under_defect("feed-ignores-last-utc-run", "LIM-02").outcome, run::Outcome::Fail);
}

TEST(LimitsChecks, AFarLastUtcRunAnswered500FailsLim05AndIsNotedByLim02) {
    const auto r = test::result_under_defect("far-last-utc-run-500", "LIM-05");
    EXPECT_EQ(r.outcome, run::Outcome::Fail) << r.reason;
    EXPECT_NE(test::findings_text(r).find("0001-01-01"), std::string::npos) << test::findings_text(r);
    const auto noted = test::result_under_defect("far-last-utc-run-500", "LIM-02");
    EXPECT_EQ(noted.outcome, run::Outcome::Pass) << noted.reason;
}

TEST(LimitsChecks, DecimalsHeldAsDoublesFailLim04InEitherForm) {
    const auto r = test::result_under_defect("decimal-as-double", "LIM-04");
    EXPECT_EQ(r.outcome, run::Outcome::Fail) << r.reason;
    EXPECT_NE(test::findings_text(r).find("123456789012.345678"), std::string::npos) << test::findings_text(r);
    const auto strings = test::result_on_stub("LIM-04", stub::Defect::named("decimal-as-double"), "A-83=string");
    EXPECT_EQ(strings.outcome, run::Outcome::Fail) << strings.reason;
    const auto wide = test::result_on_stub("LIM-04", stub::Defect::named("decimal-as-double"), "A-16=2");
    EXPECT_EQ(wide.outcome, run::Outcome::Fail) << wide.reason;
    EXPECT_NE(test::findings_text(wide).find("9007199254740993"), std::string::npos) << test::findings_text(wide);
}

TEST(LimitsChecks, AServerErrorForTheLargestBlockFailsLim05) {
    test::Broken b({}, [](const httplib::Request& req, httplib::Response& res) {
        if (req.method == "POST" && req.path == "/api/sync/Famiglia" && req.body.size() > 5000) res.status = 503;
    });
    b.target.max_block = 300;
    b.expect_fail("LIM-05");
}

}  // namespace
}  // namespace bds
