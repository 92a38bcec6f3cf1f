// 001 §2.3-2.7: the MCP views, derived from the tenant's base records; POST query on MCPClienti.
#include "stub/stub_fixture.hpp"

namespace bds::test {
namespace {

using json = nlohmann::json;

class StubViews : public StubTest {
protected:
    void SetUp() override {
        StubTest::SetUp();
        sync("StatiEsteri", json::array({minimal(catalogue, "StatiEsteri",
                                                 {{"cod_naz", "86"}, {"des_naz", "Italia"}, {"sig_iso", "IT"}})}));
        sync("CliFor",
             json::array(
                 {minimal(
                      catalogue, "CliFor",
                      {{"ind_clifor", "C"}, {"cod_clifor", "C1"}, {"des_ragsoc", "Bar Sport"}, {"cod_naz_res", "86"}}),
                  minimal(catalogue, "CliFor",
                          {{"ind_clifor", "C"}, {"cod_clifor", "C2"}, {"des_ragsoc", "Albergo Miramare"}}),
                  minimal(catalogue, "CliFor",
                          {{"ind_clifor", "F"}, {"cod_clifor", "C1"}, {"des_ragsoc", "Torrefazione"}})}));
        sync("MarcaArticoli",
             json::array({minimal(catalogue, "MarcaArticoli", {{"cod_marca", "LAV"}, {"des_marca", "Lavazza"}})}));
        sync("Articoli",
             json::array(
                 {minimal(catalogue, "Articoli",
                          {{"cod_art", "A1"}, {"cod_variante", ""}, {"cod_marca", "LAV"}, {"cod_famiglia", "CAF"}})}));
        sync("CodiciDocumento",
             json::array(
                 {minimal(catalogue, "CodiciDocumento",
                          {{"cod_tipodoc", "FAT"}, {"cod_gruppo_tipodoc", "VEN"}, {"des_tipodoc", "Fattura"}})}));
        const json doc = test::invoice(
            catalogue, "C1",
            json::array({{{"cod_art", "A1"}, {"cod_variante", ""}, {"qta_merce", 3}}, {{"cod_art", "ZZ"}}}));
        json undated = minimal(catalogue, "StoricoDocumentiT", {{"key_documento", "D2"}});
        sync("StoricoDocumentiT", json::array({doc, undated}));
    }
};

TEST_F(StubViews, ClientiHoldsOnlyCustomersAndFornitoriOnlySuppliers) {
    const json c = rows("MCPClienti");
    ASSERT_EQ(c.size(), 2u);
    for (const auto& r : c) EXPECT_EQ(r.at("ind_clifor"), "C");
    const json f = rows("MCPFornitori");
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].at("des_ragsoc"), "Torrefazione");
}

TEST_F(StubViews, EachViewHasExactlyItsFields) {
    for (const char* view :
         {"MCPClienti", "MCPFornitori", "MCPArticoli", "MCPDocumentiT", "MCPDocumentiR", "MCPResources"}) {
        const json r = rows(view);
        ASSERT_FALSE(r.empty()) << view;
        const Record* rec = catalogue.find(view);
        EXPECT_EQ(r[0].size(), rec->fields.size()) << view;
        for (const auto& f : rec->fields) EXPECT_TRUE(r[0].contains(f.name)) << view << "." << f.name;
    }
}

TEST_F(StubViews, ViewRowsAgreeWithTheBaseRecordsAndTheirJoins) {
    const json c = rows("MCPClienti", "RecordSelection=" + encode("cod_clifor = 'C1'"))[0];
    EXPECT_EQ(c.at("des_ragsoc"), "Bar Sport");
    EXPECT_EQ(c.at("cod_naz_res"), 86.0) << "float(10) in the view";
    EXPECT_EQ(c.at("des_naz"), "Italia");
    const json a = rows("MCPArticoli")[0];
    EXPECT_EQ(a.at("des_marca"), "Lavazza");
    const json d = rows("MCPDocumentiT");
    ASSERT_EQ(d.size(), 1u) << "a header without cod_tipodoc, num_anno or dat_doc is not in the view";
    EXPECT_EQ(d[0].at("des_tipodoc"), "Fattura");
    EXPECT_EQ(d[0].at("des_ragsoc"), "Bar Sport");
    EXPECT_EQ(d[0].at("mese"), 2);
    EXPECT_EQ(d[0].at("settimana"), 9);
    ASSERT_EQ(d[0].at("MCPDocumentiR").size(), 2u) << "MCPDocumentiT carries its lines";
    const json lines =
        rows("MCPDocumentiR",
             "RecordSelection=" + encode("cod_tipodoc = 'FAT' and num_anno = 2026 and cod_famiglia = 'CAF'"));
    ASSERT_EQ(lines.size(), 1u) << "the seeds' example filter shape";
    EXPECT_EQ(lines[0].at("prg_riga"), 1);
    EXPECT_EQ(lines[0].at("des_marca"), "Lavazza");
    EXPECT_EQ(lines[0].at("qta_merce"), 3);
    EXPECT_EQ(lines[0].at("des_ragsoc"), "Bar Sport");
}

