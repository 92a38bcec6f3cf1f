#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "client/base_url.hpp"
#include "client/target.hpp"
#include "test_paths.hpp"

namespace bds::client {
namespace {

using nlohmann::json;

TEST(Target, ReadsEverySettingAndExpandsTheEnvironment) {
    ::setenv("BDS_TEST_PW", "s3cret", 1);
    const auto t = target_from_json(json::parse(R"({
        "base_url": "https://staging.example/bds/", "token": {"path": "/oauth/token", "form": {"client_id": "x"}},
        "users": {"writer": {"username": "w", "password": "${BDS_TEST_PW}"},
                  "limited": {"username": "l", "password": "p", "resources": ["CliFor"]}},
        "envelope": "header", "collation": "cs", "decimal_scale": 4, "timeout_ms": 500, "rate_per_s": 2.5,
        "read_only": true, "max_page_size": 100, "max_block": 50, "token_expiry_wait_s": 0,
        "query": {"where": "$RecordSelection"}, "insecure": true})"));
    EXPECT_EQ(t.base_url, "https://staging.example/bds");
    EXPECT_EQ(t.token_path, "/oauth/token");
    EXPECT_EQ(t.token_form.at("client_id"), "x");
    EXPECT_EQ(t.user("writer")->password, "s3cret");
    EXPECT_EQ(t.user("limited")->resources, std::vector<std::string>{"CliFor"});
    EXPECT_EQ(t.user("reader"), nullptr);
    EXPECT_EQ(t.envelope, Envelope::Header);
    EXPECT_EQ(t.collation, Collation::CaseSensitive);
    EXPECT_EQ(t.decimal_scale, 4);
    EXPECT_EQ(t.rate_per_s, 2.5);
    EXPECT_TRUE(t.read_only);
    EXPECT_TRUE(t.insecure);
    EXPECT_EQ((*t.query_body)["where"], "$RecordSelection");
}

/// What target_from_json refuses `text` with, or "no error".
std::string message(const char* text) {
    try {
        target_from_json(json::parse(text));
    } catch (const TargetError& e) {
        return e.what();
    }
    return "no error";
}

TEST(Target, ProblemsNameTheSettingAndWhatWasExpected) {
    EXPECT_NE(message(R"({})").find("base_url is missing"), std::string::npos);
    EXPECT_NE(message(R"({"base_url": "ftp://x"})").find("/base_url: expected an http:// or https:// URL"),
              std::string::npos);
    EXPECT_NE(message(R"({"base_url": "http://x", "envelop": "auto"})").find("/envelop: unknown setting"),
              std::string::npos);
    EXPECT_NE(message(R"({"base_url": "http://x", "envelope": "xml"})")
                  .find("/envelope: expected auto, object, header or row"),
              std::string::npos);
    EXPECT_NE(message(R"({"base_url": "http://x", "users": {"writer": {"username": "w"}}})").find("/users/writer"),
              std::string::npos);
    EXPECT_NE(message(R"({"base_url": "http://x", "timeout_ms": 0})").find("/timeout_ms: expected an integer >= 1"),
              std::string::npos);
    ::unsetenv("BDS_TEST_UNSET");
    EXPECT_NE(message(R"({"base_url": "http://x", "users": {"w": {"username": "w", "password": "${BDS_TEST_UNSET}"}}})")
                  .find("BDS_TEST_UNSET is not set"),
              std::string::npos);
}

TEST(Target, AProblemUnderUsersOrTokenShowsTheKindOfValueNeverTheValue) {
    const std::string wrong_type =
        message(R"({"base_url": "http://x", "users": {"writer": {"username": "w", "password": 987654}}})");
    EXPECT_NE(wrong_type.find("/users/writer/password: expected a string, found a number"), std::string::npos)
        << wrong_type;
    EXPECT_EQ(wrong_type.find("987654"), std::string::npos) << wrong_type;
    const std::string no_user = message(R"({"base_url": "http://x", "users": {"writer": {"password": "s3cret"}}})");
    EXPECT_NE(no_user.find("/users/writer: username is missing"), std::string::npos) << no_user;
    EXPECT_EQ(no_user.find("s3cret"), std::string::npos) << no_user;
    const std::string form = message(R"({"base_url": "http://x", "token": {"form": {"client_secret": 424242}}})");
    EXPECT_NE(form.find("/token/form/client_secret: expected a string, found a number"), std::string::npos) << form;
    EXPECT_EQ(form.find("424242"), std::string::npos) << form;
    // Elsewhere the value helps and is no secret.
    EXPECT_NE(message(R"({"base_url": "http://x", "max_block": -3})").find("found -3"), std::string::npos);
}

TEST(Target, AnUnknownSettingListsTheKnownOnesOfItsObject) {
    const std::string top = message(R"({"base_url": "http://x", "timeout": 5})");
    EXPECT_NE(top.find("/timeout: unknown setting (known: "), std::string::npos) << top;
    EXPECT_NE(top.find("timeout_ms"), std::string::npos) << top;
    const std::string user =
        message(R"({"base_url": "http://x", "users": {"reader": {"username": "r", "password": "p", "role": "x"}}})");
    EXPECT_NE(user.find("/users/reader/role: unknown setting (known: password, resources, username)"),
              std::string::npos)
        << user;
}

TEST(Target, TheSchemaSpellsTheEnvelopesTheHarnessReads) {
    // spec/target.schema.json documents the file for users; the enum there and bds::Envelope must not drift apart.
    std::ifstream in(test::source_dir() / "spec" / "target.schema.json");
    const json schema = json::parse(in);
    std::vector<std::string> spellings = {kAutoEnvelope};
    for (const auto& e : enum_texts<Envelope>()) spellings.push_back(e);
    EXPECT_EQ(schema["properties"]["envelope"]["enum"].get<std::vector<std::string>>(), spellings);
}

TEST(BaseUrl, IsSplitOnceIntoOriginAndPrefix) {
    const BaseUrl u = parse_base_url("https://h.example:8443/bds/v1//");
    EXPECT_EQ(u.origin, "https://h.example:8443");
    EXPECT_EQ(u.prefix, "/bds/v1");
    EXPECT_EQ(parse_base_url("http://h").prefix, "");
    for (const char* bad : {"h.example", "ftp://h", "http://", "http:///x", "http://h/bds?x=1", "http://h#top"})
        EXPECT_THROW(parse_base_url(bad), TargetError) << bad;
    EXPECT_NE(message(R"({"base_url": "http://h/x?y=1"})").find("query or fragment"), std::string::npos);
}

TEST(Target, AFileNestedTooDeepIsRefusedNotACrash) {
    // load_target once parsed any depth, then copied the document recursively (expanding ${VAR}): a file a
    // million arrays deep overflowed the stack.
    const std::string path = ::testing::TempDir() + "bds-deep-target.json";
    std::ofstream(path) << R"({"base_url": "http://h", "query": {"where": )" << std::string(1'000'000, '[')
                        << std::string(1'000'000, ']') << "}}";
    std::string message = "no error";
    try {
        load_target(path);
    } catch (const TargetError& e) {
        message = e.what();
    }
    std::remove(path.c_str());
    EXPECT_NE(message.find("deeper than 64 levels"), std::string::npos) << message.substr(0, 200);
}

TEST(Target, ANumberNoDoubleHoldsIsATargetError) {
    // Found by target_file_fuzz: nlohmann throws out_of_range, not parse_error, for 1E400; it escaped as an
    // unexplained exception.
    std::string message = "no error";
    try {
        parse_target(R"({"base_url": "http://h", "timeout_ms": 1E400})", "t.json");
    } catch (const TargetError& e) {
        message = e.what();
    }
    EXPECT_NE(message.find("t.json: not JSON"), std::string::npos) << message;
}

TEST(Target, TheShippedExampleLoadsWithItsVariablesSet) {
    // Its "$comment" once said "${VAR}", which expands like any string: the example every template uses failed.
    for (const char* name :
         {"BDS_BASE_URL", "BDS_WRITER_USER", "BDS_WRITER_PASSWORD", "BDS_READER_USER", "BDS_READER_PASSWORD",
          "BDS_OTHER_USER", "BDS_OTHER_PASSWORD", "BDS_LIMITED_USER", "BDS_LIMITED_PASSWORD"})
        ::setenv(name, name == std::string("BDS_BASE_URL") ? "https://staging.example.com" : "x", 1);
    const TargetConfig t = load_target((test::source_dir() / "ci" / "templates" / "target.example.json").string());
    EXPECT_EQ(t.base_url, "https://staging.example.com");
    for (const char* role : {kWriter, kReader, kOtherTenant, kLimited}) EXPECT_NE(t.user(role), nullptr) << role;
    EXPECT_TRUE(t.query_body.has_value());
}

}  // namespace
}  // namespace bds::client
