// Suite "views": each check passes on the faithful stub and fails on a server that breaks its rule.
#include <gtest/gtest.h>

#include <regex>
#include <tuple>

#include "run/suite_fixture.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

using nlohmann::json;
using test::Broken;

/// Check `id` fails through `b`, and its first finding's expected (or actual) text contains `words`.
void expect_fail_saying(Broken& b, const std::string& id, const std::string& words, bool in_expected = true) {
    const auto r = b.expect_fail(id);
    ASSERT_FALSE(r.findings.empty()) << id;
    const std::string& text = in_expected ? r.findings.front().expected : r.findings.front().actual;
    EXPECT_NE(text.find(words), std::string::npos) << id << ": " << text;
}

/// An after-hook that edits each row of 200 answers to `method path` (the stub's default envelope).
test::BreakingProxy::After edit_rows(const std::string& method, const std::string& path,
                                     std::function<void(json&)> edit) {
    return [=](const httplib::Request& req, httplib::Response& res) {
        if (req.method != method || req.path != path || res.status != 200) return;
        json doc = json::parse(res.body);
        for (auto& row : test::records_of(doc)) edit(row);
        res.body = doc.dump();
    };
}

TEST(ViewsChecks, TheFaithfulStubPassesEveryViewCheck) {
    Broken b({});
    const auto result = test::run_all(b.cat, b.stub.target, {"VIEW-"});
    test::expect_clean(result);
    for (const auto& r : result.results) {
        EXPECT_EQ(r.outcome, run::Outcome::Pass) << r.id << "\n" << test::describe(result);
        EXPECT_LT(r.requests, 400) << r.id;
    }
}

TEST(ViewsChecks, View10SendsCustomersWhoseKeysStayDistinct) {
    // VIEW-10 drew three CliFor records with distinct keys, then made each a customer: with seed 309548 two became
    // one key, the stub rightly stored two rows, and VIEW-10 failed a correct server.
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    run::RunOptions options;
    options.seed = 309548;
    options.cases = 10;
    const auto result = run::run_checks(cat, stub.target, select_checks(all_checks(), {}, {"VIEW-10"}), options);
    EXPECT_EQ(test::result_of(result, "VIEW-10").outcome, run::Outcome::Pass) << test::describe(result);
}

TEST(ViewsChecks, AFieldTheViewDoesNotListFailsView01) {
    Broken b({}, edit_rows("GET", "/api/resources/MCPArticoli",
                           [](json& row) { row["des_articolo_ex"] = "only in Articoli"; }));
    expect_fail_saying(b, "VIEW-01", "des_articolo_ex", false);
}

TEST(ViewsChecks, AFieldOfTheWrongTypeFailsView01) {
    Broken b({}, edit_rows("GET", "/api/resources/MCPDocumentiT",
                           [](json& row) { row["num_anno"] = std::to_string(row.value("num_anno", 0)); }));
    expect_fail_saying(b, "VIEW-01", "num_anno", false);
}

TEST(ViewsChecks, LinesWithoutTheirRowVersionFailView01) {
    // ts_update is NOT NULL in every resource (001 conventions); the stub once left it null in view lines.
    Broken b({}, edit_rows("GET", "/api/resources/MCPDocumentiR", [](json& row) { row["ts_update"] = nullptr; }));
    expect_fail_saying(b, "VIEW-01", "ts_update", false);
}

TEST(ViewsChecks, SuppliersInMCPClientiFailView02) {
    // MCPClienti answered from CliFor: customers and suppliers together.
    Broken b({}, {}, [](std::string& target, httplib::Headers&, std::string&) {
        static const std::regex clienti(R"(^/api/resources/MCPClienti(\?.*)?$)");
        std::smatch m;
        if (!std::regex_match(target, m, clienti)) return;
        const std::string rest = m[1].str();  // copied out: assigning target invalidates the match
        target = "/api/resources/CliFor" + rest;
    });
    expect_fail_saying(b, "VIEW-02", "MCPClienti shows only ind_clifor C");
}

