// The suites against the reference stub (every MUST and SHOULD passes, whatever its incidental settings),
// and against a proxy that breaks one rule (the check of that rule fails, and only a failure, not an error).
#include <gtest/gtest.h>

#include <atomic>
#include <regex>
#include <sstream>
#include <thread>

#include "catalogue/catalogue.hpp"
#include "bundled/embedded_stub.hpp"
#include "client/in_flight.hpp"
#include "run/proxy_fixture.hpp"
#include "run/suite_fixture.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

using test::Broken;

struct StubConfig {
    std::string name;
    std::string choices;  ///< as `conformance stub --choose` takes them
};

class FaithfulStub : public ::testing::TestWithParam<StubConfig> {};

TEST_P(FaithfulStub, EveryMustAndShouldCheckPasses) {
    const Catalogue cat = builtin_catalogue();
    stub::StubOptions options;
    stub::apply_choices(options.choices, GetParam().choices);
    auto stub = bundled::start_embedded_stub(cat, options);
    const auto result = test::run_all(cat, stub.target, {}, 2);
    test::expect_clean(result);
    EXPECT_EQ(result.must_failures(), 0);
    EXPECT_GT(result.requests, 100);
    // Everything written is logically deleted at the end.
    EXPECT_GT(result.records_written, 0u);
    const auto notes = test::trouble_notes(result);
    EXPECT_TRUE(notes.empty()) << notes.front();
}

// Deliberately different but correct servers: the checks must not be tuned to one set of incidental choices.
INSTANTIATE_TEST_SUITE_P(Configurations, FaithfulStub,
                         ::testing::Values(StubConfig{"object_ci", ""},
                                           StubConfig{"header_cs_short_tokens", "A-07=header,A-17=cs,A-03=3s"},
                                           StubConfig{"row_ci", "A-07=row"}),
                         [](const auto& info) { return info.param.name; });

/// The stub stopped 0.7 s from now, a few requests into a run.
std::thread stopped_later(bundled::EmbeddedStub& stub) {
    return std::thread([&stub] {
        std::this_thread::sleep_for(std::chrono::milliseconds(700));
        stub.server->stop();
    });
}

TEST(Verdicts, ATargetThatStopsAnsweringMidRunIsIncompleteNeverAPass) {
    // The stub killed a few seconds into a run printed "0 MUST failures" and exited 0.
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    stub.target.timeout_ms = 500;
    std::thread killer = stopped_later(stub);
    const auto result = test::run_all(cat, stub.target, {"AUTH", "ACC", "PAG", "SYN"});
    killer.join();
    EXPECT_EQ(result.must_failures(), 0) << "no answer is never a broken rule\n" << test::describe(result);
    EXPECT_EQ(result.verdict(), run::Verdict::Incomplete) << test::describe(result);
    EXPECT_FALSE(result.undecided().empty());
    for (const auto& r : result.results) {
        if (r.outcome != run::Outcome::Error) continue;
        EXPECT_EQ(r.error_source, run::ErrorSource::Target) << r.id << ": " << r.reason;
    }
}

TEST(Verdicts, ARunStopsWhenTheTargetStopsAnsweringAndSaysWhy) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    stub.target.timeout_ms = 500;
    std::thread killer = stopped_later(stub);
    const auto t0 = std::chrono::steady_clock::now();
    const auto result = test::run_all(cat, stub.target);
    killer.join();
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(20))
        << "every check waiting out its timeouts";
    EXPECT_NE(result.stopped.find("stopped answering"), std::string::npos) << result.stopped;
    EXPECT_EQ(result.verdict(), run::Verdict::Incomplete) << test::describe(result);
    const auto not_run = std::count_if(result.results.begin(), result.results.end(), [&](const run::CheckResult& r) {
        return r.reason == "not run: " + result.stopped;
    });
    EXPECT_GT(not_run, 0) << "the checks after the stop are not run, and say why";
    for (const auto& r : result.results)
        if (r.outcome == run::Outcome::Skip && r.reason.starts_with("not run")) {
            EXPECT_EQ(r.reason, "not run: " + result.stopped) << r.id;
        }
}

