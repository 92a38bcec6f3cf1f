// `conformance run --report har=FILE` end to end: the real program against the stub started in this process,
// behind a proxy that notes every token the stub issues and the harness sends. The HAR holds every request of the
// run (as many entries as the run counts requests), a page for every check, pagerefs that name pages, findings'
// and observations' exchanges at their entries, the HTML report's links to them, and no password nor token.
// (tests/CMakeLists.txt also has the HAR checked by har-validator: har_passes_har_validator.)
#include <gtest/gtest.h>

#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>

#include "bundled/embedded_stub.hpp"
#include "catalogue/catalogue.hpp"
#include "run/proxy_fixture.hpp"
#include "test_paths.hpp"

namespace bds::test {
namespace {

using json = nlohmann::json;

/// 3-second tokens, as the bundled stub's: the expiry check (AUTH-06) decides, and tokens are renewed.
stub::StubOptions short_tokens() {
    stub::StubOptions options;
    options.token_ttl = std::chrono::seconds(3);
    return options;
}

/// The stub behind a proxy that keeps every token it sees: issued (the token endpoint's answers) and sent (bearer).
struct WatchedStub {
    Catalogue catalogue = builtin_catalogue();
    bundled::EmbeddedStub stub = bundled::start_embedded_stub(catalogue, short_tokens());
    std::mutex mutex;
    std::set<std::string> tokens;
    BreakingProxy proxy;

    WatchedStub()
        : proxy(stub.target.base_url, {}, [this](const httplib::Request& req, httplib::Response& res) {
              std::lock_guard lock(mutex);
              if (const auto auth = req.get_header_value("Authorization"); auth.rfind("Bearer ", 0) == 0)
                  tokens.insert(auth.substr(7));
              const auto doc = json::parse(res.body, nullptr, false);
              if (doc.is_object() && doc.contains("access_token") && doc["access_token"].is_string())
                  tokens.insert(doc["access_token"].get<std::string>());
          }) {}
};

struct Ran {
    ProcessResult result;
    json har, report;
    std::string har_text, html;
};

/// A file's text, or "" when it was not written (what the tests then say).
std::string text_of(const std::string& file) {
    try {
        return read_text(file);
    } catch (const std::exception&) {
        return "";
    }
}

Ran run_with_har(WatchedStub& target, const TempFolder& dir) {
    const auto file = [&dir](const char* name) { return (dir.path / name).string(); };
    Ran r;
    r.result = run_conformance("run --base-url " + target.proxy.base_url() +
                                   " --suite auth,deletion --seed 1 --cases 3 --report har=" + file("run.har") +
                                   " --report json=" + file("run.json") + " --report html=" + file("run.html"),
                               true);
    r.har_text = text_of(file("run.har"));
    r.har = json::parse(r.har_text, nullptr, false);
    r.report = json::parse(text_of(file("run.json")), nullptr, false);
    r.html = text_of(file("run.html"));
    return r;
}

/// One run for the tests of this suite (a run takes seconds).
class HarRun : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        target_ = new WatchedStub;
        dir_ = new TempFolder("har-run");
        run_ = new Ran(run_with_har(*target_, *dir_));
    }
    static void TearDownTestSuite() {
        delete run_;
        delete dir_;
        delete target_;
    }
    static WatchedStub* target_;
    static TempFolder* dir_;
    static Ran* run_;
};
WatchedStub* HarRun::target_ = nullptr;
TempFolder* HarRun::dir_ = nullptr;
Ran* HarRun::run_ = nullptr;

