// Tenancy (000 §1: one tenant per record) and limits (000 §8): bad input is a clear 4xx and loses nothing.
#include "stub/stub_fixture.hpp"

namespace bds::test {
namespace {

using json = nlohmann::json;

class StubTenancy : public StubTest {
protected:
    void configure(stub::StubOptions& o) override {
        o.max_body = 256 * 1024;
        o.choices.max_block = stub::Choices::MaxBlock::B500;
    }
};

TEST_F(StubTenancy, ATenantNeverSeesAnothersRecords) {
    sync("CliFor", json::array({minimal(catalogue, "CliFor", {{"cod_clifor", "SECRET"}, {"ind_clifor", "C"}})}));
    EXPECT_EQ(total("CliFor", "", "other_tenant"), 0);
    EXPECT_EQ(
        total("CliFor", "RecordSelection=" + encode("cod_clifor = 'SECRET' or cod_clifor <> 'x'"), "other_tenant"), 0);
    EXPECT_EQ(total("MCPClienti", "", "other_tenant"), 0);
    const Answer feed = get("/api/sync/CliFor?LastUtcRun=" + encode("1900-01-01 00:00:00.000"), token("other_tenant"));
    EXPECT_EQ(feed.body.at("TotalRowsCount"), 0);
    sync("CliFor",
         json::array(
             {minimal(catalogue, "CliFor", {{"cod_clifor", "SECRET"}, {"ind_clifor", "C"}, {"des_ragsoc", "theirs"}})}),
         "other_tenant");
    EXPECT_TRUE(rows("CliFor")[0].at("des_ragsoc").is_null()) << "the same key in another tenant is another record";
    EXPECT_EQ(rows("CliFor", "", "other_tenant")[0].at("customer_ID"), 2);
}

TEST_F(StubTenancy, OversizedAndPathologicalBodiesAreRefusedAndNothingIsLost) {
    sync("Famiglia", json::array({minimal(catalogue, "Famiglia", {{"cod_famiglia", "KEEP"}})}));
    const std::string t = token();
    EXPECT_EQ(post("/api/sync/Famiglia", "[" + std::string(300 * 1024, ' ') + "]", t).status, 413);
    EXPECT_EQ(post("/api/sync/Famiglia", std::string(1000, '[') + std::string(1000, ']'), t).status, 400);
    json many = json::array();
    for (int i = 0; i < 501; ++i)
        many.push_back(minimal(catalogue, "Famiglia", {{"cod_famiglia", "F" + std::to_string(i)}}));
    EXPECT_EQ(post_json("/api/sync/Famiglia", many, t).status, 413);
    EXPECT_EQ(get("/api/resources/Famiglia?RecordSelection=" + encode(std::string(5000, '(')), t).status, 400);
    EXPECT_EQ(get("/api/resources/Famiglia?RecordSelection=" + encode(std::string(3000, 'x')), t).status, 400);
    EXPECT_EQ(get("/api/nowhere", t).status, 404);
    const json left = rows("Famiglia");
    ASSERT_EQ(left.size(), 1u);
    EXPECT_EQ(left[0].at("cod_famiglia"), "KEEP");
}

}  // namespace
}  // namespace bds::test