TEST(Verdicts, ATargetThatAnswers500ToMalformedInputIsNotStopped) {
    // The robustness checks provoke it on purpose (a SHOULD finding): one check's answers are no dead target.
    const Catalogue cat = builtin_catalogue();
    stub::StubOptions options;
    options.defect = stub::Defect::named("malformed-json-500");
    auto stub = bundled::start_embedded_stub(cat, options);
    const auto result = test::run_all(cat, stub.target, {"ROB", "SYN-01", "FIL-09"});
    EXPECT_EQ(result.stopped, "") << test::describe(result);
    EXPECT_TRUE(result.undecided().empty()) << test::describe(result);
}

TEST(Verdicts, RootCausesComeFirst) {
    // Once, the one defect page-number-from-zero gave 17 MUST failures across 8 suites; only PAG-03 names it.
    const Catalogue cat = builtin_catalogue();
    stub::StubOptions options;
    options.defect = stub::Defect::named("page-number-from-zero");
    auto stub = bundled::start_embedded_stub(cat, options);
    const auto result = test::run_all(cat, stub.target, {"PAG-03", "SYN-01", "CHG-02", "ACC-01"});
    EXPECT_EQ(test::result_of(result, "PAG-03").outcome, run::Outcome::Fail);
    EXPECT_TRUE(test::result_of(result, "PAG-03").caused_by.empty()) << "the root cause";
    for (const char* id : {"SYN-01", "CHG-02"}) {
        const auto& r = test::result_of(result, id);
        if (r.outcome != run::Outcome::Fail && r.outcome != run::Outcome::Error) continue;
        EXPECT_EQ(r.caused_by, std::vector<std::string>{"PAG-03"}) << id;
    }
    EXPECT_EQ(test::result_of(result, "ACC-01").outcome, run::Outcome::Pass);
}

bool has_bearer(const httplib::Request& req) { return req.has_header("Authorization"); }

TEST(AuthChecks, ReadsWithoutATokenAnswered200FailAuth03) {
    Broken b([](const httplib::Request& req, httplib::Response& res) {
        if (has_bearer(req) || req.path.rfind("/api/resources/", 0) != 0) return false;
        res.status = 200;
        res.set_content(R"({"TotalRowsCount":0,"Records":[]})", "application/json");
        return true;
    });
    const auto result = test::run_all(b.cat, b.target, {"AUTH-03"});
    EXPECT_EQ(test::result_of(result, "AUTH-03").outcome, run::Outcome::Fail);
    const auto clean = test::run_all(b.cat, b.stub.target, {"AUTH-03"});
    EXPECT_EQ(test::result_of(clean, "AUTH-03").outcome, run::Outcome::Pass) << test::describe(clean);
}

TEST(AuthChecks, A401WithoutTheBearerChallengeFailsAuth09) {
    const auto r = test::result_under_defect("no-www-authenticate", "AUTH-09");
    EXPECT_EQ(r.outcome, run::Outcome::Fail);
    EXPECT_EQ(r.level, Level::Should);
    EXPECT_EQ(r.findings.size(), 2u) << "without a token and with an unknown one";
}

