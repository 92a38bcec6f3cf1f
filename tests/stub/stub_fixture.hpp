#pragma once
// A stub started in-process on a free port for each test, with an HTTP client and small helpers.
#include <gtest/gtest.h>
#include <httplib.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "catalogue/catalogue.hpp"
#include "stub/stub_server.hpp"
#include "test_records.hpp"

namespace bds::test {

/// A clock the test moves by hand.
struct ManualClock {
    std::shared_ptr<std::chrono::system_clock::time_point> now =
        std::make_shared<std::chrono::system_clock::time_point>(std::chrono::sys_days{std::chrono::year{2026} / 3 / 1});
    stub::Clock clock() const {
        return [now = now] { return *now; };
    }
    void advance(std::chrono::milliseconds d) const { *now += d; }
};

/// One HTTP answer, body parsed when it is JSON.
struct Answer {
    int status = 0;
    nlohmann::json body;
    std::string text;
    httplib::Headers headers;
};

class StubTest : public ::testing::Test {
protected:
    /// Override to change the stub's settings before it starts.
    virtual void configure(stub::StubOptions&) {}

    void SetUp() override;
    void TearDown() override;

    /// A token for one of the demo users (writer, reader, limited, other_tenant).
    std::string token(const std::string& user = "writer");
    Answer get(const std::string& path, const std::string& bearer);
    Answer post(const std::string& path, const std::string& body, const std::string& bearer,
                const std::string& content_type = "application/json; charset=utf-8");
    Answer post_json(const std::string& path, const nlohmann::json& body, const std::string& bearer) {
        return post(path, body.dump(), bearer);
    }
    /// POST /api/resources/MCPClienti/query (001 §2.5: the one view with a query) of `body` with the writer's token.
    Answer query(const nlohmann::json& body) { return post_json("/api/resources/MCPClienti/query", body, token()); }
    /// GET /api/resources/<resource>?<query> (query already encoded) with the writer's token: the rows.
    nlohmann::json rows(const std::string& resource, const std::string& query = "", const std::string& user = "writer");
    /// The same read's TotalRowsCount.
    long total(const std::string& resource, const std::string& query = "", const std::string& user = "writer");
    /// POST sync of `records` as `user`, expecting 200.
    void sync(const std::string& resource, const nlohmann::json& records, const std::string& user = "writer");

    static std::string encode(const std::string& text);

    Catalogue catalogue = builtin_catalogue();
    ManualClock clock;
    std::unique_ptr<stub::StubServer> server;
    std::unique_ptr<httplib::Client> client;
};

}  // namespace bds::test