TEST_F(StubViews, MCPResourcesListsTheResourcesTheUserMayUse) {
    EXPECT_EQ(rows("MCPResources").size(), 20u);
    EXPECT_EQ(rows("MCPResources", "", "limited").size(), 3u);
}

TEST_F(StubViews, QueryOnMCPClientiFiltersOrdersAndPages) {
    const Answer a = query({{"RecordSelection", "cod_clifor like 'C%'"},
                            {"OrderBy", json::array({{{"field", "des_ragsoc"}, {"desc", false}}})},
                            {"PageSize", 1},
                            {"PageNumber", 1}});
    ASSERT_EQ(a.status, 200) << a.text;
    EXPECT_EQ(a.body.at("TotalRowsCount"), 2);
    EXPECT_EQ(a.body.at("Records").at(0).at("des_ragsoc"), "Albergo Miramare");
    EXPECT_EQ(query({{"OrderBy", "des_ragsoc"}}).status, 400);
    EXPECT_EQ(query({{"OrderBy", json::array({{{"field", "nope"}}})}}).status, 400);
    EXPECT_EQ(post("/api/resources/MCPClienti/query", "not json", token()).status, 400);
    EXPECT_EQ(post_json("/api/resources/CliFor/query", json::object(), token()).status, 404)
        << "POST query is listed for MCPClienti only";
}

class StubSqlQuery : public StubViews {
protected:
    void configure(stub::StubOptions& o) override { o.choices.query_body = stub::Choices::QueryBody::Sql; }
};

TEST_F(StubSqlQuery, TheOrderIsOneSqlOrderByText) {
    // A-41 `sql`: {"RecordSelection", "OrderBy": "field [ASC|DESC], …", "PageSize", "PageNumber"}.
    const Answer a = query({{"RecordSelection", "cod_clifor like 'C%'"},
                            {"OrderBy", "des_ragsoc DESC"},
                            {"PageSize", 1},
                            {"PageNumber", 1}});
    ASSERT_EQ(a.status, 200) << a.text;
    EXPECT_EQ(a.body.at("TotalRowsCount"), 2);
    EXPECT_EQ(a.body.at("Records").at(0).at("des_ragsoc"), "Bar Sport");
    const Answer asc = query({{"OrderBy", "des_ragsoc ASC"}});
    ASSERT_EQ(asc.status, 200) << asc.text;
    EXPECT_EQ(asc.body.at("Records").at(0).at("des_ragsoc"), "Albergo Miramare");
    const Answer two = query({{"OrderBy", "ind_clifor, cod_clifor desc"}});
    ASSERT_EQ(two.status, 200) << two.text;
    EXPECT_EQ(two.body.at("Records").at(0).at("cod_clifor"), "C2") << "the second field orders the ties of the first";
}

TEST_F(StubSqlQuery, AMalformedOrderByIsRefusedAsMalformedInput) {
    for (const json& order : {json("nope DESC"), json("des_ragsoc DOWN"), json(""), json("des_ragsoc,"),
                              json::array({{{"field", "des_ragsoc"}}})}) {
        const Answer a = query({{"OrderBy", order}});
        EXPECT_EQ(a.status, 400) << order << ": " << a.text;
        EXPECT_NE(a.text.find("OrderBy"), std::string::npos) << a.text;
    }
}

/// NULLs in POST query ordering: cod_naz_res is 86 for C1 and null for C2.
class StubNullOrder : public StubViews, public ::testing::WithParamInterface<stub::Choices::NullOrder> {
protected:
    void configure(stub::StubOptions& o) override { o.choices.null_order = GetParam(); }
    std::string first(bool descending) {
        const Answer a = query({{"OrderBy", json::array({{{"field", "cod_naz_res"}, {"desc", descending}}})}});
        EXPECT_EQ(a.status, 200) << a.text;
        return a.body.at("Records").at(0).at("cod_clifor").get<std::string>();
    }
};

TEST_P(StubNullOrder, NullsSortWhereTheChoiceSays) {
    const bool nulls_first = GetParam() == stub::Choices::NullOrder::First;
    EXPECT_EQ(first(false), nulls_first ? "C2" : "C1") << "ascending";
    EXPECT_EQ(first(true), nulls_first ? "C1" : "C2") << "descending: the other end";
}

INSTANTIATE_TEST_SUITE_P(BothChoices, StubNullOrder,
                         ::testing::Values(stub::Choices::NullOrder::First, stub::Choices::NullOrder::Last),
                         [](const auto& info) {
                             return info.param == stub::Choices::NullOrder::First ? std::string("First")
                                                                                  : std::string("Last");
                         });

}  // namespace
}  // namespace bds::test