TEST(AuthChecks, AForgedTokenAcceptedFailsAuth05) {
    // The proxy swaps any token it does not know for a valid one: forged tokens are "accepted".
    auto valid = std::make_shared<std::string>();
    Broken b({}, {}, {});
    b.proxy = std::make_unique<test::BreakingProxy>(
        b.stub.server->base_url(), test::BreakingProxy::Before{}, test::BreakingProxy::After{},
        [valid, url = b.stub.server->base_url()](std::string&, httplib::Headers& headers, std::string&) {
            auto it = headers.find("Authorization");
            if (it == headers.end() || it->second.rfind("Bearer ", 0) != 0 || it->second.size() < 20) return;
            if (valid->empty()) {
                httplib::Client c(url);
                auto r = c.Post("/Token", "grant_type=password&username=writer&password=writer-pw",
                                "application/x-www-form-urlencoded");
                *valid = nlohmann::json::parse(r->body)["access_token"];
            }
            it->second = "Bearer " + *valid;
        });
    b.target.base_url = b.proxy->base_url();
    const auto result = test::run_all(b.cat, b.target, {"AUTH-05"});
    EXPECT_EQ(test::result_of(result, "AUTH-05").outcome, run::Outcome::Fail) << test::describe(result);
}

TEST(AccessChecks, ResourceNamesMatchedWithoutCaseFailAcc02) {
    const Catalogue cat = builtin_catalogue();
    Broken b({}, {}, [&cat](std::string& target, httplib::Headers&, std::string&) {
        static const std::regex resource(R"(^/api/resources/([A-Za-z]+)(.*)$)");
        std::smatch m;
        if (!std::regex_match(target, m, resource)) return;
        // Copied out: assigning `target` invalidates the match.
        const std::string name = m[1].str(), rest = m[2].str();
        for (const Record* r : cat.resources()) {
            std::string a = r->name, b = name;
            std::transform(a.begin(), a.end(), a.begin(), ::tolower);
            std::transform(b.begin(), b.end(), b.begin(), ::tolower);
            if (a == b) target = "/api/resources/" + r->name + rest;
        }
    });
    const auto result = test::run_all(b.cat, b.target, {"ACC-01", "ACC-02"});
    EXPECT_EQ(test::result_of(result, "ACC-02").outcome, run::Outcome::Fail) << test::describe(result);
    EXPECT_EQ(test::result_of(result, "ACC-01").outcome, run::Outcome::Pass) << test::describe(result);
}

TEST(AccessChecks, StoricoDocumentiRAcceptingAWriteIsNoReadOnlyView) {
    // Only the MCP views and MCPResources are read-only (000 §4.4); StoricoDocumentiR lists no POST, but nothing
    // says it refuses one: a server taking it passes ACC-05.
    Broken b([](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "POST" || req.path != "/api/sync/StoricoDocumentiR") return false;
        res.status = 200;
        res.set_content(R"({"accepted":1})", "application/json");
        return true;
    });
    const auto result = test::run_all(b.cat, b.target, {"ACC-05"});
    EXPECT_EQ(test::result_of(result, "ACC-05").outcome, run::Outcome::Pass) << test::describe(result);
}

TEST(AccessChecks, AnUnknownResourceAnswered200FailsAcc01) {
    Broken b([](const httplib::Request& req, httplib::Response& res) {
        if (req.path != "/api/resources/NoSuchResource") return false;
        res.status = 200;
        res.set_content(R"({"TotalRowsCount":0,"Records":[]})", "application/json");
        return true;
    });
    EXPECT_EQ(test::result_of(test::run_all(b.cat, b.target, {"ACC-01"}), "ACC-01").outcome, run::Outcome::Fail);
}

TEST(PaginationChecks, TotalRowsCountOfThePageFailsPag01) {
    Broken b({}, [](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "GET" || req.path.rfind("/api/resources/", 0) != 0 || res.status != 200) return;
        auto doc = nlohmann::json::parse(res.body);
        doc["TotalRowsCount"] = doc["Records"].size();
        res.body = doc.dump();
    });
    const auto result = test::run_all(b.cat, b.target, {"PAG-01"});
    const auto& pag = test::result_of(result, "PAG-01");
    ASSERT_EQ(pag.outcome, run::Outcome::Fail) << test::describe(result);
    // The property shrank to a small page size, and says so.
    EXPECT_NE(pag.findings.front().expected.find("TotalRowsCount"), std::string::npos) << test::describe(result);
    EXPECT_FALSE(pag.findings.front().counterexample.empty());
}

