#include <gtest/gtest.h>

#include "client/exchange.hpp"

namespace bds::client {
namespace {

TEST(Exchange, IsSuccessIsA2xxStatus) {
    EXPECT_TRUE(is_success(200));
    EXPECT_TRUE(is_success(201));
    EXPECT_TRUE(is_success(204));
    EXPECT_TRUE(is_success(299));
    EXPECT_FALSE(is_success(0));  // no response
    EXPECT_FALSE(is_success(199));
    EXPECT_FALSE(is_success(300));
    EXPECT_FALSE(is_success(404));
    static_assert(is_success(200) && !is_success(500));
}

TEST(Exchange, SecretsAreRedacted) {
    EXPECT_EQ(redact_header("Authorization", "Bearer abc.def"), "Bearer <redacted>");
    EXPECT_EQ(redact_header("authorization", "abc"), "<redacted>");
    EXPECT_EQ(redact_header("Accept", "application/json"), "application/json");
    EXPECT_EQ(redact_body("grant_type=password&username=w&password=s%26cret"),
              "grant_type=password&username=w&password=<redacted>");
    EXPECT_EQ(redact_body(R"({"access_token": "abc\"def", "expires_in": 3600})"),
              R"({"access_token": "<redacted>", "expires_in": 3600})");
    EXPECT_EQ(redact_body(R"({"password":"x"})"), R"({"password":"<redacted>"})");
    // A cut body that ends inside a secret still hides it.
    EXPECT_EQ(redact_body(R"({"access_token": "abcdef)"), R"({"access_token": "<redacted>)");
    // Names that merely contain a secret's name are not touched.
    EXPECT_EQ(redact_body("mypassword=1"), "mypassword=1");
    // Key names in any case (a TokenInfo answering {"Password": …, "Token": …} put both into reports).
    EXPECT_EQ(redact_body(R"({"UserName":"w","Password":"pw1","Token":"t0k","Secret":"s"})"),
              R"({"UserName":"w","Password":"<redacted>","Token":"<redacted>","Secret":"<redacted>"})");
    EXPECT_EQ(redact_body("Grant_Type=password&PASSWORD=x&Client_Secret=y"),
              "Grant_Type=password&PASSWORD=<redacted>&Client_Secret=<redacted>");
}

TEST(Exchange, CurlRepeatsTheRequestWithoutTheToken) {
    Exchange e;
    e.method = "POST";
    e.url = "http://h/api/sync/CliFor";
    e.request_headers = {{"Authorization", "Bearer <redacted>"}, {"Content-Type", "application/json"}};
    e.request_body = R"([{"des_ragsoc": "L'Aquila"}])";
    EXPECT_EQ(
        e.curl(),
        "curl -sS -X POST -H 'Authorization: Bearer '\"$TOKEN\" -H 'Content-Type: application/json' --data-binary "
        "'[{\"des_ragsoc\": \"L'\\''Aquila\"}]' 'http://h/api/sync/CliFor'");
    e.status = 200;
    EXPECT_EQ(e.summary(), "POST /api/sync/CliFor → 200");
}

TEST(Exchange, LongBodiesAreCutOnACharacterBoundary) {
    // Built with append: GCC 12 warns falsely (-Warray-bounds) on `std::string(n, c) + "…"`.
    std::string body(kMaxShownBody - 1, 'a');
    body.append("é").append("tail");
    const std::string shown = shown_body(body);
    EXPECT_EQ(shown.substr(0, kMaxShownBody - 1), std::string(kMaxShownBody - 1, 'a'));
    EXPECT_NE(shown.find("bytes in all"), std::string::npos);
    EXPECT_EQ(shown.find("tail"), std::string::npos);
}

TEST(Exchange, ALargeBodyIsRedactedWhereItIsCutAndNotCopiedWhole) {
    // A token whose value the cut splits: not one character of it shows.
    std::string body = R"({"Filler": ")";
    body.append(kMaxShownBody - 40, 'f').append(R"(", "Token": "SECRETSECRETSECRETSECRETSECRETSECRETSECRET"})");
    body.append(1u << 20, ' ');
    const std::string shown = shown_redacted(body);
    EXPECT_EQ(shown.find("SECRET"), std::string::npos) << shown.substr(shown.size() - 200);
    EXPECT_EQ(shown.find("SECR"), std::string::npos);
    EXPECT_NE(shown.find(std::to_string(body.size()) + " bytes in all"), std::string::npos);
    EXPECT_EQ(shown_redacted(R"({"password": "x"})"), R"({"password": "<redacted>"})");
}

}  // namespace
}  // namespace bds::client

namespace bds::client {
namespace {

TEST(ShownBody, BytesThatAreNotUtf8AreEscapedSoReportsStayJson) {
    EXPECT_EQ(escape_invalid_utf8("ok é"), "ok é");
    EXPECT_EQ(escape_invalid_utf8(std::string("a\xC3\x28z\xFF", 5)), "a\\xc3(z\\xff");
    const std::string shown = shown_body(std::string("[\"\xFF\"]"));
    EXPECT_NO_THROW((void)nlohmann::json(shown).dump()) << shown;
}

}  // namespace
}  // namespace bds::client