TEST(ViewsChecks, ALineMissingFromTheHeaderFailsView03) {
    Broken b({}, edit_rows("GET", "/api/resources/MCPDocumentiT", [](json& row) {
                 if (row.contains("MCPDocumentiR") && !row["MCPDocumentiR"].empty())
                     row["MCPDocumentiR"].erase(row["MCPDocumentiR"].size() - 1);
             }));
    expect_fail_saying(b, "VIEW-03", "carries its");
}

TEST(ViewsChecks, ALineNotRepeatingItsHeadersYearFailsView03) {
    Broken b({}, edit_rows("GET", "/api/resources/MCPDocumentiR",
                           [](json& row) { row["num_anno"] = row.value("num_anno", 2000) + 1; }));
    expect_fail_saying(b, "VIEW-03", "MCPDocumentiR.num_anno");
}

TEST(ViewsChecks, AViewValueThatIsNotTheBaseRecordsFailsView04) {
    Broken b({}, edit_rows("GET", "/api/resources/MCPDocumentiT",
                           [](json& row) { row["num_anno"] = row.value("num_anno", 2000) + 1; }));
    const auto r = b.expect_fail("VIEW-04");
    ASSERT_FALSE(r.findings.empty());
    EXPECT_NE(r.findings.front().expected.find("num_anno"), std::string::npos) << r.findings.front().expected;
    EXPECT_FALSE(r.findings.front().counterexample.empty());
}

TEST(ViewsChecks, AMissingViewRowFailsView04) {
    Broken b({}, [](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "GET" || req.path != "/api/resources/MCPArticoli" || res.status != 200) return;
        json doc = json::parse(res.body);
        test::records_of(doc) = json::array();
        doc["TotalRowsCount"] = 0;
        res.body = doc.dump();
    });
    expect_fail_saying(b, "VIEW-04", "one MCPArticoli row");
}

TEST(ViewsChecks, MCPResourcesRowsOfTheWrongShapeFailView05) {
    Broken b({}, edit_rows("GET", "/api/resources/MCPResources",
                           [](json& row) { row["Resource_ID"] = "R" + row["Resource_ID"].dump(); }));
    expect_fail_saying(b, "VIEW-05", "Resource_ID", false);
    Broken refused(test::answer("GET", "/api/resources/MCPResources", 404, "{}"));
    refused.expect_fail("VIEW-05");
}

TEST(ViewsChecks, MCPResourcesIsObserved) {
    Broken b({});
    const auto result = test::run_all(b.cat, b.stub.target, {"VIEW-05"});
    const auto& r = test::result_of(result, "VIEW-05");
    ASSERT_FALSE(r.observations.empty());
    EXPECT_NE(r.observations.front().text.find("A-40"), std::string::npos);
}

/// A proxy's edit: the last row of every POST query answer dropped.
void drop_last_query_row(const httplib::Request& req, httplib::Response& res) {
    if (req.method != "POST" || req.path != "/api/resources/MCPClienti/query" || res.status != 200) return;
    json doc = json::parse(res.body);
    auto& rows = test::records_of(doc);
    if (!rows.empty()) rows.erase(rows.size() - 1);
    res.body = doc.dump();
}

TEST(ViewsChecks, AQueryThatDropsARowFailsView06) {
    Broken b({}, drop_last_query_row);
    expect_fail_saying(b, "VIEW-06", "customers with");
}

TEST(ViewsChecks, AQueryIgnoringTheSelectionFailsView06) {
    Broken b({}, {}, [](std::string& target, httplib::Headers&, std::string& body) {
        if (target != "/api/resources/MCPClienti/query") return;
        json doc = json::parse(body);
        doc.erase("RecordSelection");
        body = doc.dump();
    });
    // The stub holds other customers too (earlier runs of the property): an unfiltered query shows them.
    expect_fail_saying(b, "VIEW-06", "only the customers with");
}

