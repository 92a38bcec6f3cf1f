// Suite "robustness": each check passes on the faithful stub and fails on a server that breaks its rule.
#include <gtest/gtest.h>

#include <memory>
#include <mutex>

#include "common/http_text.hpp"
#include "run/suite_fixture.hpp"

namespace bds {
namespace {

using nlohmann::json;
using test::Broken;

bool is_sync_post(const httplib::Request& req) { return req.method == "POST" && req.path.rfind("/api/sync/", 0) == 0; }

/// A proxy hook that answers a sync POST for which `when` holds with 200 "accepted" and stores nothing.
test::BreakingProxy::Before accepted_unstored(std::function<bool(const httplib::Request&)> when) {
    return [when = std::move(when)](const httplib::Request& req, httplib::Response& res) {
        if (!is_sync_post(req) || !when(req)) return false;
        res.status = 200;
        res.set_content(R"({"accepted":1})", "application/json");
        return true;
    };
}

TEST(RobustnessChecks, PassOnTheFaithfulStubAndRecordWhatCame) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    const auto result = test::run_all(cat, stub.target, {"ROB-"});
    ASSERT_EQ(result.results.size(), 8u);
    for (const auto& r : result.results) {
        EXPECT_EQ(r.outcome, run::Outcome::Pass) << r.id << " " << r.reason << "\n" << test::describe(result);
        // Statuses are not shown: every check records what the target answered.
        EXPECT_FALSE(r.observations.empty() && r.id != "ROB-08") << r.id;
        EXPECT_LT(r.requests, 300) << r.id;
    }
    const auto notes = test::trouble_notes(result);
    EXPECT_TRUE(notes.empty()) << notes.front();
}

TEST(RobustnessChecks, A500ForAMalformedBodyFailsRob08) {
    Broken b({}, [](const httplib::Request& req, httplib::Response& res) {
        if (is_sync_post(req) && res.status == 400) res.status = 500;
    });
    const auto r = b.expect_fail("ROB-08");
    ASSERT_FALSE(r.findings.empty());
    EXPECT_NE(r.findings.front().actual.find("500"), std::string::npos);
}

TEST(RobustnessChecks, A500ForABadPageSizeFailsRob07) {
    Broken b({}, [](const httplib::Request& req, httplib::Response& res) {
        if (req.method == "GET" && req.get_param_value("PageSize") == "abc") res.status = 503;
    });
    b.expect_fail("ROB-07");
}

TEST(RobustnessChecks, ACompletedTruncatedBodyFailsRob01) {
    // A "repairing" parser: a body cut inside a string is closed and stored.
    Broken b({}, {}, [](std::string& target, httplib::Headers&, std::string& body) {
        if (target.rfind("/api/sync/", 0) == 0 && body.find("bdsc trunc") != std::string::npos && !json::accept(body))
            body += "\"}]";
    });
    const auto r = b.expect_fail("ROB-01");
    ASSERT_FALSE(r.findings.empty());
    EXPECT_NE(r.findings.front().expected.find("truncated inside a string"), std::string::npos)
        << r.findings.front().expected;
}

TEST(RobustnessChecks, AnObjectBodyStoredAsABlockFailsRob02) {
    Broken b({}, {}, [](std::string& target, httplib::Headers&, std::string& body) {
        if (target.rfind("/api/sync/", 0) != 0) return;
        const json parsed = json::parse(body, nullptr, false);
        if (parsed.is_object() && parsed.contains("cod_clifor")) body = "[" + body + "]";
    });
    b.expect_fail("ROB-02");
}

TEST(RobustnessChecks, AnArrayOfRecordsInsideAnotherValueTakenAsTheBlockPassesRob02) {
    // {"Records": [record]} and [[record]] stored exactly as meant, as a lenient server may (A-71): like ROB-01's
    // lenient forms, refused or stored as meant both pass; ROB-02 had required nothing stored whatever the status.
    Broken b({}, {}, [](std::string& target, httplib::Headers&, std::string& body) {
        if (target.rfind("/api/sync/", 0) != 0) return;
        const json parsed = json::parse(body, nullptr, false);
        if (parsed.is_object() && parsed.contains("Records") && parsed["Records"].is_array())
            body = parsed["Records"].dump();
        if (parsed.is_array() && parsed.size() == 1 && parsed[0].is_array()) body = parsed[0].dump();
    });
    b.expect_pass("ROB-02");
}

TEST(RobustnessChecks, AHugeStringCutBeforeStoringFailsRob03) {
    // Cuts every long string to 48 bytes (on a UTF-8 boundary) and forwards the block: the stub answers 200.
    Broken b({}, {}, [](std::string& target, httplib::Headers&, std::string& body) {
        if (target.rfind("/api/sync/", 0) != 0) return;
        json parsed = json::parse(body, nullptr, false);
        if (!parsed.is_array()) return;
        for (auto& record : parsed) {
            if (!record.is_object()) continue;
            for (auto& [k, v] : record.items()) {
                if (!v.is_string() || v.get_ref<const std::string&>().size() < 100000) continue;
                std::string s = v.get<std::string>();
                std::size_t n = 48;
                while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
                v = s.substr(0, n);
            }
        }
        body = parsed.dump();
    });
    const auto r = b.expect_fail("ROB-03");
    ASSERT_FALSE(r.findings.empty());
    EXPECT_NE(r.findings.front().expected.find("A-34"), std::string::npos) << r.findings.front().expected;
}

TEST(RobustnessChecks, AnotherContentTypeAnswered200WithoutStoringFailsRob04) {
    Broken b(accepted_unstored([](const httplib::Request& req) {
        return req.get_header_value("Content-Type").rfind("application/json", 0) != 0;
    }));
    b.expect_fail("ROB-04");
}

TEST(RobustnessChecks, UnknownFieldsAnswered200WithoutStoringFailsRob05) {
    Broken b(
        accepted_unstored([](const httplib::Request& req) { return req.body.find("x_bdsc") != std::string::npos; }));
    b.expect_fail("ROB-05");
}

TEST(RobustnessChecks, TrailingTextAnswered200WithoutStoringFailsRob01) {
    // A lenient reading may accept trailing text, but then the block must be stored: 200 is "accepted".
    Broken b(accepted_unstored([](const httplib::Request& req) {
        return req.body.size() >= 9 && req.body.compare(req.body.size() - 9, 9, " trailing") == 0;
    }));
    const auto r = b.expect_fail("ROB-01");
    ASSERT_FALSE(r.findings.empty());
    EXPECT_NE(r.findings.front().expected.find("trailing text"), std::string::npos) << r.findings.front().expected;
}

TEST(RobustnessChecks, AStackedDeleteThatRunsFailsRob06) {
    // A server that runs "…; DELETE FROM CliFor WHERE <condition> --": emulated by deleting (logically) the
    // rows matching the condition with the caller's own token before answering.
    Broken b({}, {}, {});
    const std::string upstream = b.stub.server->base_url();
    b.proxy = std::make_unique<test::BreakingProxy>(upstream, [upstream](const httplib::Request& req,
                                                                         httplib::Response& res) {
        if (req.method != "GET" || req.path != "/api/resources/CliFor" || !req.has_param("RecordSelection"))
            return false;
        const std::string selection = req.get_param_value("RecordSelection");
        const std::string stacked = "; DELETE FROM CliFor WHERE ";
        const auto at = selection.find(stacked);
        if (at == std::string::npos) return false;
        std::string condition = selection.substr(at + stacked.size());
        if (const auto dash = condition.rfind(" --"); dash != std::string::npos) condition.erase(dash);
        httplib::Client c(upstream);
        const httplib::Headers auth = {{"Authorization", req.get_header_value("Authorization")}};
        const auto rows = c.Get("/api/resources/CliFor?RecordSelection=" + url_encoded(condition), auth);
        if (!rows || rows->status != 200) return false;
        json block = json::array();
        const json page = json::parse(rows->body);
        for (const auto& row : page.at("Records"))
            block.push_back(
                {{"ind_clifor", row.at("ind_clifor")}, {"cod_clifor", row.at("cod_clifor")}, {"flg_isdeleted", true}});
        c.Post("/api/sync/CliFor", auth, block.dump(), "application/json; charset=utf-8");
        res.status = 200;
        res.set_content(R"({"TotalRowsCount":0,"Records":[]})", "application/json");
        return true;
    });
    b.target.base_url = b.proxy->base_url();
    const auto r = b.expect_fail("ROB-06");
    ASSERT_FALSE(r.findings.empty());
    EXPECT_NE(r.findings.front().expected.find("still there"), std::string::npos) << r.findings.front().expected;
}

TEST(RobustnessChecks, ALenientButFaithfulServerPasses) {
    // Reads any Content-Type as JSON, ignores a trailing text and fields it does not know, decodes bad bytes
    // and NaN as best it can, and stores the rest as sent: choices the seeds leave open (A-28, A-32, A-71), so
    // ROB-01, ROB-04, ROB-05 pass and record what was stored.
    const Catalogue cat = builtin_catalogue();
    Broken b({}, {}, [&cat](std::string& target, httplib::Headers& headers, std::string& body) {
        if (target.rfind("/api/sync/", 0) != 0) return;
        headers.erase("Content-Type");
        headers.emplace("Content-Type", "application/json; charset=utf-8");
        const std::string trailing = " trailing";
        if (body.size() > trailing.size() &&
            body.compare(body.size() - trailing.size(), trailing.size(), trailing) == 0)
            body.erase(body.size() - trailing.size());
        // A decoder that reads bad bytes as U+FFFD and NaN as null.
        for (const auto& [from, to] :
             {std::pair<std::string, std::string>{"\xC3\x28 \xFF", "\xEF\xBF\xBD( \xEF\xBF\xBD"}, {":NaN", ":null"}})
            if (const auto at = body.find(from); at != std::string::npos) body.replace(at, from.size(), to);
        json parsed = json::parse(body, nullptr, false);
        const Record* record = cat.find(target.substr(10));
        if (!record || !parsed.is_array()) return;
        for (auto& r : parsed) {
            if (!r.is_object()) continue;
            for (auto it = r.begin(); it != r.end();) it = record->field(it.key()) ? std::next(it) : r.erase(it);
        }
        body = parsed.dump();
    });
    const auto result = test::run_all(b.cat, b.target, {"ROB-01", "ROB-04", "ROB-05"});
    for (const auto& r : result.results)
        EXPECT_EQ(r.outcome, run::Outcome::Pass) << r.id << "\n" << test::describe(result);
    // The leniency shows in what was observed.
    bool accepted_text = false;
    for (const auto& o : test::result_of(result, "ROB-04").observations)
        accepted_text = accepted_text || o.text == "Content-Type text/plain; charset=utf-8: answered status 200";
    EXPECT_TRUE(accepted_text);
    int unclear = 0;
    for (const auto& o : test::result_of(result, "ROB-01").observations)
        unclear += o.text.find(": accepted; stored the record") != std::string::npos;
    EXPECT_EQ(unclear, 2);
}

/// The value of query parameter `name` in `target` (decoded), if present.
std::optional<std::string> param_of(const std::string& target, const std::string& name) {
    const auto q = target.find('?');
    if (q == std::string::npos) return std::nullopt;
    const auto params = query_params(target.substr(q + 1));
    const auto it = params.find(name);
    if (it == params.end()) return std::nullopt;
    return it->second;
}

TEST(RobustnessChecks, AnOrThatEscapesTheTenantFailsRob06) {
    // A server that builds "customer_ID = @t AND <selection>" without parentheses: the last OR term runs over
    // every tenant. Emulated by asking the stub for that term as the other tenant.
    Broken b({}, {}, {});
    const auto other = b.stub.target.users.at(client::kOtherTenant);
    auto token = std::make_shared<std::string>();
    auto mutex = std::make_shared<std::mutex>();
    const std::string upstream = b.stub.server->base_url();
    b.proxy = std::make_unique<test::BreakingProxy>(
        upstream, test::BreakingProxy::Before{}, test::BreakingProxy::After{},
        [=](std::string& target, httplib::Headers& headers, std::string&) {
            if (target.rfind("/api/resources/CliFor?", 0) != 0) return;
            const auto selection = param_of(target, "RecordSelection");
            if (!selection) return;
            const auto at = selection->rfind(" OR ");
            if (at == std::string::npos || selection->find("cod_clifor = 'x' OR") != 0) return;
            {
                std::lock_guard lock(*mutex);
                if (token->empty()) {
                    httplib::Client c(upstream);
                    const auto r = c.Post(
                        "/Token", "grant_type=password&username=" + other.username + "&password=" + other.password,
                        "application/x-www-form-urlencoded");
                    if (r && r->status == 200) *token = json::parse(r->body).at("access_token").get<std::string>();
                }
            }
            target = "/api/resources/CliFor?RecordSelection=" + url_encoded(selection->substr(at + 4)) +
                     "&PageSize=50&PageNumber=1";
            headers.erase("Authorization");
            headers.emplace("Authorization", "Bearer " + *token);
        });
    b.target.base_url = b.proxy->base_url();
    const auto r = b.expect_fail("ROB-06");
    ASSERT_FALSE(r.findings.empty());
    EXPECT_NE(r.findings.front().actual.find("another tenant"), std::string::npos) << r.findings.front().actual;
}

}  // namespace
}  // namespace bds
