// The HAR reporter with hand-built exchanges: the query string parsed and decoded, a POST's postData, a request
// that got no response, bytes that are not UTF-8, a page per check, entries in start order; and the HTML report's
// link from an exchange to its HAR entry.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "client/exchange.hpp"
#include "report/reporters.hpp"

namespace bds {
namespace {

using nlohmann::json;
using Clock = std::chrono::system_clock;

const Clock::time_point kStart = Clock::from_time_t(1'790'000'000);  // 2026-09-21T14:13:20Z

client::LoggedExchange logged(std::string page, std::uint64_t serial, int ms_after_start, client::Exchange e) {
    e.serial = serial;
    return {std::move(page), kStart + std::chrono::milliseconds(ms_after_start), std::move(e)};
}

client::Exchange get_with_query() {
    return {.method = "GET",
            .url = "http://127.0.0.1:8080/api/resources/CliFor?PageSize=5&%24filter=Name%20eq%20%27a%26b%27&flag&x=1+2",
            .request_headers = {{"Accept", "application/json"}, {"Authorization", "Bearer <redacted>"}},
            .status = 200,
            .response_headers = {{"Content-Type", "application/json; charset=utf-8"}},
            .response_body = R"({"Data":[]})",
            .duration_ms = 12.5};
}

client::Exchange post_json() {
    return {.method = "POST",
            .url = "http://127.0.0.1:8080/api/sync/CliFor",
            .request_headers = {{"Content-Type", "application/json"}},
            .request_body = R"({"Data":[{"Code":"x"}]})",
            .status = 422,
            .response_body = R"({"Message":"no"})",
            .duration_ms = 3};
}

client::Exchange refused() {
    return {.method = "GET",
            .url = "http://127.0.0.1:9/api/Account/TokenInfo",
            .error = "could not connect to http://127.0.0.1:9 (connection refused)",
            .duration_ms = 1};
}

run::RunResult hand_run() {
    run::RunResult run;
    run.target = "http://127.0.0.1:8080";
    run.started_at = "2026-09-21T14:13:20Z";
    for (const char* id : {"READ-01", "WRITE-01", "AUTH-01"}) {
        run::CheckResult r;
        r.id = id;
        r.title = std::string("the check ") + id;
        run.results.push_back(r);
    }
    run.results[2].outcome = run::Outcome::Skip;
    run.results[2].started_ms = 500;
    // Given out of order: the writer puts them in start order.
    run.exchanges = {logged("WRITE-01", 3, 30, post_json()), logged("READ-01", 2, 20, get_with_query()),
                     logged("tokens", 1, 10, refused())};
    return run;
}

json har_of(const run::RunResult& run) {
    std::ostringstream out;
    report::reporters().at("har")(run, out);
    const json doc = json::parse(out.str(), nullptr, false);  // throws nothing: a parse error is discarded
    EXPECT_FALSE(doc.is_discarded()) << out.str().substr(0, 2000);
    return doc;
}

TEST(HarReport, LogHasVersionCreatorAndSaysBodiesAreCut) {
    const json log = har_of(hand_run()).at("log");
    EXPECT_EQ(log.at("version"), "1.2");
    EXPECT_EQ(log.at("creator").at("name"), "bds-conformance");
    EXPECT_EQ(log.at("creator").at("version"), std::string(run::harness_version()));
    const std::string comment = log.at("comment");
    EXPECT_NE(comment.find("4096 bytes"), std::string::npos) << comment;
    EXPECT_NE(comment.find("--record DIR"), std::string::npos) << comment;
}

TEST(HarReport, APagePerCheckAndForTokensEveryPagerefAPage) {
    const json log = har_of(hand_run()).at("log");
    std::map<std::string, json> pages;
    for (const auto& p : log.at("pages")) pages[p.at("id")] = p;
    EXPECT_EQ(pages.size(), 4u) << log.at("pages").dump(1);
    for (const char* id : {"READ-01", "WRITE-01", "AUTH-01", "tokens"}) ASSERT_TRUE(pages.contains(id)) << id;
    EXPECT_EQ(pages["READ-01"].at("title"), "READ-01 the check READ-01");
    EXPECT_EQ(pages["READ-01"].at("startedDateTime"), "2026-09-21T14:13:20.020Z") << "its first request";
    EXPECT_EQ(pages["AUTH-01"].at("startedDateTime"), "2026-09-21T14:13:20.500Z") << "no request: when it started";
    for (const auto& e : log.at("entries")) {
        EXPECT_TRUE(pages.contains(e.at("pageref"))) << e.at("pageref");
        EXPECT_EQ(e.at("_check"), e.at("pageref"));
        EXPECT_NE(e.at("comment").get<std::string>().find(e.at("pageref").get<std::string>()), std::string::npos);
    }
}

TEST(HarReport, EntriesInStartOrderWithMilliseconds) {
    const json entries = har_of(hand_run()).at("log").at("entries");
    ASSERT_EQ(entries.size(), 3u);
    EXPECT_EQ(entries[0].at("_serial"), 1);
    EXPECT_EQ(entries[1].at("_serial"), 2);
    EXPECT_EQ(entries[2].at("_serial"), 3);
    EXPECT_EQ(entries[0].at("startedDateTime"), "2026-09-21T14:13:20.010Z");
    EXPECT_EQ(entries[2].at("startedDateTime"), "2026-09-21T14:13:20.030Z");
}

TEST(HarReport, GetWithItsQueryStringParsedAndDecoded) {
    const json e = har_of(hand_run()).at("log").at("entries")[1];
    const json& req = e.at("request");
    EXPECT_EQ(req.at("method"), "GET");
    EXPECT_EQ(req.at("url"), get_with_query().url);
    EXPECT_EQ(req.at("httpVersion"), "HTTP/1.1");
    EXPECT_EQ(req.at("queryString"), json::parse(R"([{"name":"PageSize","value":"5"},
        {"name":"$filter","value":"Name eq 'a&b'"},{"name":"flag","value":""},{"name":"x","value":"1 2"}])"));
    EXPECT_EQ(req.at("headers")[1], json({{"name", "Authorization"}, {"value", "Bearer <redacted>"}}));
    EXPECT_FALSE(req.contains("postData")) << "no body";
    EXPECT_EQ(req.at("bodySize"), 0);
    EXPECT_EQ(req.at("cookies"), json::array());
    EXPECT_EQ(req.at("headersSize"), -1);
    const json& res = e.at("response");
    EXPECT_EQ(res.at("status"), 200);
    EXPECT_EQ(res.at("statusText"), "OK");
    EXPECT_EQ(res.at("content").at("mimeType"), "application/json; charset=utf-8");
    EXPECT_EQ(res.at("content").at("text"), R"({"Data":[]})");
    EXPECT_EQ(res.at("content").at("size"), 11);
    EXPECT_EQ(res.at("redirectURL"), "");
    EXPECT_EQ(e.at("time"), 12.5);
    EXPECT_EQ(e.at("timings"), json({{"send", 0}, {"wait", 12.5}, {"receive", 0}}));
    EXPECT_EQ(e.at("cache"), json::object());
}

TEST(HarReport, PostWithItsJsonBody) {
    const json e = har_of(hand_run()).at("log").at("entries")[2];
    const json& req = e.at("request");
    EXPECT_EQ(req.at("method"), "POST");
    EXPECT_EQ(req.at("queryString"), json::array());
    EXPECT_EQ(req.at("postData"), json({{"mimeType", "application/json"}, {"text", post_json().request_body}}));
    EXPECT_EQ(req.at("bodySize"), post_json().request_body.size());
    EXPECT_EQ(e.at("response").at("status"), 422);
    EXPECT_EQ(e.at("response").at("statusText"), "Unprocessable Entity");
}

TEST(HarReport, ATransportErrorIsAnEntryWithStatusZero) {
    const json e = har_of(hand_run()).at("log").at("entries")[0];
    EXPECT_EQ(e.at("pageref"), "tokens");
    const json& res = e.at("response");
    EXPECT_EQ(res.at("status"), 0);
    EXPECT_EQ(res.at("_error"), refused().error);
    EXPECT_EQ(res.at("headers"), json::array());
    EXPECT_NE(e.at("comment").get<std::string>().find("connection refused"), std::string::npos) << e.at("comment");
}

TEST(HarReport, HostileBytesStillGiveValidJson) {
    run::RunResult run = hand_run();
    client::Exchange e = get_with_query();
    e.url = "http://127.0.0.1:8080/api/x?q=%FF%FE&name=caf%C3%A9 \x01\xff";
    e.response_body = client::shown_body(std::string("ok \xff\xfe <script>\"\x01 end"));
    e.response_headers = {{"X-Bad", "raw \xc3\x28 header"}};
    run.exchanges.push_back(logged("READ-01", 4, 40, e));
    const json entry = har_of(run).at("log").at("entries")[3];
    const std::string text = entry.at("response").at("content").at("text");
    EXPECT_NE(text.find("\\xff\\xfe"), std::string::npos) << text;
    EXPECT_NE(text.find("<script>\"\x01 end"), std::string::npos) << "valid text stays as it came: " << text;
    EXPECT_EQ(entry.at("request").at("queryString")[0].at("value"), "\\xff\\xfe");
    EXPECT_EQ(entry.at("request").at("queryString")[1].at("value"), "café \x01\\xff") << "decoded; not UTF-8 as \\xNN";
    const std::string url = entry.at("request").at("url");
    EXPECT_EQ(url.find(' '), std::string::npos) << "a URI: " << url;
    EXPECT_NE(url.find("caf%C3%A9%20%01%FF"), std::string::npos) << url;
    EXPECT_EQ(entry.at("response").at("headers")[0].at("value"), "raw \xEF\xBF\xBD( header") << "U+FFFD";
}

TEST(HarReport, ACutBodySaysItsWholeSize) {
    run::RunResult run = hand_run();
    client::Exchange e = post_json();
    e.request_body = client::shown_body(std::string(10000, 'a'));
    e.response_body = client::shown_body(std::string(20000, 'b'));
    run.exchanges = {logged("WRITE-01", 1, 0, e)};
    const json entry = har_of(run).at("log").at("entries")[0];
    EXPECT_EQ(entry.at("request").at("bodySize"), 10000);
    EXPECT_EQ(entry.at("response").at("content").at("size"), 20000);
    EXPECT_LT(entry.at("response").at("content").at("text").get<std::string>().size(), 5000u);
}

TEST(HarReport, NoExchangesStillAValidLog) {
    run::RunResult run = hand_run();
    run.exchanges.clear();
    const json log = har_of(run).at("log");
    EXPECT_EQ(log.at("entries"), json::array());
    EXPECT_EQ(log.at("pages").size(), 3u);
}

TEST(HarReport, HtmlLinksAnExchangeToItsEntry) {
    run::RunResult run = hand_run();
    run.results[0].outcome = run::Outcome::Fail;
    run.results[0].findings.push_back({.expected = "a", .actual = "b", .exchange = run.exchanges[1].exchange});
    client::Exchange unnumbered = post_json();
    run.results[1].observations.push_back({"seen", unnumbered});
    const auto html = [&run] {
        std::ostringstream out;
        report::reporters().at("html")(run, out);
        return out.str();
    };
    EXPECT_EQ(html().find("HAR entry"), std::string::npos) << "no HAR file, no link";
    run.har_href = "out dir/run#1.har";
    const std::string page = html();
    EXPECT_NE(page.find("<a href=\"out%20dir/run%231.har\">HAR entry 2</a>"), std::string::npos);
    EXPECT_EQ(page.find("HAR entry 0"), std::string::npos) << "an exchange without a serial has no entry";
}

}  // namespace
}  // namespace bds