TEST(PaginationChecks, PagesCountedFromZeroFailPag01AndPag03) {
    Broken b({}, {}, [](std::string& target, httplib::Headers&, std::string&) {
        static const std::regex number(R"(PageNumber=(\d+))");
        std::smatch m;
        if (std::regex_search(target, m, number))
            target = m.prefix().str() + "PageNumber=" + std::to_string(std::stoi(m[1].str()) + 1) + m.suffix().str();
    });
    const auto result = test::run_all(b.cat, b.target, {"PAG-01", "PAG-03"});
    EXPECT_EQ(test::result_of(result, "PAG-01").outcome, run::Outcome::Fail) << test::describe(result);
    EXPECT_EQ(test::result_of(result, "PAG-03").outcome, run::Outcome::Fail) << test::describe(result);
}

using test::answer;

TEST(AuthChecks, AUserRefusedATokenFailsAuth01) {
    Broken b([](const httplib::Request& req, httplib::Response& res) {
        if (req.path != "/Token" || req.body.find("username=reader") == std::string::npos) return false;
        res.status = 400;
        res.set_content(R"({"error":"invalid_grant"})", "application/json");
        return true;
    });
    EXPECT_EQ(test::result_of(test::run_all(b.cat, b.target, {"AUTH-01"}), "AUTH-01").outcome, run::Outcome::Fail);
}

TEST(AuthChecks, TokenInfoRefusedFailsAuth02) {
    Broken b(answer("GET", "/api/Account/TokenInfo", 404, "{}"));
    EXPECT_EQ(test::result_of(test::run_all(b.cat, b.target, {"AUTH-02"}), "AUTH-02").outcome, run::Outcome::Fail);
}

TEST(AuthChecks, ATokenWithoutTheBearerSchemeAcceptedFailsAuth04) {
    Broken b({}, {}, [](std::string&, httplib::Headers& headers, std::string&) {
        auto it = headers.find("Authorization");
        if (it != headers.end() && it->second.rfind("Bearer ", 0) != 0 && it->second.size() > 20)
            it->second =
                "Bearer " + it->second.substr(it->second.find(' ') == std::string::npos ? 0 : it->second.find(' ') + 1);
    });
    EXPECT_EQ(test::result_of(test::run_all(b.cat, b.target, {"AUTH-04"}), "AUTH-04").outcome, run::Outcome::Fail);
}

TEST(AuthChecks, AnExpiredTokenAcceptedFailsAuth06) {
    // Short-lived tokens, and a proxy that swaps every token for a fresh one: expired tokens "work".
    stub::StubOptions options;
    options.token_ttl = std::chrono::seconds(2);
    Broken b({}, {}, {}, options);
    b.proxy = std::make_unique<test::BreakingProxy>(
        b.stub.server->base_url(), test::BreakingProxy::Before{}, test::BreakingProxy::After{},
        [url = b.stub.server->base_url()](std::string&, httplib::Headers& headers, std::string&) {
            auto it = headers.find("Authorization");
            if (it == headers.end() || it->second.rfind("Bearer ", 0) != 0 || it->second.size() < 20) return;
            httplib::Client c(url);
            auto r = c.Post("/Token", "grant_type=password&username=writer&password=writer-pw",
                            "application/x-www-form-urlencoded");
            it->second = "Bearer " + nlohmann::json::parse(r->body)["access_token"].get<std::string>();
        });
    b.target.base_url = b.proxy->base_url();
    const auto result = test::run_all(b.cat, b.target, {"AUTH-06"});
    EXPECT_EQ(test::result_of(result, "AUTH-06").outcome, run::Outcome::Fail) << test::describe(result);
}

