// The history in Markdown and JSON: the flaky and failing tracks with their rates, the behaviour that changed with
// where, the time per request; JSON that reads back.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

#include "history/history_sample.hpp"
#include "report/report_schema.hpp"

namespace bds::history {
namespace {

/// The sample with an observation whose status moved once, at run 6 (a choice flipped by a release).
HistoryView sample_with_a_moved_status() {
    auto view = test::sample_history();
    view.behaviour.push_back({.check = "FIL-05",
                              .text = "malformed RecordSelection answered 422",
                              .change = "400 → 422 from run #6",
                              .changed_at = 5,
                              .first = 0,
                              .last = 7,
                              .seen = 8});
    return view;
}

TEST(HistoryMarkdown, ListsFlakyTracksFirstWithTheirRatesAndTheBehaviourThatMoved) {
    std::ostringstream out;
    write_history_markdown(sample_with_a_moved_status(), out);
    const std::string md = out.str();
    const auto flaky = md.find("| 000-4.4-check | MUST | flaky | 62% (5/8)");
    const auto broken = md.find("| 000-1-json-utf8 |");
    ASSERT_NE(flaky, std::string::npos) << md;
    ASSERT_NE(broken, std::string::npos) << md;
    EXPECT_LT(flaky, broken);                                       // flaky ones first
    EXPECT_EQ(md.find("| 000-4.1-pagesize |"), std::string::npos);  // always passing: not listed
    EXPECT_NE(md.find("≈"), std::string::npos);                     // the failure a rerun passed
    EXPECT_NE(md.find("400 → 422 from run #6"), std::string::npos);
    EXPECT_NE(md.find("without PageSize (A-12): 500 records per page"), std::string::npos);      // started at run 5
    EXPECT_EQ(md.find("TotalRowsCount written as a JSON number (A-118) |"), std::string::npos);  // every run: folded
    EXPECT_NE(md.find("## Time per request by suite"), std::string::npos);
}

TEST(HistoryJson, HoldsEveryRunTrackAndBehaviourByRunNumber) {
    std::ostringstream out;
    write_history_json(sample_with_a_moved_status(), out);
    const auto doc = nlohmann::json::parse(out.str());
    ASSERT_EQ(doc["runs"].size(), 8u);
    const auto& statements = doc["statements"];
    const auto check =
        std::find_if(statements.begin(), statements.end(), [](const auto& t) { return t["id"] == "000-4.4-check"; });
    ASSERT_NE(check, statements.end());
    EXPECT_TRUE((*check)["flaky"].get<bool>());
    EXPECT_EQ((*check)["decided"], 8);
    EXPECT_EQ((*check)["runs"].size(), 8u);
    const auto& moved = doc["behaviour"].back();
    EXPECT_EQ(moved["changed_at_run"], doc["runs"][5]["id"]);
    EXPECT_EQ(moved["change"], "400 → 422 from run #6");
    EXPECT_EQ(test::schema_errors(doc, "history.schema.json"), std::vector<std::string>{});
    auto cut = doc;
    cut["statements"][0].erase("flaky");
    EXPECT_FALSE(test::schema_errors(cut, "history.schema.json").empty()) << "the schema accepts a track without flaky";
}

}  // namespace
}  // namespace bds::history
