// Suite "changes": each check passes on the faithful stub and fails on a server that breaks its rule.
#include <gtest/gtest.h>

#include <regex>

#include "run/suite_fixture.hpp"

namespace bds {
namespace {

using nlohmann::json;
using test::Broken;

/// Drops the logically deleted rows from change feed answers.
void omit_deletions(const httplib::Request& req, httplib::Response& res) {
    if (req.method != "GET" || res.status != 200 || req.path.rfind("/api/sync/", 0) != 0) return;
    test::keep_rows(res, [](const json& r) { return r.value("flg_isdeleted", false) != true; });
}

TEST(ChangesChecks, AFeedIgnoringLastUtcRunFailsChg01) {
    Broken b({}, {}, [](std::string& target, httplib::Headers&, std::string&) {
        static const std::regex since("LastUtcRun=[^&]*");
        if (target.rfind("/api/sync/", 0) == 0) target = std::regex_replace(target, since, "LastUtcRun=1900-01-01%2000%3A00%3A00.000");
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

TEST(ChangesChecks, Chg03ObservesTheOtherResources) {
    Broken b({});
    const auto r = b.expect_pass_without_proxy("CHG-03");
    ASSERT_EQ(r.observations.size(), 2u);
    EXPECT_NE(r.observations[0].text.find("CondPagam 200"), std::string::npos) << r.observations[0].text;
}

}  // namespace
}  // namespace bds