TEST(AuthChecks, ATokenForAWrongPasswordFailsAuth07) {
    Broken b({}, {}, [](std::string& target, httplib::Headers&, std::string& body) {
        const std::string wrong = "password=writer-pw-wrong";
        if (target == "/Token" && body.find(wrong) != std::string::npos)
            body.replace(body.find(wrong), wrong.size(), "password=writer-pw");
    });
    EXPECT_EQ(test::result_of(test::run_all(b.cat, b.target, {"AUTH-07"}), "AUTH-07").outcome, run::Outcome::Fail);
}

TEST(AccessChecks, AResourceOutsideTheUsersListServedFailsAcc03) {
    // The server lets "limited" use everything, while the target file says it may use only some resources.
    stub::StubOptions options;
    for (auto& u : options.users)
        if (u.username == "limited") u.resources = {"*"};
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, options);
    auto target = stub.target;
    target.users[client::kLimited] = {"limited", "limited-pw", {"CliFor", "MCPArticoli", "MCPResources"}};
    EXPECT_EQ(test::result_of(test::run_all(cat, target, {"ACC-03"}), "ACC-03").outcome, run::Outcome::Fail);
}

TEST(AccessChecks, AReadOnlyUserAllowedToWriteFailsAcc04) {
    stub::StubOptions options;
    for (auto& u : options.users)
        if (u.username == "reader") u.can_write = true;
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, options);
    auto target = stub.target;
    target.users[client::kReader] = {"reader", "reader-pw", {}};
    EXPECT_EQ(test::result_of(test::run_all(cat, target, {"ACC-04"}), "ACC-04").outcome, run::Outcome::Fail);
}

TEST(AccessChecks, AWriteOnAViewAcceptedFailsAcc05) {
    Broken b(answer("POST", "/api/sync/MCPClienti", 200, R"({"accepted":1})"));
    EXPECT_EQ(test::result_of(test::run_all(b.cat, b.target, {"ACC-05"}), "ACC-05").outcome, run::Outcome::Fail);
}

TEST(AccessChecks, GetSyncOfAnUnknownResourceAnswered200FailsAcc06) {
    Broken b(answer("GET", "/api/sync/NoSuchResource", 200, R"({"TotalRowsCount":0,"Records":[]})"));
    EXPECT_EQ(test::result_of(test::run_all(b.cat, b.target, {"ACC-06"}), "ACC-06").outcome, run::Outcome::Fail);
}

TEST(PaginationChecks, ARowDroppedFromEveryPageFailsPag02) {
    Broken b({}, [](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "GET" || req.path != "/api/resources/CondPagam" || res.status != 200 ||
            !req.has_param("PageNumber"))
            return;
        auto doc = nlohmann::json::parse(res.body);
        if (doc["Records"].size() > 1) doc["Records"].erase(doc["Records"].size() - 1);
        res.body = doc.dump();
    });
    const auto result = test::run_all(b.cat, b.target, {"PAG-02"});
    EXPECT_EQ(test::result_of(result, "PAG-02").outcome, run::Outcome::Fail) << test::describe(result);
}

TEST(Runner, ATargetThatStopsAnsweringIsAnErrorNotAFailure) {
    Broken b([](const httplib::Request& req, httplib::Response&) {
        if (req.path.rfind("/api/resources/", 0) == 0) std::this_thread::sleep_for(std::chrono::milliseconds(700));
        return false;
    });
    b.target.timeout_ms = 300;
    const auto result = test::run_all(b.cat, b.target, {"PAG-03"});
    EXPECT_EQ(test::result_of(result, "PAG-03").outcome, run::Outcome::Error) << test::describe(result);
    EXPECT_NE(test::result_of(result, "PAG-03").reason.find("timeout"), std::string::npos)
        << test::result_of(result, "PAG-03").reason;
}

