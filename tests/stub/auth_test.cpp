// 000 §5: tokens, TokenInfo, 401 on every endpoint but POST /Token; §4.1/§5 rule 4: 403.
#include "stub/stub_fixture.hpp"

namespace bds::test {
namespace {

using json = nlohmann::json;

class StubAuth : public StubTest {
protected:
    void configure(stub::StubOptions& o) override { o.token_ttl = std::chrono::seconds(60); }
};

TEST_F(StubAuth, IssuesABearerTokenForGoodCredentials) {
    auto res = client->Post("/Token", "grant_type=password&username=writer&password=writer-pw",
                            "application/x-www-form-urlencoded");
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 200);
    const json body = json::parse(res->body);
    EXPECT_GE(body.at("access_token").get<std::string>().size(), 40u);
    EXPECT_EQ(body.at("token_type"), "bearer");
    EXPECT_EQ(body.at("expires_in"), 60);
    EXPECT_NE(token(), token()) << "tokens are random";
}

TEST_F(StubAuth, RefusesBadCredentialsAndBadTokenRequests) {
    for (const char* form :
         {"grant_type=password&username=writer&password=nope", "grant_type=password&username=nobody&password=x",
          "username=writer&password=writer-pw", "grant_type=client_credentials"}) {
        auto res = client->Post("/Token", form, "application/x-www-form-urlencoded");
        ASSERT_TRUE(res);
        EXPECT_EQ(res->status, 400) << form;
        EXPECT_TRUE(json::parse(res->body).contains("error")) << form;
    }
    auto res = client->Post("/Token", R"({"username":"writer","password":"writer-pw"})", "application/json");
    EXPECT_EQ(res->status, 400) << "OAuth 2.0 token requests are form-encoded";
}

TEST_F(StubAuth, TokenInfoDescribesTheCurrentToken) {
    const Answer a = get("/api/Account/TokenInfo", token("reader"));
    EXPECT_EQ(a.status, 200);
    EXPECT_EQ(a.body.at("userName"), "reader");
    EXPECT_EQ(a.body.at("customer_ID"), 1);
    EXPECT_EQ(a.body.at("canWrite"), false);
}

TEST_F(StubAuth, EveryEndpointButTokenAnswers401WithoutAValidBearer) {
    const std::string good = token();
    const std::vector<std::pair<std::string, std::string>> endpoints = {
        {"GET", "/api/Account/TokenInfo"},
        {"GET", "/api/resources/CliFor"},
        {"GET", "/api/sync/CliFor?LastUtcRun=1900-01-01%2000:00:00.000"},
        {"POST", "/api/sync/CliFor"},
        {"POST", "/api/resources/MCPClienti/query"},
        {"GET", "/api/resources/NoSuchResource"}};
    const std::vector<std::string> bad = {"",
                                          "Bearer",
                                          "Bearer ",
                                          "Token " + good,
                                          "Bearer " + good + "x",
                                          "Bearer forged-token",
                                          "Basic d3JpdGVyOndyaXRlci1wdw=="};
    for (const auto& [method, path] : endpoints) {
        for (const auto& header : bad) {
            httplib::Headers h;
            if (!header.empty()) h.emplace("Authorization", header);
            auto res = method == "GET" ? client->Get(path, h) : client->Post(path, h, "[]", "application/json");
            ASSERT_TRUE(res);
            EXPECT_EQ(res->status, 401) << method << " " << path << " with \"" << header << "\"";
            EXPECT_TRUE(res->has_header("WWW-Authenticate")) << path;
        }
    }
}

TEST_F(StubAuth, TokensExpire) {
    const std::string t = token();
    EXPECT_EQ(get("/api/resources/Famiglia", t).status, 200);
    clock.advance(std::chrono::seconds(59));
    EXPECT_EQ(get("/api/resources/Famiglia", t).status, 200);
    clock.advance(std::chrono::seconds(2));
    EXPECT_EQ(get("/api/resources/Famiglia", t).status, 401);
    EXPECT_EQ(get("/api/resources/Famiglia", token()).status, 200) << "a new token works";
}

TEST_F(StubAuth, UnknownResourcesAnswer403AndNamesAreCaseSensitive) {
    const std::string t = token();
    for (const char* name :
         {"NoSuchResource", "clifor", "CLIFOR", "Clifor", "StoricoDocumentiIVA", "CondPagamDett", "AgentiClienti"}) {
        EXPECT_EQ(get(std::string("/api/resources/") + name, t).status, 403) << name;
        EXPECT_EQ(post_json(std::string("/api/sync/") + name, json::array(), t).status, 403) << name;
    }
    EXPECT_EQ(get("/api/resources/CliFor", t).status, 200);
}

TEST_F(StubAuth, AUserOnlyUsesItsResources) {
    const std::string t = token("limited");
    EXPECT_EQ(get("/api/resources/CliFor", t).status, 200);
    EXPECT_EQ(get("/api/resources/MCPArticoli", t).status, 200);
    EXPECT_EQ(get("/api/resources/MCPClienti", t).status, 403);
    EXPECT_EQ(get("/api/resources/Articoli", t).status, 403);
    EXPECT_EQ(post_json("/api/sync/Articoli", json::array({minimal(catalogue, "Articoli")}), t).status, 403);
    EXPECT_EQ(get("/api/sync/Articoli?LastUtcRun=1900-01-01%2000:00:00.000", t).status, 403);
}

TEST_F(StubAuth, OnlyUsersEnabledForWritingMayPostSyncAndNothingIsStoredOtherwise) {
    const Answer a = post_json("/api/sync/Famiglia", json::array({minimal(catalogue, "Famiglia")}), token("reader"));
    EXPECT_EQ(a.status, 403) << a.text;
    EXPECT_EQ(total("Famiglia"), 0);
}

TEST_F(StubAuth, ReadOnlyViewsRefuseWrites) {
    for (const char* view : {"MCPClienti", "MCPFornitori", "MCPArticoli", "MCPDocumentiT", "MCPDocumentiR",
                             "MCPResources", "StoricoDocumentiR", "GruppiDocumento"}) {
        EXPECT_EQ(
            post_json(std::string("/api/sync/") + view, json::array({{{"flg_isdeleted", false}}}), token()).status, 403)
            << view;
    }
}

}  // namespace
}  // namespace bds::test