TEST_F(HarRun, EveryRequestOfTheRunIsAnEntryOnItsChecksPage) {
    const Ran& r = *run_;
    ASSERT_EQ(r.result.code, 0) << r.result.out;
    ASSERT_TRUE(r.har.is_object()) << r.har_text.substr(0, 2000);
    ASSERT_TRUE(r.report.is_object());
    const json& log = r.har.at("log");
    EXPECT_EQ(log.at("version"), "1.2");

    std::set<std::string> pages;
    for (const auto& p : log.at("pages")) EXPECT_TRUE(pages.insert(p.at("id")).second) << "twice: " << p.at("id");
    int ran = 0;
    for (const auto& c : r.report.at("checks"))
        if (c.at("requests").get<long>() > 0) {
            ++ran;
            EXPECT_TRUE(pages.contains(c.at("id"))) << "no page for " << c.at("id");
        }
    EXPECT_GT(ran, 10);

    const json& entries = log.at("entries");
    // The run's count includes the token requests and the clean-up's: each is an entry.
    EXPECT_EQ(entries.size(), r.report.at("requests").get<std::size_t>());
    std::map<std::string, long> per_page;
    std::string last_start;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const json& e = entries[i];
        EXPECT_TRUE(pages.contains(e.at("pageref"))) << e.at("pageref");
        EXPECT_EQ(e.at("_serial"), i + 1) << "numbered in the order sent";
        EXPECT_LE(last_start, e.at("startedDateTime").get<std::string>()) << i;
        last_start = e.at("startedDateTime");
        ++per_page[e.at("pageref")];
    }
    EXPECT_GT(per_page["tokens"], 0);
    EXPECT_GT(per_page["clean-up"], 0) << "deletion writes; its records go back deleted";
    for (const auto& c : r.report.at("checks"))
        EXPECT_EQ(per_page[c.at("id")], c.at("requests").get<long>()) << c.at("id");
}

TEST_F(HarRun, FindingsAndObservationsPointAtTheirEntriesAndTheHtmlLinksThem) {
    const Ran& r = *run_;
    ASSERT_TRUE(r.har.is_object() && r.report.is_object()) << r.result.out;
    const json& entries = r.har.at("log").at("entries");
    int numbered = 0;
    for (const auto& c : r.report.at("checks"))
        for (const char* kind : {"findings", "observations"})
            for (const auto& f : c.at(kind)) {
                if (f.at("exchange").is_null() || !f.at("exchange").contains("serial")) continue;
                const json& x = f.at("exchange");
                const auto serial = x.at("serial").get<std::size_t>();
                ASSERT_LE(serial, entries.size());
                const json& e = entries[serial - 1];
                EXPECT_EQ(e.at("request").at("method"), x.at("method"));
                EXPECT_EQ(e.at("response").at("status"), x.at("status"));
                EXPECT_EQ(e.at("response").at("content").at("text"), x.at("response_body"));
                ++numbered;
            }
    EXPECT_GT(numbered, 0) << "the auth suite observes the token responses";
    EXPECT_NE(r.html.find("<a href=\"run.har\">HAR entry "), std::string::npos);
}

TEST_F(HarRun, NoPasswordNorTokenInTheHar) {
    const Ran& r = *run_;
    WatchedStub& target = *target_;
    ASSERT_FALSE(r.har_text.empty());
    std::set<std::string> secrets;
    for (const auto& [role, user] : target.stub.target.users) secrets.insert(user.password);
    {
        std::lock_guard lock(target.mutex);
        for (const auto& t : target.tokens)
            if (t.size() >= 8) secrets.insert(t);  // not the empty or junk tokens the auth checks send on purpose
    }
    ASSERT_GT(secrets.size(), target.stub.target.users.size()) << "the proxy saw no token";
    for (const auto& secret : secrets) EXPECT_EQ(r.har_text.find(secret), std::string::npos) << secret;
    EXPECT_NE(r.har_text.find("<redacted>"), std::string::npos) << "the secrets were there to redact";
}

TEST(HarOtherCommands, MergeRefusesAHar) {
    const TempFolder dir("har-merge");
    const ProcessResult r = run_conformance(
        "merge " + (dir.path / "a.json").string() + " --report har=" + (dir.path / "m.har").string(), true);
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("only the exchanges of findings"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(dir.path / "m.har"));
}

TEST(HarOtherCommands, CertifyRefusesAHar) {
    const TempFolder dir("har-certify");
    const ProcessResult r = run_conformance("certify --report har=" + (dir.path / "c.har").string() + " -- true", true);
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("certify keeps no HAR"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(dir.path / "c.har"));
}

}  // namespace
}  // namespace bds::test