TEST(Runner, ATokenRefusedIsNoTokenAndNoAnswerIsUnreachable) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    auto target = stub.target;
    target.users[client::kWriter].password = "wrong";
    EXPECT_THROW(test::run_all(cat, target, {"AUTH-01"}), run::NoToken) << "it answered: a configuration to fix";
    target = stub.target;
    target.users.clear();
    EXPECT_THROW(test::run_all(cat, target, {"AUTH-01"}), run::NoToken) << "no user to ask a token for";
    stub.server->stop();
    target = stub.target;
    target.timeout_ms = 300;
    EXPECT_THROW(test::run_all(cat, target, {"AUTH-01"}), run::Unreachable);
}

TEST(Runner, WaitsForATargetThatIsStillStarting) {
    const Catalogue cat = builtin_catalogue();
    stub::StubOptions options;
    options.port = 0;
    auto stub = bundled::start_embedded_stub(cat, options);
    const auto target = stub.target;
    stub.server->stop();
    // The same port again after a second: the run waits for it.
    const int port = stub.server->port();
    std::thread later([&] {
        std::this_thread::sleep_for(std::chrono::seconds(1));
        stub::StubOptions again;
        again.port = port;
        stub.server = std::make_unique<stub::StubServer>(cat, again);
        stub.server->start();
    });
    run::RunOptions wait;
    wait.wait_for_target_s = 20;
    const auto result = run::run_checks(cat, target, select_checks(all_checks(), {}, {"AUTH-01"}), wait);
    later.join();
    EXPECT_EQ(test::result_of(result, "AUTH-01").outcome, run::Outcome::Pass) << test::describe(result);
}

TEST(Runner, MaxFailuresSkipsTheChecksNotStarted) {
    // Every request is answered 200: AUTH-03 fails first, and the run stops starting checks.
    Broken b([](const httplib::Request& req, httplib::Response& res) {
        if (req.path == "/Token") return false;
        res.status = 200;
        res.set_content(R"({"TotalRowsCount":0,"Records":[]})", "application/json");
        return true;
    });
    run::RunOptions options;
    options.max_failures = 1;
    options.seed = 1;
    const auto result =
        run::run_checks(b.cat, b.target, select_checks(all_checks(), {}, {"AUTH-03", "AUTH-04", "AUTH-05"}), options);
    EXPECT_EQ(test::result_of(result, "AUTH-03").outcome, run::Outcome::Fail) << test::describe(result);
    for (const char* id : {"AUTH-04", "AUTH-05"}) {
        EXPECT_EQ(test::result_of(result, id).outcome, run::Outcome::Skip) << id;
        EXPECT_TRUE(test::result_of(result, id).skip_chosen) << id;
        EXPECT_NE(test::result_of(result, id).reason.find("--max-failures 1"), std::string::npos);
    }
    EXPECT_EQ(result.verdict(), run::Verdict::Fail);
}

TEST(Runner, ReadOnlySkipsWritingChecksWithTheReason) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    auto target = stub.target;
    target.read_only = true;
    const auto result = test::run_all(cat, target, {"PAG-01", "PAG-02"});
    EXPECT_EQ(test::result_of(result, "PAG-01").outcome, run::Outcome::Skip);
    EXPECT_NE(test::result_of(result, "PAG-01").reason.find("read-only"), std::string::npos);
    EXPECT_EQ(result.records_written, 0u);
}

TEST(Runner, MissingUsersSkipTheChecksThatNeedThem) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    auto target = stub.target;
    target.users.erase(client::kReader);
    target.users.erase(client::kLimited);
    const auto result = test::run_all(cat, target, {"ACC-03", "ACC-04"});
    EXPECT_EQ(test::result_of(result, "ACC-03").outcome, run::Outcome::Skip);
    EXPECT_NE(test::result_of(result, "ACC-04").reason.find("reader"), std::string::npos);
}

