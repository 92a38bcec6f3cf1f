// Suite "tenancy", TEN-07: a record sent with another record's Id, ts_update and dat_ultvar (or another tenant's
// customer_ID) changes no other record. It passes on the faithful stub whether it refuses those fields or ignores them
// and fails on a server that merges on the sent Id or stores them as sent.
#include <gtest/gtest.h>

#include "run/suite_fixture.hpp"

namespace bds {
namespace {

using nlohmann::json;

/// The texts of `r`'s observations, a line each.
std::string observed(const run::CheckResult& r) {
    std::string all;
    for (const auto& o : r.observations) all += o.text + "\n";
    return all;
}

TEST(TenancyPlatformChecks, Ten08PassesWhetherTheFieldsAreRefusedOrIgnored) {
    for (const std::string choices :
         {"", "A-26=refused", "A-27=ignored", "A-27=ignored,A-26=refused", "A-27=ignored,A-119=shared", "A-119=shared",
          "A-27=ignored,A-60=merge,A-77=new,A-15=integer,A-17=cs"}) {
        const auto r = test::result_on_stub("TEN-07", stub::Defect::None, choices);
        EXPECT_EQ(r.outcome, run::Outcome::Pass) << choices << "\n" << r.reason << test::findings_text(r);
        EXPECT_LE(r.requests, 24) << choices << ": a handful of requests";
        const std::string seen = observed(r);
        const bool taken = choices.find("A-27=ignored") != std::string::npos;
        EXPECT_NE(seen.find("of the writer's record A (A-27, A-26): status " + std::string(taken ? "200" : "400")),
                  std::string::npos)
            << choices << "\n"
            << seen;
        EXPECT_EQ(seen.find("landed record's ts_update") != std::string::npos, taken) << choices << "\n" << seen;
    }
}

TEST(TenancyPlatformChecks, Ten08ObservesWhetherTheTenantsShareOneNumbering) {
    // Alone on an empty stub, A and B are each the first CliFor record of their tenant.
    EXPECT_NE(observed(test::result_on_stub("TEN-07")).find("has the same Id"), std::string::npos);
    EXPECT_NE(observed(test::result_on_stub("TEN-07", stub::Defect::None, "A-119=shared")).find("has a higher Id"),
              std::string::npos);
}

/// TEN-07's result against the stub with `defect` under `choices`.
run::CheckResult under(const std::string& defect, const std::string& choices) {
    return test::result_on_stub("TEN-07", stub::Defect::named(defect), choices);
}

// The defects take the platform fields whatever A-27 says: under the defaults (refused) and under ignored.
const std::vector<std::string> kTaking = {"", "A-27=ignored"};

TEST(TenancyPlatformChecks, AMergeOnTheSentIdOverAllTenantsFailsTen08NamingRecordB) {
    for (const std::string choices : {"", "A-27=ignored", "A-119=shared", "A-27=ignored,A-26=refused,A-119=shared"}) {
        const auto r = under("merge-on-client-id", choices);
        ASSERT_EQ(r.outcome, run::Outcome::Fail) << choices << "\n" << r.reason;
        const std::string all = test::findings_text(r);
        EXPECT_NE(all.find("other_tenant's record B (key"), std::string::npos) << choices << "\n" << all;
        EXPECT_NE(all.find("none of the writer's records C in the other tenant's data"), std::string::npos)
            << choices << "\n"
            << all;
    }
}

TEST(TenancyPlatformChecks, AMergeOnTheSentIdWithinTheTenantFailsTen08NamingRecordA) {
    for (const std::string choices : {"", "A-27=ignored", "A-119=shared"}) {
        const auto r = under("merge-on-client-id-in-tenant", choices);
        ASSERT_EQ(r.outcome, run::Outcome::Fail) << choices << "\n" << r.reason;
        const std::string all = test::findings_text(r);
        EXPECT_NE(all.find("writer's record A (key"), std::string::npos) << choices << "\n" << all;
        EXPECT_EQ(all.find("other_tenant's record B (key"), std::string::npos) << choices << ": B is left alone\n"
                                                                               << all;
    }
}

TEST(TenancyPlatformChecks, PlatformFieldsStoredAsSentFailTen08OnTheRowVersion) {
    for (const auto& choices : kTaking) {
        const auto r = under("platform-fields-stored-as-sent", choices);
        ASSERT_EQ(r.outcome, run::Outcome::Fail) << choices << "\n" << r.reason;
        const std::string all = test::findings_text(r);
        EXPECT_NE(all.find("the one sent (record A's)"), std::string::npos) << choices << "\n" << all;
        EXPECT_EQ(all.find("record A (key"), std::string::npos) << choices << ": A itself is unchanged\n" << all;
    }
}

TEST(TenancyPlatformChecks, Ten08SkipsWithoutAnOtherTenantOrAnId) {
    {
        test::Broken b({});
        auto target = b.stub.target;
        target.users.erase(client::kOtherTenant);
        const auto run = test::run_all(b.cat, target, {"TEN-07"});
        const auto& r = test::result_of(run, "TEN-07");
        EXPECT_EQ(r.outcome, run::Outcome::Skip);
        EXPECT_NE(r.reason.find("other_tenant"), std::string::npos) << r.reason;
    }
    // A target that answers CliFor rows without Id: nothing a client would send back.
    test::Broken b({}, [](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "GET" || req.path != "/api/resources/CliFor" || res.status != 200) return;
        json body = json::parse(res.body);
        for (auto& row : test::records_of(body)) row.erase("Id");
        res.set_content(body.dump(), "application/json; charset=utf-8");
    });
    const auto run = test::run_all(b.cat, b.target, {"TEN-07"});
    const auto& r = test::result_of(run, "TEN-07");
    EXPECT_EQ(r.outcome, run::Outcome::Skip) << r.reason;
    EXPECT_NE(r.reason.find("without an Id"), std::string::npos) << r.reason;
}

}  // namespace
}  // namespace bds
