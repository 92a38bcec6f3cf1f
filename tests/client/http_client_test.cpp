// The harness's HTTP client against targets that misbehave on the wire: each test starts a small
// server that breaks the protocol one way, and asserts the request still ends, within its deadline, with an
// error that says what happened, holding a bounded amount of memory, with no secret in its exchange.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "client/http_client.hpp"
#include "common/http_text.hpp"
#include "client/raw_server.hpp"
#include "client/tokens.hpp"

namespace bds::client {
namespace {

using test::gzip;
using test::http_response;
using test::RawConnection;
using test::RawServer;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

HttpSettings settings(const RawServer& server, int timeout_ms = 2000) {
    HttpSettings s;
    s.base_url = server.base_url();
    s.timeout_ms = timeout_ms;
    return s;
}

/// A GET of `server` by a client that takes at most 1 MiB of answer, expected to fail with `error`: one request sent,
/// never retried.
void expect_cut_at_one_mib(const RawServer& server, const std::string& error) {
    auto s = settings(server);
    s.max_response_bytes = 1024 * 1024;
    HttpClient http(s);
    const auto r = http.request("GET", "/api/resources/CliFor");
    EXPECT_TRUE(r.transport_failed());
    EXPECT_NE(r.exchange.error.find(error), std::string::npos) << r.exchange.error;
    EXPECT_EQ(http.requests_sent(), 1);
}

TEST(HttpClient, ADripIsCutAtTheRequestDeadlineNotHeldByEachRead) {
    // A byte every 50 ms: every read succeeds well within the timeout, the answer never ends.
    RawServer server([](RawConnection& c) {
        if (!c.read_request()) return;
        c.send("HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n");
        while (c.send("x") && c.pause(50)) {
        }
    });
    auto s = settings(server, 1000);
    s.deadline_ms = 1500;
    HttpClient http(s);
    const auto t0 = Clock::now();
    const auto r = http.request("GET", "/api/resources/CliFor");
    EXPECT_LT(seconds_since(t0), 4.0);
    EXPECT_TRUE(r.transport_failed());
    EXPECT_NE(r.exchange.error.find("no whole answer within 1500 ms"), std::string::npos) << r.exchange.error;
    EXPECT_EQ(http.requests_sent(), 1) << "a request cut at its deadline is not sent again";
}

TEST(HttpClient, EndlessHeadersAreCutBeforeTheyFillMemory) {
    RawServer server([](RawConnection& c) {
        if (!c.read_request()) return;
        c.send("HTTP/1.1 200 OK\r\n");
        const std::string line = "X-Filler: " + std::string(4000, 'a') + "\r\n";
        while (c.send(line)) {
        }
    });
    HttpClient http(settings(server, 5000));
    const auto r = http.request("GET", "/api/resources/CliFor");
    EXPECT_TRUE(r.transport_failed());
    EXPECT_NE(r.exchange.error.find("response headers larger than"), std::string::npos) << r.exchange.error;
    EXPECT_EQ(http.requests_sent(), 1);
}

TEST(HttpClient, AnOversizedAnswerIsAVerdictNotARetry) {
    RawServer server([](RawConnection& c) {
        if (!c.read_request()) return;
        c.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 67108864\r\n\r\n");
        const std::string chunk(65536, ' ');
        while (c.send(chunk)) {
        }
    });
    expect_cut_at_one_mib(server, "response larger than 1048576 bytes");
    EXPECT_EQ(server.connections(), 1);
}

TEST(HttpClient, AGzipBombIsCutOnceDecompressed) {
    const std::string bomb = gzip(std::string(64u * 1024 * 1024, '['));  // ~64 KiB on the wire
    RawServer server([&bomb](RawConnection& c) {
        if (!c.read_request()) return;
        c.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: " +
               std::to_string(bomb.size()) + "\r\n\r\n" + bomb);
        c.pause(5000);
    });
    expect_cut_at_one_mib(server, "once decompressed");
}

TEST(HttpClient, ATargetClosingBeforeReadingALargeBodyEndsTheRequestNotTheProcess) {
    ignore_sigpipe();  // what every run does first (run_checks); without it this test dies of SIGPIPE
    RawServer server([](RawConnection& c) {
        if (!c.read_head()) return;
        c.send("HTTP/1.1 413 Payload Too Large\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        c.reset();
    });
    HttpClient http(settings(server));
    const auto r =
        http.request("POST", "/api/sync/CliFor", {}, std::string(16u * 1024 * 1024, 'x'), "application/json");
    EXPECT_TRUE(r.status == 413 || r.transport_failed()) << r.status;
    if (r.transport_failed()) {
        EXPECT_FALSE(r.exchange.error.empty());
    }
    EXPECT_EQ(http.requests_sent(), 1) << "a write is never repeated";
}

/// A server answering 429 with `retry_after` to every request.
RawServer throttling(const std::string& retry_after) {
    return RawServer([retry_after](RawConnection& c) {
        while (c.read_request())
            if (!c.send(http_response(429, "{}", "Retry-After: " + retry_after + "\r\n"))) return;
    });
}

TEST(HttpClient, AShortRetryAfterIsWaitedEachTry) {
    auto server = throttling("0");
    RunLimits limits;
    HttpClient http(settings(server), &limits);
    EXPECT_EQ(http.request("GET", "/api/resources/CliFor").status, 429);
    EXPECT_EQ(http.requests_sent(), 4) << "three tries again";
    EXPECT_EQ(limits.throttled_count(), 4);
    EXPECT_FALSE(limits.stopped());
}

TEST(HttpClient, OnlyTheChecksOwnClientBringsItsUrgencyDown) {
    auto server = throttling("0");
    RunLimits limits;
    const auto urgency = std::make_shared<Urgency>(1000, 20);
    HttpClient own(settings(server), &limits), lane(settings(server), &limits);
    own.set_urgency(urgency, true);
    lane.set_urgency(urgency, false);
    lane.request("GET", "/api/resources/CliFor");
    EXPECT_EQ(urgency->priority(), Urgency(1000, 20).priority()) << "a lane's requests are not the check's chain";
    own.request("GET", "/api/resources/CliFor");
    EXPECT_EQ(urgency->priority(), Urgency(1000, 16).priority()) << "four tries of its own, four round trips";
}

TEST(HttpClient, ALongRetryAfterIsWaitedOnceARunThenStopsIt) {
    auto server = throttling("1");
    auto s = settings(server);
    s.max_retry_after_ms = 100;  // so that 1 s is a long wait here
    RunLimits limits;
    HttpClient http(s, &limits);
    const auto t0 = Clock::now();
    EXPECT_EQ(http.request("GET", "/api/resources/CliFor").status, 429);
    EXPECT_GE(seconds_since(t0), 0.9) << "the wait it asked for, once";
    EXPECT_LT(seconds_since(t0), 3.0);
    EXPECT_EQ(http.requests_sent(), 2);
    ASSERT_TRUE(limits.stopped());
    EXPECT_NE(limits.stopped()->find("asks to wait 1 s (Retry-After: 1) again"), std::string::npos)
        << *limits.stopped();
    EXPECT_EQ(http.request("GET", "/api/resources/CliFor").transport_failed(), true) << "a stopped run sends nothing";
}

TEST(HttpClient, ARetryAfterLongerThanTheRunHasLeftStopsItAtOnce) {
    auto server = throttling("30");
    RunLimits limits;
    limits.set_deadline(Clock::now() + std::chrono::seconds(5));
    HttpClient http(settings(server), &limits);
    const auto t0 = Clock::now();
    EXPECT_EQ(http.request("GET", "/api/resources/CliFor").status, 429);
    EXPECT_LT(seconds_since(t0), 1.0);
    ASSERT_TRUE(limits.stopped());
    EXPECT_NE(limits.stopped()->find("longer than the run has left"), std::string::npos) << *limits.stopped();
}

TEST(HttpClient, WithoutARunARetryAfterIsBounded) {
    auto server = throttling("30");
    auto s = settings(server);
    s.max_retry_after_ms = 100;
    HttpClient http(s, nullptr);
    const auto t0 = Clock::now();
    EXPECT_EQ(http.request("GET", "/api/resources/CliFor").status, 429);
    EXPECT_LT(seconds_since(t0), 3.0);
    EXPECT_EQ(http.requests_sent(), 4);
}

TEST(HttpClient, TheRunDeadlineCutsARequestInFlightAndSendsNoMore) {
    RawServer server([](RawConnection& c) {
        if (c.read_request()) c.pause(60000);  // never answers
    });
    RunLimits limits;
    limits.set_deadline(Clock::now() + std::chrono::milliseconds(300));
    HttpClient http(settings(server, 20000), &limits);
    const auto t0 = Clock::now();
    const auto r = http.request("GET", "/api/resources/CliFor");
    EXPECT_LT(seconds_since(t0), 3.0);
    EXPECT_NE(r.exchange.error.find("the run's time limit"), std::string::npos) << r.exchange.error;
    const auto again = http.request("GET", "/api/resources/CliFor");
    EXPECT_NE(again.exchange.error.find("not sent"), std::string::npos) << again.exchange.error;
    EXPECT_EQ(http.requests_sent(), 1);
}

TEST(HttpClient, KnownSecretsAreScrubbedWhereverTheTargetEchoesThem) {
    // Echoes the request back: in a header, in the body (raw, and as a JSON string), in an error message.
    RawServer server([](RawConnection& c) {
        while (const auto request = c.read_request()) {
            const std::string echo = nlohmann::json({{"Message", "you sent: " + *request}}).dump();
            const auto auth = request->find("Authorization: ");
            const std::string header =
                auth == std::string::npos
                    ? ""
                    : "X-Echo: " + request->substr(auth + 15, request->find("\r\n", auth) - auth - 15) + "\r\n";
            if (!c.send(http_response(400, echo + "\n" + *request, header))) return;
        }
    });
    const std::string password = "pa ss\"w0rd/1";
    const std::string token = "tok-9f8e7d6c5b4a";
    RunLimits limits;
    limits.add_secret(password);
    limits.add_secret(token);
    HttpClient http(settings(server), &limits);
    const auto r = http.request("POST", "/Token?pw=pa%20ss%22w0rd%2F1", {{"Authorization", "Bearer " + token}},
                                "user=w&pw=" + password, "application/x-www-form-urlencoded");
    ASSERT_EQ(r.status, 400);
    const auto all = [](const Exchange& e) {
        std::string text = e.url + e.request_body + e.response_body + e.error;
        for (const auto& [k, v] : e.request_headers) text += k + v;
        for (const auto& [k, v] : e.response_headers) text += k + v;
        return text;
    };
    const std::string shown = all(r.exchange);
    for (const std::string& secret :
         {password, token, std::string("pa%20ss%22w0rd%2F1"), std::string(R"(pa ss\"w0rd/1)")})
        EXPECT_EQ(shown.find(secret), std::string::npos) << secret << " in " << shown;
    EXPECT_NE(shown.find("<redacted>"), std::string::npos);
    EXPECT_NE(r.body.find(token), std::string::npos) << "the check itself still reads the body as it came";
}

TEST(HttpClient, ARefusedConnectionSaysWhatFailedAndWhatToTry) {
    int port = 0;
    {
        RawServer gone([](RawConnection&) {});
        port = gone.port();
    }
    HttpSettings s;
    s.base_url = "http://127.0.0.1:" + std::to_string(port);
    s.timeout_ms = 1000;
    HttpClient http(s);
    const auto r = http.request("GET", "/Token");
    EXPECT_TRUE(r.transport_failed());
    EXPECT_NE(r.exchange.error.find("could not connect to http://127.0.0.1:" + std::to_string(port)), std::string::npos)
        << r.exchange.error;
    EXPECT_NE(r.exchange.error.find("base_url"), std::string::npos) << r.exchange.error;
}

TEST(Tokens, ATokenThatWouldAddHeadersIsRefusedAndNeverShown) {
    RawServer server([](RawConnection& c) {
        while (c.read_request())
            if (!c.send(http_response(200, R"({"access_token": "abcd1234\r\nX-Injected: 1", "token_type": "bearer"})")))
                return;
    });
    TargetConfig target;
    target.base_url = server.base_url();
    target.users["writer"] = UserCredentials{"w", "secret-pw", {}};
    RunLimits limits;
    HttpClient http(settings(server), &limits);
    try {
        request_token(http, target, target.users["writer"]);
        FAIL() << "a token with CR/LF was accepted";
    } catch (const TokenError& e) {
        EXPECT_NE(std::string(e.what()).find("cannot go in an Authorization header"), std::string::npos) << e.what();
    }
    EXPECT_EQ(limits.scrub("abcd1234\r\nX-Injected: 1"), "<redacted>");
}

}  // namespace
}  // namespace bds::client