TEST(ViewsChecks, NoQueryBodySkipsView06) {
    Broken b({});
    auto target = b.stub.target;
    target.query_body.reset();
    const auto result = test::run_all(b.cat, target, {"VIEW-06"});
    EXPECT_EQ(test::result_of(result, "VIEW-06").outcome, run::Outcome::Skip);
    EXPECT_NE(test::result_of(result, "VIEW-06").reason.find("A-41"), std::string::npos);
}

TEST(ViewsChecks, AMonthCountedFromZeroFailsView07) {
    Broken b({}, edit_rows("GET", "/api/resources/MCPDocumentiT", [](json& row) {
                 if (row.contains("mese") && row["mese"].is_number()) row["mese"] = row["mese"].get<int>() - 1;
             }));
    expect_fail_saying(b, "VIEW-07", "mese =");
}

TEST(ViewsChecks, DeletedRowsAndWeeksAreObserved) {
    Broken b({});
    const auto result = test::run_all(b.cat, b.stub.target, {"VIEW-08", "VIEW-09"});
    for (const char* id : {"VIEW-08", "VIEW-09"}) {
        const auto& r = test::result_of(result, id);
        EXPECT_EQ(r.outcome, run::Outcome::Pass) << test::describe(result);
        ASSERT_FALSE(r.observations.empty()) << id;
    }
    // The stub shows deleted rows with the flag (A-42) and numbers weeks as ISO 8601 does (A-39).
    EXPECT_NE(test::result_of(result, "VIEW-08").observations.front().text.find("shown (1 rows), flg_isdeleted true"),
              std::string::npos)
        << test::result_of(result, "VIEW-08").observations.front().text;
    EXPECT_NE(test::result_of(result, "VIEW-09").observations.front().text.find("ISO 8601"), std::string::npos)
        << test::result_of(result, "VIEW-09").observations.front().text;
}

}  // namespace
}  // namespace bds

namespace bds {
namespace {

TEST(ViewsChecks, AQueryThatIgnoresItsOrderFailsView10) {
    const Catalogue cat = builtin_catalogue();
    stub::StubOptions options;
    options.defect = stub::Defect::named("query-ignores-order");
    auto stub = bundled::start_embedded_stub(cat, options);
    const auto result = test::run_all(cat, stub.target, {"VIEW-10"});
    EXPECT_EQ(test::result_of(result, "VIEW-10").outcome, run::Outcome::Fail) << test::describe(result);
    auto faithful = bundled::start_embedded_stub(cat, {});
    const auto clean = test::run_all(cat, faithful.target, {"VIEW-10"});
    EXPECT_EQ(test::result_of(clean, "VIEW-10").outcome, run::Outcome::Pass) << test::describe(clean);
    // Without "$OrderField" in the target's query body, the check is skipped with the reason.
    auto target = faithful.target;
    target.query_body = nlohmann::json{{"RecordSelection", "$RecordSelection"}};
    EXPECT_EQ(test::result_of(test::run_all(cat, target, {"VIEW-10"}), "VIEW-10").outcome, run::Outcome::Skip);
}

/// The bundled stub reading POST query as A-41 `sql`: {"RecordSelection", "OrderBy": "field [ASC|DESC]", …}.
stub::StubOptions sql_body(stub::Defect defect = stub::Defect::None) {
    stub::StubOptions options;
    options.choices.query_body = stub::Choices::QueryBody::Sql;
    options.defect = defect;
    return options;
}

TEST(ViewsChecks, AServerTakingTheOrderAsSqlTextPassesView06AndView10) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, sql_body());
    ASSERT_TRUE(stub.target.query_body);
    EXPECT_EQ((*stub.target.query_body)["OrderBy"], "$OrderField $OrderDirection")
        << "the bundled target's template for A-41=sql";
    const auto result = test::run_all(cat, stub.target, {"VIEW-06", "VIEW-10", "VIEW-11"});
    for (const char* id : {"VIEW-06", "VIEW-10", "VIEW-11"})
        EXPECT_EQ(test::result_of(result, id).outcome, run::Outcome::Pass)
            << id << " (not skipped: $OrderField is found inside the text)\n"
            << test::describe(result);
}

