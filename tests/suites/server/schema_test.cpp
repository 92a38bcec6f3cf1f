// Suite "schema": each check passes on the faithful stub and fails on a server that breaks its rule.
#include <gtest/gtest.h>

#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "run/suite_fixture.hpp"
#include "stub/data_set.hpp"
#include "test_paths.hpp"

namespace bds {
namespace {

using nlohmann::json;
using test::BreakingProxy;
using test::Broken;

/// A server whose list reads and change feeds return rows changed by `change` (the stub's object envelope).
BreakingProxy::After change_rows(std::function<void(json&)> change) {
    return [change](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "GET" || res.status != 200) return;
        if (req.path.rfind("/api/resources/", 0) != 0 && req.path.rfind("/api/sync/", 0) != 0) return;
        json body = json::parse(res.body);
        for (auto& row : test::records_of(body)) change(row);
        res.set_content(body.dump(), "application/json");
    };
}

void id_as_text(json& row) {
    if (row.contains("Id") && row["Id"].is_number()) row["Id"] = std::to_string(row["Id"].get<long long>());
}

TEST(SchemaChecks, PassOnTheFaithfulStub) {
    Broken b({});
    b.expect_pass_without_proxy("SCH-02");
    // Now that the stub holds rows, the read-only check has something to validate.
    b.expect_pass_without_proxy("SCH-01");
}

TEST(SchemaChecks, Sch01PassesOnAnEmptyStub) {
    // MCPResources always has rows (one per resource the user may use), so there is something to validate.
    Broken b({});
    const auto result = test::run_all(b.cat, b.stub.target, {"SCH-01"});
    EXPECT_EQ(test::result_of(result, "SCH-01").outcome, run::Outcome::Pass) << test::describe(result);
}

TEST(SchemaChecks, AnIntReturnedAsTextFailsSch01AndSch02) {
    Broken b({}, change_rows(id_as_text));
    const auto r = b.expect_fail("SCH-02");
    ASSERT_FALSE(r.findings.empty());
    EXPECT_NE(r.findings.front().pointer.find("/Id"), std::string::npos) << r.findings.front().pointer;
    b.expect_fail("SCH-01");  // the stub holds SCH-02's rows now
}

TEST(SchemaChecks, Sch01ReadsDocumentViewsByDocumentAndStillSeesTheirRows) {
    // The demo data's documents, in views read a document at a time (000 §4.1 rule 3): an Id answered as text in the
    // lines view alone fails SCH-01, and no read of it goes without a RecordSelection.
    std::vector<std::string> lines_reads;
    std::mutex seen;
    Broken b({}, [&](const httplib::Request& req, httplib::Response& res) {
        if (req.path != "/api/resources/MCPDocumentiR") return;
        {
            std::lock_guard lock(seen);
            lines_reads.push_back(req.get_param_value("RecordSelection"));
        }
        change_rows(id_as_text)(req, res);
    });
    stub::load_data_set(*b.stub.server, (test::source_dir() / "fixtures" / "demo").string());
    b.expect_pass_without_proxy("SCH-01");
    const auto r = b.expect_fail("SCH-01");
    ASSERT_FALSE(r.findings.empty());
    EXPECT_NE(r.findings.front().expected.find("MCPDocumentiR"), std::string::npos) << r.findings.front().expected;
    ASSERT_FALSE(lines_reads.empty());
    for (const auto& selection : lines_reads) EXPECT_EQ(selection.rfind("key_documento = ", 0), 0u) << selection;
}

TEST(SchemaChecks, ANotNullFieldLeftOutFailsSch02) {
    Broken b({}, change_rows([](json& row) { row.erase("flg_isdeleted"); }));
    b.expect_fail("SCH-02");
}

TEST(SchemaChecks, ABitAnsweredAsTextFailsSch02) {
    Broken b({}, change_rows([](json& row) {
                 if (row.contains("flg_isdeleted")) row["flg_isdeleted"] = "no";
             }));
    b.expect_fail("SCH-02");
}

TEST(SchemaChecks, FormsTheSeedsLeaveOpenAreObservedNotJudged) {
    // Date-times not in ISO 8601 and decimals as strings: how a target writes them is not shown.
    Broken b({}, change_rows([](json& row) {
                 if (row.contains("dat_ultvar") && row["dat_ultvar"].is_string())
                     row["dat_ultvar"] = "21/11/2026 10:00:00";
                 for (auto& [name, v] : row.items())
                     if (name.rfind("prc_", 0) == 0 && v.is_number()) v = v.dump();
             }));
    b.expect_pass("SCH-02");
    // SCH-03 reads rows already there: one with a decimal the proxy turns into text (prc_) and one it leaves a number.
    b.stub.server->load(
        1, "AliquoteIva",
        json::array({{{"cod_iva", "00Z22"}, {"flg_isdeleted", false}, {"prc_iva", 22.5}, {"prc_indetraibile", 10}}}));
    b.stub.server->load(
        1, "Articoli",
        json::array(
            {{{"cod_art", "00Z1"}, {"cod_variante", ""}, {"flg_isdeleted", false}, {"qta_pes_lordo_kg", 1.5}}}));
    const auto r = b.expect_pass("SCH-03");
    std::string all;
    for (const auto& o : r.observations) all += o.text + "\n";
    EXPECT_NE(all.find("99/99/9999 99:99:99"), std::string::npos) << all;
    EXPECT_NE(all.find("decimal (A-83): a JSON number, a JSON string"), std::string::npos) << all;
}

TEST(SchemaChecks, OnlyTheChangeFeedBrokenFailsSch02) {
    // Lists are right; the feed returns timestamps as JSON objects (neither a string nor an integer: A-15).
    Broken b({}, [](const httplib::Request& req, httplib::Response& res) {
        const bool feed = req.path.rfind("/api/sync/", 0) == 0;
        change_rows([feed](json& row) {
            if (feed) row["ts_update"] = json::object({{"value", 1}});
        })(req, res);
    });
    const auto r = b.expect_fail("SCH-02");
    ASSERT_FALSE(r.findings.empty());
    EXPECT_NE(r.findings.front().expected.find("GET /api/sync/"), std::string::npos) << r.findings.front().expected;
    b.expect_fail("SCH-01");  // its first page of each feed, now that the stub holds SCH-02's rows
}

TEST(SchemaChecks, AFeedWithoutTotalRowsCountFailsSch01InEveryEnvelopeThatCarriesIt) {
    for (const std::string envelope : {"object", "header"}) {
        const auto r = test::result_on_stub("SCH-01", stub::Defect::named("feed-total-missing"), "A-07=" + envelope);
        EXPECT_EQ(r.outcome, run::Outcome::Fail) << envelope << "\n" << test::findings_text(r);
        EXPECT_NE(test::findings_text(r).find("GET /api/sync/"), std::string::npos) << test::findings_text(r);
        EXPECT_EQ(test::result_on_stub("SCH-01", stub::Defect::None, "A-07=" + envelope).outcome, run::Outcome::Pass)
            << envelope;
    }
}

TEST(SchemaChecks, ATotalRowsCountOfNullOnAnEmptyPageFailsPag01) {
    const auto r = test::result_on_stub("PAG-01", stub::Defect::named("total-null-on-empty-page"));
    EXPECT_EQ(r.outcome, run::Outcome::Fail) << test::findings_text(r);
    EXPECT_EQ(test::result_on_stub("PAG-01").outcome, run::Outcome::Pass);
}

TEST(SchemaChecks, TotalRowsCountAsAStringIsObservedBySch03) {
    // Its JSON type is not shown: a string of digits is a count, and SCH-03 says which type came.
    for (const std::string form : {"number", "string"}) {
        const auto r = test::result_on_stub("SCH-03", stub::Defect::None, "A-118=" + form);
        EXPECT_NE(r.outcome, run::Outcome::Fail) << form;
        std::string all;
        for (const auto& o : r.observations) all += o.text + "\n";
        EXPECT_NE(all.find("TotalRowsCount (A-118): a JSON " + form), std::string::npos) << all;
        EXPECT_EQ(test::result_on_stub("PAG-01", stub::Defect::None, "A-118=" + form).outcome, run::Outcome::Pass);
    }
}

}  // namespace
}  // namespace bds