namespace bds::client {
namespace {

TEST(RunLimits, ScrubRedactsEveryByteOfEverySecretInEveryFormOverlapsIncluded) {
    RunLimits limits;
    limits.add_secret("abc");  // too short to take: it would blank out ordinary words
    limits.add_secret("s3cr\"t/pw");
    limits.add_secret("xxyyzz");
    limits.add_secret("yyzz-tail");
    EXPECT_EQ(limits.scrub("no secret here, abc"), "no secret here, abc");
    EXPECT_EQ(limits.scrub("p=s3cr%22t%2Fpw&q={\"v\":\"s3cr\\\"t/pw\"} s3cr\"t/pw."),
              "p=<redacted>&q={\"v\":\"<redacted>\"} <redacted>.");
    // Two secrets overlapping: neither's bytes may show, whichever is found first.
    EXPECT_EQ(limits.scrub("[xxyyzz-tail]"), "[<redacted>]");
    EXPECT_EQ(limits.scrub("xxyyzz"), "<redacted>");
}

TEST(RunLimits, ScrubRedactsASecretAsTheClientEncodesIt) {
    // A space and a '!': encoders differ on the '!' (RFC 3986 leaves it to the sender), so only the one the client
    // sends with (a token request's form body, a query) shows what a report could hold.
    const std::string password = "correct horse battery!";
    RunLimits limits;
    limits.add_secret(password);
    const std::string sent = "grant_type=password&password=" + url_encoded(password);
    EXPECT_EQ(limits.scrub(sent), "grant_type=password&password=<redacted>");
}

}  // namespace
}  // namespace bds::client