TEST(Runner, AWaitingCheckLetsItsResourcesGoWhileItWaits) {
    // One job: the writer on CliFor runs during the waiting check's wait, which holds CliFor before and after it.
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    std::atomic<bool> written{false};
    const Check waiting{
        .id = "ZZZ-01",
        .title = "waits",
        .resources = {"CliFor"},
        .waits = true,
        .run =
            [&](Context& ctx) {
                ctx.wait_for(std::chrono::milliseconds(500));
                if (!written) ctx.fail({.expected = "the writer ran while this check waited", .actual = "it had not"});
            },
        .suite = "zzz"};
    const Check writer{.id = "ZZZ-02",
                       .title = "writes",
                       .resources = {"CliFor"},
                       .writes = true,
                       .run = [&](Context&) { written = true; },
                       .suite = "zzz"};
    const auto result = run::run_checks(cat, stub.target, {waiting, writer}, run::RunOptions{});
    EXPECT_EQ(test::result_of(result, "ZZZ-01").outcome, run::Outcome::Pass) << test::describe(result);
    EXPECT_EQ(test::result_of(result, "ZZZ-02").outcome, run::Outcome::Pass);
}

TEST(Runner, AgainstAFarTargetTheLongestChainsStartFirst) {
    // One job: the run ends when its longest chain does, so against a far target (answers slower than kFarAnswers,
    // as the `first` check's showed) the checks start by their chains, longest first, equal ones in the table's order;
    // near, in the table's.
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    test::BreakingProxy far(stub.target.base_url, [](const httplib::Request&, httplib::Response&) {
        std::this_thread::sleep_for(client::InFlight::kFarAnswers + std::chrono::milliseconds(10));
        return false;
    });
    for (const bool is_far : {true, false}) {
        std::vector<std::string> started;
        auto check = [&](std::string id, int chain) {
            return Check{.id = id,
                         .title = "records when it starts",
                         .chain = chain,
                         .run = [&started, id](Context&) { started.push_back(id); },
                         .suite = "zzz"};
        };
        const Check asks{.id = "ZZZ-00",
                         .title = "asks first",
                         .first = true,
                         .run =
                             [](Context& ctx) {
                                 (void)ctx.api.list(client::kWriter, "CliFor", {std::nullopt, 1, 1});
                             },
                         .suite = "zzz"};
        auto target = stub.target;
        if (is_far) target.base_url = far.base_url();
        const auto result = run::run_checks(
            cat, target, {asks, check("ZZZ-01", 0), check("ZZZ-02", 12), check("ZZZ-03", 0), check("ZZZ-04", 40)},
            run::RunOptions{});
        const std::vector<std::string> want = is_far ? std::vector<std::string>{"ZZZ-04", "ZZZ-02", "ZZZ-01", "ZZZ-03"}
                                                     : std::vector<std::string>{"ZZZ-01", "ZZZ-02", "ZZZ-03", "ZZZ-04"};
        EXPECT_EQ(started, want) << (is_far ? "far: " : "near: ") << test::describe(result);
    }
}

TEST(Runner, AValueKeptByACheckIsMadeOnceAndAskedForWithItsOwnType) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    int made = 0;
    const Check keeps{.id = "ZZZ-01",
                      .title = "keeps",
                      .run =
                          [&](Context& ctx) {
                              for (int i = 0; i < 3; ++i)
                                  if (ctx.kept<int>("n", [&] { return ++made; }) != 1)
                                      ctx.fail({.expected = "the first value", .actual = "another"});
                          },
                      .suite = "zzz"};
    const Check mistyped{.id = "ZZZ-02",
                         .title = "asks for another type",
                         .run =
                             [](Context& ctx) {
                                 ctx.kept<int>("n", [] { return 1; });
                                 ctx.kept<std::string>("n", [] { return std::string("x"); });
                             },
                         .suite = "zzz"};
    const auto result = run::run_checks(cat, stub.target, {keeps, mistyped}, run::RunOptions{});
    EXPECT_EQ(test::result_of(result, "ZZZ-01").outcome, run::Outcome::Pass) << test::describe(result);
    EXPECT_EQ(made, 1);
    EXPECT_EQ(test::result_of(result, "ZZZ-02").outcome, run::Outcome::Error) << "a harness fault, never the server's";
}

