// Suite "tenancy": each check passes on the faithful stub and fails on a server that breaks its rule.
#include <gtest/gtest.h>

#include <memory>
#include <mutex>

#include "run/suite_fixture.hpp"

namespace bds {
namespace {

using nlohmann::json;
using test::Broken;

const std::vector<std::string> kIds = {"TEN-01", "TEN-02", "TEN-03", "TEN-04", "TEN-05", "TEN-06"};

TEST(TenancyChecks, TheFaithfulStubPassesEveryTenancyCheck) {
    Broken b({});
    const auto result = test::run_all(b.cat, b.stub.target, {"TEN-"});
    test::expect_clean(result);
    for (const auto& id : kIds) {
        const auto& r = test::result_of(result, id);
        EXPECT_EQ(r.outcome, run::Outcome::Pass) << id << "\n" << test::describe(result);
        EXPECT_LT(r.requests, 300) << id;
    }
}

/// A server that gives the other tenant's user the writer's token: everything the writer wrote leaks.
test::BreakingProxy::Rewrite other_tenant_logs_in_as_writer() {
    return [](std::string& target, httplib::Headers&, std::string& body) {
        if (target == "/Token" && body.find("username=other_tenant") != std::string::npos)
            body = "grant_type=password&username=writer&password=writer-pw";
    };
}

TEST(TenancyChecks, TheOtherTenantServedAsTheWriterFailsEveryTenancyCheck) {
    for (const auto& id : kIds) {
        Broken b({}, {}, other_tenant_logs_in_as_writer());
        const auto r = b.expect_fail(id);
        ASSERT_FALSE(r.findings.empty()) << id;
        const std::string words = id == "TEN-04"   ? "reads back its own"
                                  : id == "TEN-05" ? "other tenant's data"
                                  : id == "TEN-06" ? "of its own tenant's record"
                                                   : "none of the writer's records";
        EXPECT_NE(r.findings.front().expected.find(words), std::string::npos)
            << id << ": " << r.findings.front().expected;
    }
}

/// A stub behind a proxy that answers the other tenant's requests to paths starting with `prefix` as if they
/// came from the writer: a leak in one kind of read only.
struct LeakOn {
    struct Tokens {
        std::mutex mutex;
        std::string other, writer;
    };
    std::shared_ptr<Tokens> tokens = std::make_shared<Tokens>();
    Broken b{{}};

