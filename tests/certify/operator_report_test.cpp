// What a connector told its operator (A-86, A-97): a refused block's body kept, or the TotalRowsCount it read after
// its last block as a number of its own in its output. Built by hand, no process: each way of telling, and what
// is not telling.
#include <gtest/gtest.h>

#include "catalogue/catalogue.hpp"
#include "certify/operator_report.hpp"

namespace bds::certify {
namespace {

TEST(MentionsNumber, FindsTheNumberOnlyAsANumberOfItsOwn) {
    for (const std::string text :
         {"39", "TotalRowsCount 39", "count=39.", "(39/40)", "expected 40, got 39\n", "39 of 40 stored", "short: -39"})
        EXPECT_TRUE(mentions_number(text, 39)) << text;
    for (const std::string text : {"", "390", "139", "3 9", "12:39:01", "2026-05-39", "39-05-01", "1.39", "39.5 s",
                                   "a39", "39b", "BDS-CERT-0a39", "1,039", "39,500", "39:00", "0x39"})
        EXPECT_FALSE(mentions_number(text, 39)) << text;
    EXPECT_TRUE(mentions_number("stored 519 of 520", 519));
    EXPECT_FALSE(mentions_number("stored 5190 of 5200", 519));
}

Received request(int seq, std::string method, std::string path, int status, std::string response_body = "") {
    Received r;
    r.seq = seq;
    r.method = std::move(method);
    r.path = std::move(path);
    r.status = status;
    r.response_body = std::move(response_body);
    return r;
}

/// A push run of CliFor: a count read (0), two blocks answered `second`, then a count read answering 39.
ScenarioRun run_with(int second, std::string kept) {
    static const Catalogue catalogue = builtin_catalogue();
    ScenarioRun run;
    run.catalogue = &catalogue;
    run.record = catalogue.find("CliFor");
    run.marker = "BDS-CERT-0123456789ab";
    run.kept_text = std::move(kept);
    const std::string refused = R"({"error": "invalid_block", "ticket": "BDS-CERT-0123456789ab"})";
    run.recording.requests = {
        request(1, "POST", "/Token", 200),
        request(2, "GET", "/api/resources/CliFor", 200, R"({"TotalRowsCount": 0, "Records": []})"),
        request(3, "POST", "/api/sync/CliFor", 200, R"({"accepted": 15})"),
        request(4, "POST", "/api/sync/CliFor", second, second == 200 ? R"({"accepted": 15})" : refused)};
    if (second == 200)
        run.recording.requests.push_back(
            request(5, "GET", "/api/resources/CliFor", 200, R"({"TotalRowsCount": 39, "Records": [{}]})"));
    return run;
}

TEST(ToldItsOperator, TheCountReadAfterTheLastBlock) {
    const auto told =
        run_with(200, "bds-sample-connector: count check: expected 40, TotalRowsCount 39 after sending 40 records");
    const auto report = told_count(told);
    ASSERT_TRUE(report.has_value());
    EXPECT_NE(report->what.find("TotalRowsCount it read after its last block, 39"), std::string::npos) << report->what;
    EXPECT_EQ(report->request->seq, 4);
    EXPECT_EQ(count_read_after(told, 4), 39);
    EXPECT_EQ(count_read_after(told, 1), 39) << "the last read counts";
    EXPECT_EQ(count_read_after(told, 5), std::nullopt);

    EXPECT_FALSE(kept_refusal(told).has_value());
    EXPECT_FALSE(told_count(run_with(200, "delivered 40 records in 3 blocks")).has_value())
        << "what it sent is not what it read";
    EXPECT_FALSE(told_count(run_with(200, "done at 12:39:07")).has_value());
    EXPECT_FALSE(told_count(run_with(200, "TotalRowsCount 0")).has_value())
        << "0 was read before the blocks, not after";
}

TEST(ToldItsOperator, TheCountInAnotherEnvelope) {
    auto run = run_with(200, "39 stored");
    run.recording.requests.back().response_body = R"([{"CodCliFor": "A"}])";
    run.recording.requests.back().response_headers = {{"TotalRowsCount", "39"}};
    EXPECT_TRUE(told_count(run).has_value()) << "A-07: TotalRowsCount as a header";
}

TEST(ToldItsOperator, TheBodyOfTheRefusedBlock) {
    const auto refused =
        run_with(400, "stopped: block 2 of 3 refused: HTTP 400: {\"ticket\": \"BDS-CERT-0123456789ab\"}");
    const auto kept = kept_refusal(refused);  // points into `refused`
    ASSERT_TRUE(kept.has_value());
    EXPECT_NE(kept->what.find("keeps the body of the block answered 400 (request 4)"), std::string::npos) << kept->what;
    EXPECT_EQ(kept->request->seq, 4);
    EXPECT_FALSE(kept_refusal(run_with(400, "stopped: block 2 of 3 refused: HTTP 400")).has_value())
        << "a stop without its body";
    auto counted = run_with(400, "TotalRowsCount 39");
    counted.recording.requests.push_back(
        request(5, "GET", "/api/resources/CliFor", 200, R"({"TotalRowsCount": 39, "Records": [{}]})"));
    EXPECT_FALSE(told_count(counted).has_value()) << "after a refusal the count says nothing of the stop";
    EXPECT_FALSE(kept_refusal(run_with(401, "BDS-CERT-0123456789ab")).has_value()) << "a 401 is no refusal (A-87)";
}

}  // namespace
}  // namespace bds::certify
