// The faults of the certification scenarios, as a client sees them through the stub, and the recording of every
// request with its answer.
#include <gtest/gtest.h>
#include <httplib.h>

#include "catalogue/catalogue.hpp"
#include "certify/fault_injector.hpp"
#include "generate/record_gen.hpp"
#include "stub/stub_server.hpp"

namespace bds::certify {
namespace {

using json = nlohmann::json;

struct Served {
    explicit Served(Fault fault, std::size_t max_requests = 100) {
        FaultSettings settings{fault,
                               "scenario",
                               "TICKET-1",
                               10,
                               max_requests,
                               [this](const std::string& resource, const json& records) { server->load(1, resource, records); }};
        injector = std::make_shared<FaultInjector>(settings);
        stub::StubOptions options;
        options.users = {stub::User{"connector", "secret-pw", 1, true, {"*"}}};
        options.interceptor = injector;
        server = std::make_unique<stub::StubServer>(catalogue, options);
        server->start();
        client = std::make_unique<httplib::Client>(server->base_url());
        client->set_read_timeout(5, 0);
    }
    std::string token() {
        const auto r = client->Post("/Token", "grant_type=password&username=connector&password=secret-pw",
                                    "application/x-www-form-urlencoded");
        if (!r || r->status != 200) return "";
        return json::parse(r->body)["access_token"].get<std::string>();
    }
    httplib::Result block(const std::string& token, int n, std::uint64_t seed) {
        const json records =
            gen::distinct_records(catalogue, *catalogue.find("CliFor"), n, seed, {}, {{"flg_isdeleted", false}});
        return client->Post("/api/sync/CliFor", {{"Authorization", "Bearer " + token}}, records.dump(),
                            "application/json; charset=utf-8");
    }
    const Catalogue catalogue = builtin_catalogue();
    std::shared_ptr<FaultInjector> injector;
    std::unique_ptr<stub::StubServer> server;
    std::unique_ptr<httplib::Client> client;
};

TEST(FaultInjector, RecordsEachRequestWithItsAnswerAndTheTokensIssued) {
    Served s(Fault::None);
    const std::string token = s.token();
    ASSERT_FALSE(token.empty());
    ASSERT_EQ(s.block(token, 2, 1)->status, 200);
    ASSERT_EQ(
        s.client->Get("/api/resources/CliFor?PageSize=1&PageNumber=1", {{"Authorization", "Bearer " + token}})->status,
        200);
    s.server->stop();  // a request is recorded once its answer is written, which the client may see first
    const Recording rec = s.injector->recording();
    ASSERT_EQ(rec.requests.size(), 3u);
    EXPECT_EQ(rec.tokens, std::vector<std::string>{token});
    const Received& block = rec.requests[1];
    EXPECT_TRUE(block.is_block());
    EXPECT_EQ(block.bearer, token);
    EXPECT_EQ(block.header("content-type"), "application/json; charset=utf-8");
    EXPECT_EQ(json::parse(block.body).size(), 2u);
    EXPECT_EQ(block.status, 200);
    EXPECT_EQ(rec.requests[2].param("PageNumber"), "1");
    EXPECT_EQ(rec.requests[2].header("REMOTE_ADDR"), "");  // cpp-httplib's own entries are not the connector's
    EXPECT_EQ(s.server->rows(1, "CliFor").size(), 2u);
    // The exchange shown in reports hides the token.
    for (const auto& [name, value] : block.exchange("http://stub").request_headers)
        EXPECT_EQ(value.find(token), std::string::npos) << name;
}

TEST(FaultInjector, RefusesTheFirstBlockWithTheTicketAndStoresNothingOfIt) {
    Served s(Fault::RefusedBlock);
    const std::string token = s.token();
    const auto refused = s.block(token, 2, 1);
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->status, 400);
    EXPECT_NE(refused->body.find("TICKET-1"), std::string::npos) << refused->body;
    EXPECT_EQ(s.block(token, 2, 2)->status, 200);
    EXPECT_EQ(s.server->rows(1, "CliFor").size(), 2u);
    EXPECT_EQ(s.injector->recording().requests[1].fault, "scenario");
}

TEST(FaultInjector, AnswersTheFirstBlock500UnderServerError) {
    Served s(Fault::ServerError);
    EXPECT_EQ(s.block(s.token(), 1, 1)->status, 500);
}

TEST(FaultInjector, RefusesEveryBlock403WhenNotEnabledForWriting) {
    Served s(Fault::NotEnabledForWriting);
    const std::string token = s.token();
    EXPECT_EQ(s.block(token, 1, 1)->status, 403);
    EXPECT_EQ(s.block(token, 1, 2)->status, 403);
    EXPECT_EQ(s.client->Get("/api/resources/CliFor", {{"Authorization", "Bearer " + token}})->status,
              200);  // reads stay allowed
}

TEST(FaultInjector, ExpiresEveryTokenOnceABlockWasAccepted) {
    Served s(Fault::TokenExpiry);
    const std::string first = s.token();
    EXPECT_EQ(s.block(first, 1, 1)->status, 200);
    const auto expired = s.block(first, 1, 2);
    EXPECT_EQ(expired->status, 401);
    EXPECT_TRUE(expired->has_header("WWW-Authenticate"));
    EXPECT_EQ(s.block(first, 1, 2)->status, 401);  // it stays expired
    const std::string second = s.token();
    EXPECT_EQ(s.block(second, 1, 2)->status, 200);  // a new token works
}

TEST(FaultInjector, CutsTheFirstBlocksConnectionWithoutStoringIt) {
    Served s(Fault::DroppedConnection);
    const std::string token = s.token();
    const auto cut = s.block(token, 2, 1);
    EXPECT_FALSE(cut) << "a complete answer came: " << cut->status;
    EXPECT_TRUE(s.server->rows(1, "CliFor").empty());
    EXPECT_EQ(s.block(token, 2, 1)->status, 200);  // sent again, it is stored
    s.server->stop();
    EXPECT_EQ(s.injector->recording().requests.at(1).status, 0);
}

TEST(FaultInjector, LosesTheLastRecordOfTheFirstBlockWhileAnswering200) {
    Served s(Fault::LostRecord);
    const auto r = s.block(s.token(), 3, 1);
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(s.server->rows(1, "CliFor").size(), 2u);
}

TEST(FaultInjector, AnswersSlowly) {
    Served s(Fault::SlowAnswers);
    const std::string token = s.token();
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(s.block(token, 1, 1)->status, 200);
    EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(10));
}

TEST(FaultInjector, EndsAFloodAtTheRequestBudget) {
    Served s(Fault::None, 3);
    const std::string token = s.token();
    for (int i = 0; i < 2; ++i)
        EXPECT_EQ(s.client->Get("/api/Account/TokenInfo", {{"Authorization", "Bearer " + token}})->status, 200);
    EXPECT_EQ(s.injector->stop_reason(), "");
    EXPECT_EQ(s.client->Get("/api/Account/TokenInfo", {{"Authorization", "Bearer " + token}})->status, 429);
    EXPECT_NE(s.injector->stop_reason().find("more than 3 requests"), std::string::npos);
}

}  // namespace
}  // namespace bds::certify