TEST(ViewsChecks, AWrongOrderFailsView10WithTheSqlText) {
    // The direction turned around on its way to the server: every answer comes in the other order.
    Broken flipped(
        {}, {},
        [](std::string& target, httplib::Headers&, std::string& body) {
            if (target != "/api/resources/MCPClienti/query") return;
            json doc = json::parse(body);
            if (const auto it = doc.find("OrderBy"); it != doc.end() && it->is_string()) {
                std::string order = *it;
                if (const auto at = order.rfind(" DESC"); at != std::string::npos)
                    order.replace(at, 5, " ASC");
                else if (const auto asc = order.rfind(" ASC"); asc != std::string::npos)
                    order.replace(asc, 4, " DESC");
                *it = order;
            }
            body = doc.dump();
        },
        sql_body());
    expect_fail_saying(flipped, "VIEW-10", "ordered by des_ragsoc");
    // A server that reads the text but does not order by it.
    const Catalogue cat = builtin_catalogue();
    auto ignoring = bundled::start_embedded_stub(cat, sql_body(stub::Defect::named("query-ignores-order")));
    const auto result = test::run_all(cat, ignoring.target, {"VIEW-10"});
    EXPECT_EQ(test::result_of(result, "VIEW-10").outcome, run::Outcome::Fail) << test::describe(result);
}

TEST(ViewsChecks, AQueryThatDropsARowFailsView06WithTheSqlText) {
    Broken b({}, drop_last_query_row, {}, sql_body());
    expect_fail_saying(b, "VIEW-06", "customers with");
}

TEST(ViewsChecks, WhereNullsSortIsObservedAndNeverJudged) {
    // A-96: SQL Server puts NULLs first ascending, PostgreSQL last; VIEW-10 passes on both, VIEW-11 records which.
    const Catalogue cat = builtin_catalogue();
    for (const auto& [nulls, ascending, descending] : {std::tuple{stub::Choices::NullOrder::First, "first", "last"},
                                                       std::tuple{stub::Choices::NullOrder::Last, "last", "first"}}) {
        stub::StubOptions options;
        options.choices.null_order = nulls;
        auto stub = bundled::start_embedded_stub(cat, options);
        const auto result = test::run_all(cat, stub.target, {"VIEW-10", "VIEW-11"});
        EXPECT_EQ(test::result_of(result, "VIEW-10").outcome, run::Outcome::Pass) << test::describe(result);
        const auto& observed = test::result_of(result, "VIEW-11");
        EXPECT_EQ(observed.outcome, run::Outcome::Pass) << test::describe(result);
        ASSERT_EQ(observed.observations.size(), 2u) << test::describe(result);
        EXPECT_NE(observed.observations[0].text.find("ascending puts a NULL (A-96): " + std::string(ascending)),
                  std::string::npos)
            << observed.observations[0].text;
        EXPECT_NE(observed.observations[1].text.find("descending puts a NULL (A-96): " + std::string(descending)),
                  std::string::npos)
            << observed.observations[1].text;
    }
}

TEST(ViewChecks, ViewsThatKeepTheRecordsTheyFirstJoinedFailView13) {
    // A memoised lookup: the views pass while the article and the counterpart stay as first read.
    const auto r = test::result_under_defect("view-lookups-cached", "VIEW-13");
    EXPECT_EQ(r.outcome, run::Outcome::Fail);
}

TEST(ViewChecks, AnEmptyRegistryFailsView05) {
    const auto r = test::result_under_defect("mcpresources-empty", "VIEW-05");
    ASSERT_EQ(r.outcome, run::Outcome::Fail);
    EXPECT_NE(r.findings.front().expected.find("at least one resource"), std::string::npos)
        << r.findings.front().expected;
}

}  // namespace
}  // namespace bds