TEST(Runner, ACheckJudgingCellsOneByOneTakesItsOutcomeFromThem) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    using Cell = std::function<void(Context&)>;
    const Cell pass = [](Context&) {}, fail = [](Context&ctx) { ctx.fail({.expected = "403", .actual = "200"}); },
               skip = [](Context&ctx) { ctx.skip("no template"); },
               error = [](Context&) { throw CheckError("no answer"); };
    const auto with = [&](std::vector<Cell> cells) {
        const Check check{.id = "ZZZ-01",
                          .title = "cells",
                          .run =
                              [&](Context& ctx) {
                                  for (std::size_t i = 0; i < cells.size(); ++i)
                                      ctx.cell("rule", "endpoint-" + std::to_string(i), [&] { cells[i](ctx); });
                              },
                          .suite = "zzz"};
        return run::run_checks(cat, stub.target, {check}, run::RunOptions{}).results.front();
    };
    // A failure ends its cell, not the check: the cells after it are judged.
    auto r = with({fail, pass});
    EXPECT_EQ(r.outcome, run::Outcome::Fail);
    ASSERT_EQ(r.cells.size(), 2u);
    EXPECT_EQ(r.cells[0].outcome, run::Outcome::Fail);
    EXPECT_EQ(r.cells[1].outcome, run::Outcome::Pass);
    EXPECT_EQ(r.cells[1].endpoint, "endpoint-1");
    // A cell that could not decide makes the check undecided, saying where; a failure elsewhere still fails it.
    r = with({pass, error});
    EXPECT_EQ(r.outcome, run::Outcome::Error);
    EXPECT_EQ(r.reason, "endpoint-1 (rule): no answer");
    EXPECT_EQ(with({error, fail}).outcome, run::Outcome::Fail);
    // Skipped everywhere is a skip; skipped somewhere is a pass of the cells judged.
    r = with({skip, skip});
    EXPECT_EQ(r.outcome, run::Outcome::Skip);
    EXPECT_EQ(r.reason, "endpoint-0 (rule): no template; endpoint-1 (rule): no template");
    r = with({skip, pass});
    EXPECT_EQ(r.outcome, run::Outcome::Pass);
    EXPECT_EQ(r.cells[0].reason, "no template");
}

TEST(Runner, AWaitEndsAtTheRunsTimeLimit) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    const Check waiting = test::waiting_an_hour();
    run::RunOptions options;
    options.max_time_s = 1;
    const auto result = run::run_checks(cat, stub.target, {waiting}, options);
    EXPECT_LT(result.duration_ms, 60'000.0);  // cut at the limit (1 s), not an hour
}

TEST(Runner, ARowNamingAResourceTheCatalogueLacksIsTheHarnessesErrorAndTheRunGoesOn) {
    // The runner locks what a row names: a typo must not drop a lock silently, nor end the run.
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    const Check typo{.id = "ZZZ-01",
                     .title = "names a resource that is not",
                     .resources = {"CliFr"},
                     .run = [](Context&) {},
                     .suite = "zzz"};
    const Check fine{
        .id = "ZZZ-02", .title = "names CliFor", .resources = {"CliFor"}, .run = [](Context&) {}, .suite = "zzz"};
    const auto result = run::run_checks(cat, stub.target, {typo, fine}, run::RunOptions{});
    EXPECT_EQ(test::result_of(result, "ZZZ-01").outcome, run::Outcome::Error);
    EXPECT_EQ(test::result_of(result, "ZZZ-01").error_source, run::ErrorSource::Harness);
    EXPECT_NE(test::result_of(result, "ZZZ-01").reason.find("\"CliFr\""), std::string::npos)
        << test::result_of(result, "ZZZ-01").reason;
    EXPECT_EQ(test::result_of(result, "ZZZ-02").outcome, run::Outcome::Pass);
}

}  // namespace
}  // namespace bds