    explicit LeakOn(const std::string& prefix) {
        const std::string url = b.stub.server->base_url();
        b.proxy = std::make_unique<test::BreakingProxy>(
            url, test::BreakingProxy::Before{},
            [tokens = tokens](const httplib::Request& req, httplib::Response& res) {
                // Learns the other tenant's token as the stub issues it.
                if (req.path != "/Token" || res.status != 200 ||
                    req.body.find("username=other_tenant") == std::string::npos)
                    return;
                std::lock_guard lock(tokens->mutex);
                tokens->other = json::parse(res.body)["access_token"].get<std::string>();
            },
            [tokens = tokens, url, prefix](std::string& target, httplib::Headers& headers, std::string&) {
                if (target.rfind(prefix, 0) != 0) return;
                auto it = headers.find("Authorization");
                std::lock_guard lock(tokens->mutex);
                if (it == headers.end() || tokens->other.empty() || it->second != "Bearer " + tokens->other) return;
                if (tokens->writer.empty()) {
                    httplib::Client c(url);
                    auto r = c.Post("/Token", "grant_type=password&username=writer&password=writer-pw",
                                    "application/x-www-form-urlencoded");
                    tokens->writer = json::parse(r->body)["access_token"].get<std::string>();
                }
                it->second = "Bearer " + tokens->writer;
            });
        b.target.base_url = b.proxy->base_url();
    }
};

/// With the tenant ignored under `path`, of TEN-01..03 only `failing` fails.
void expect_leak_fails_only(const std::string& path, const std::string& failing) {
    LeakOn leak(path);
    const auto result = test::run_all(leak.b.cat, leak.b.target, {"TEN-01", "TEN-02", "TEN-03"});
    for (const std::string id : {"TEN-01", "TEN-02", "TEN-03"})
        EXPECT_EQ(test::result_of(result, id).outcome, id == failing ? run::Outcome::Fail : run::Outcome::Pass)
            << id << "\n"
            << test::describe(result);
}

TEST(TenancyChecks, AChangeFeedThatIgnoresTheTenantFailsTen02Only) { expect_leak_fails_only("/api/sync/", "TEN-02"); }

TEST(TenancyChecks, ViewsThatIgnoreTheTenantFailTen03Only) { expect_leak_fails_only("/api/resources/MCP", "TEN-03"); }

TEST(TenancyChecks, TwoUsersSharingOneTenantFailTen01To04) {
    // The target file says other_tenant is another tenant; the server puts it in the writer's.
    stub::StubOptions options;
    for (auto& u : options.users)
        if (u.username == "other_tenant") u.customer_ID = 1;
    for (const char* id : {"TEN-01", "TEN-02", "TEN-03", "TEN-04", "TEN-06"}) {
        Broken b({}, {}, {}, options);
        b.target.users[client::kOtherTenant] = {"other_tenant", "other-pw", {}};
        b.expect_fail(id);
    }
}

TEST(TenancyChecks, JoinsAndLinesThatDropTheTenantFailTen06) {
    // A lookup cache shared by the tenants (by code alone), or a lines table read by key_documento alone.
    for (const auto& [defect, words] :
         {std::pair{"counterpart-join-drops-tenant", "des_ragsoc"}, std::pair{"article-join-drops-tenant", "cod_"},
          std::pair{"lines-without-tenant", "StoricoDocumentiR rows"}}) {
        const auto r = test::result_under_defect(defect, "TEN-06");
        ASSERT_EQ(r.outcome, run::Outcome::Fail) << defect;
        ASSERT_FALSE(r.findings.empty()) << defect;
        const std::string all = test::findings_text(r);
        EXPECT_NE(all.find(words), std::string::npos) << defect << ": " << all;
    }
}

TEST(TenancyChecks, ARecordFiledUnderTheCustomerIdOfItsBodyFailsTen05) {
    // The server files a record under the customer_ID it names: the proxy sends such blocks with the other
    // tenant's token.
    auto token = std::make_shared<std::string>();
    Broken b({});
    b.proxy = std::make_unique<test::BreakingProxy>(
        b.stub.server->base_url(), test::BreakingProxy::Before{}, test::BreakingProxy::After{},
        [token, url = b.stub.server->base_url()](std::string& target, httplib::Headers& headers, std::string& body) {
            if (target.rfind("/api/sync/", 0) != 0 || body.find("\"customer_ID\"") == std::string::npos) return;
            if (token->empty()) {
                httplib::Client c(url);
                auto r = c.Post("/Token", "grant_type=password&username=other_tenant&password=other-pw",
                                "application/x-www-form-urlencoded");
                *token = json::parse(r->body)["access_token"].get<std::string>();
            }
            auto it = headers.find("Authorization");
            if (it != headers.end()) it->second = "Bearer " + *token;
        });
    b.target.base_url = b.proxy->base_url();
    const auto r = b.expect_fail("TEN-05");
    ASSERT_FALSE(r.findings.empty());
    EXPECT_NE(r.findings.front().expected.find("other tenant"), std::string::npos) << r.findings.front().expected;
}

TEST(TenancyChecks, ABlockNamingAnotherTenantMayBeRefused) {
    // Refusing the block passes as well as ignoring customer_ID (A-26).
    Broken b([](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "POST" || req.path.rfind("/api/sync/", 0) != 0 ||
            req.body.find("\"customer_ID\"") == std::string::npos)
            return false;
        res.status = 400;
        res.set_content(R"({"error":"customer_ID"})", "application/json");
        return true;
    });
    const auto result = test::run_all(b.cat, b.target, {"TEN-05"});
    EXPECT_EQ(test::result_of(result, "TEN-05").outcome, run::Outcome::Pass) << test::describe(result);
}

TEST(TenancyChecks, TheWritersBlockIsCountedOnEveryPage) {
    // A run reading pages of one row (a cap of 1) finds the block's two records on two pages: not a record put
    // elsewhere.
    Broken b({});
    auto target = b.stub.target;
    target.max_page_size = 1;
    const auto result = test::run_all(b.cat, target, {"TEN-05"});
    EXPECT_EQ(test::result_of(result, "TEN-05").outcome, run::Outcome::Pass) << test::describe(result);
}

TEST(TenancyChecks, APostQueryServingEveryTenantFailsTen03OnItsQueryCellOnly) {
    // The lists, views and feed keep the tenant; POST query, a statement of its own, does not.
    const auto r = test::result_under_defect("query-other-tenant", "TEN-03");
    EXPECT_EQ(r.outcome, run::Outcome::Fail);
    ASSERT_EQ(r.cells.size(), 2u);
    for (const auto& c : r.cells)
        EXPECT_EQ(c.outcome, c.endpoint == "query" ? run::Outcome::Fail : run::Outcome::Pass) << c.endpoint;
    EXPECT_NE(test::findings_text(r).find("POST query on MCPClienti"), std::string::npos) << test::findings_text(r);
    // Every body shape of POST query the seeds leave open (A-41) keeps it.
    for (const std::string shape : {"A-41=flat", "A-41=sql"})
        EXPECT_EQ(test::result_on_stub("TEN-03", stub::Defect::None, shape).outcome, run::Outcome::Pass) << shape;
}

TEST(TenancyChecks, NoOtherTenantSkipsWithTheReason) {
    Broken b({});
    auto target = b.stub.target;
    target.users.erase(client::kOtherTenant);
    const auto result = test::run_all(b.cat, target, {"TEN-"});
    for (const auto& id : kIds) {
        EXPECT_EQ(test::result_of(result, id).outcome, run::Outcome::Skip) << id;
        EXPECT_NE(test::result_of(result, id).reason.find("other_tenant"), std::string::npos)
            << test::result_of(result, id).reason;
    }
}

}  // namespace
}  // namespace bds
