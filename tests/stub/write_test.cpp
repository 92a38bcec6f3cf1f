// 000 §4.4: POST sync, upsert by key, platform fields, validation of sent records, nested lines.
#include "stub/stub_fixture.hpp"

namespace bds::test {
namespace {

using json = nlohmann::json;

using StubWrite = StubTest;

TEST_F(StubWrite, ASentRecordReadsBackWithThePlatformFieldsSet) {
    sync("Famiglia", json::array({{{"cod_famiglia", "FAM1"},
                                   {"des_famiglia", "Caffè e tè"},
                                   {"flg_isdeleted", false},
                                   {"customer_ID", 999}}}));
    const json r = rows("Famiglia");
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].at("cod_famiglia"), "FAM1");
    EXPECT_EQ(r[0].at("des_famiglia"), "Caffè e tè");
    EXPECT_EQ(r[0].at("customer_ID"), 1) << "the tenant comes from the token, whatever the body says (A-26)";
    EXPECT_TRUE(r[0].at("Id").is_number_integer());
    EXPECT_TRUE(r[0].at("ts_update").is_string());
    EXPECT_EQ(r[0].at("dat_ultvar"), "2026-03-01T00:00:00.0000000") << "the stub's clock, datetime2";
    EXPECT_TRUE(r[0].at("dat_obsoleto").is_null());
    EXPECT_EQ(total("Famiglia", "", "other_tenant"), 0);
}

TEST_F(StubWrite, UpsertByKeyKeepsOneRowItsIdAndChangesTsUpdate) {
    sync("Famiglia", json::array({minimal(catalogue, "Famiglia", {{"cod_famiglia", "F1"}, {"des_famiglia", "one"}}),
                                  minimal(catalogue, "Famiglia", {{"cod_famiglia", "F2"}})}));
    const json before = rows("Famiglia", "RecordSelection=" + encode("cod_famiglia = 'F1'"))[0];
    clock.advance(std::chrono::milliseconds(5));
    sync("Famiglia", json::array({minimal(catalogue, "Famiglia", {{"cod_famiglia", "F1"}, {"des_famiglia", "uno"}})}));
    const json after = rows("Famiglia", "RecordSelection=" + encode("cod_famiglia = 'F1'"));
    ASSERT_EQ(after.size(), 1u);
    EXPECT_EQ(after[0].at("des_famiglia"), "uno");
    EXPECT_EQ(after[0].at("Id"), before.at("Id"));
    EXPECT_NE(after[0].at("ts_update"), before.at("ts_update"));
    EXPECT_GT(after[0].at("dat_ultvar").get<std::string>(), before.at("dat_ultvar").get<std::string>());
    EXPECT_EQ(total("Famiglia"), 2);
}

TEST_F(StubWrite, KeysCompareAsSqlServerDoes) {
    sync("Famiglia", json::array({minimal(catalogue, "Famiglia", {{"cod_famiglia", "abc"}})}));
    sync("Famiglia",
         json::array({minimal(catalogue, "Famiglia", {{"cod_famiglia", "ABC  "}, {"des_famiglia", "upper"}})}));
    const json r = rows("Famiglia");
    ASSERT_EQ(r.size(), 1u) << "case-insensitive collation, trailing spaces ignored: the same key";
    EXPECT_EQ(r[0].at("des_famiglia"), "upper");
    sync("CliFor", json::array({minimal(catalogue, "CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "X1"}}),
                                minimal(catalogue, "CliFor", {{"ind_clifor", "F"}, {"cod_clifor", "X1"}})}));
    EXPECT_EQ(total("CliFor"), 2) << "the same cod_clifor once as C and once as F (000 §2.1)";
}

TEST_F(StubWrite, StoresValuesTheWaySqlServerDoes) {
    sync("Articoli", json::array({minimal(catalogue, "Articoli",
                                          {{"cod_art", "A1"},
                                           {"cod_variante", ""},
                                           {"cod_conto_acq", "12"},
                                           {"dat_obsoleto", "2026-03-01T10:11:12.3456"},
                                           {"val_uca_acquis", nullptr},
                                           {"qta_pes_lordo_kg", 1.23456789},
                                           {"ind_stato_art", "A"}})}));
    const json r = rows("Articoli")[0];
    EXPECT_EQ(r.at("cod_conto_acq"), "12        ") << "char(10) is padded";
    EXPECT_EQ(r.at("ind_stato_art"), "A ") << "nchar(2) is padded";
    EXPECT_EQ(r.at("dat_obsoleto"), "2026-03-01T10:11:12.347") << "datetime rounds to 1/300 s";
    EXPECT_DOUBLE_EQ(r.at("qta_pes_lordo_kg").get<double>(), 1.234568) << "decimal scale 6 (A-16)";
}

struct BadRecord {
    const char* rule;
    json record;
};

TEST_F(StubWrite, ARejectedBlockNamesTheRecordAndFieldAndStoresNothing) {
    const json good = minimal(catalogue, "CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "GOOD"}});
    auto with = [&](const char* field, json value) {
        json r = minimal(catalogue, "CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "BAD"}});
        if (value.is_discarded())
            r.erase(field);
        else
            r[field] = value;
        return r;
    };
    const std::vector<BadRecord> bad = {
        {"missing required flg_isdeleted", with("flg_isdeleted", json::value_t::discarded)},
        {"missing key cod_clifor", with("cod_clifor", json::value_t::discarded)},
        {"nvarchar(60) one over", with("des_ragsoc", std::string(61, 'x'))},
        {"nvarchar(20) over in UTF-16 units (astral characters count 2)",
         with(
             "cod_clifor",
             "\U0001D11E\U0001D11E\U0001D11E\U0001D11E\U0001D11E\U0001D11E\U0001D11E\U0001D11E\U0001D11E\U0001D11E\U0001D11Ex")},
        {"varchar holds Windows-1252 only", with("cod_conto_cpart", "\u0141odz")},
        {"wrong JSON type", with("num_priorita_evas", "12")},
        {"int out of range", with("num_priorita_evas", 2147483648LL)},
        {"malformed datetime", with("dat_nasc", "31/12/2026")},
        {"impossible date", with("dat_nasc", "2026-02-30T00:00:00")},
        {"bit as a number", with("flg_isdeleted", 0)},
        {"value outside the allowed ones", with("ind_clifor", "X")},
        {"platform field sent", with("Id", 5)},
        {"unknown field", with("cod_clifor_typo", "x")},
        {"decimal overflow", with("val_fido", 1e20)},
    };
    for (const auto& b : bad) {
        const Answer a = post_json("/api/sync/CliFor", json::array({good, b.record}), token());
        EXPECT_EQ(a.status, 400) << b.rule << ": " << a.text;
        EXPECT_EQ(a.body.at("violations").at(0).at("index"), 1) << b.rule << ": " << a.text;
        EXPECT_NE(a.body.at("message").get<std::string>().find("record 1"), std::string::npos) << a.text;
    }
    EXPECT_EQ(total("CliFor"), 0) << "nothing of a rejected block is stored, not even its good record";
}

TEST_F(StubWrite, RefusesBodiesThatAreNotAJsonArrayOfRecords) {
    const std::string t = token();
    EXPECT_EQ(post("/api/sync/CliFor", "[{", t).status, 400);
    EXPECT_EQ(post("/api/sync/CliFor", "{\"cod_clifor\":\"x\"}", t).status, 400);
    EXPECT_EQ(post("/api/sync/CliFor", "\"text\"", t).status, 400);
    EXPECT_EQ(post("/api/sync/CliFor", "[\"\xff\xfe\"]", t).status, 400) << "not UTF-8";
    EXPECT_EQ(post("/api/sync/CliFor", "[]", t, "text/plain").status, 415);
    EXPECT_EQ(post("/api/sync/CliFor", "[1, null, []]", t).status, 400);
    EXPECT_EQ(post("/api/sync/CliFor", "[]", t).status, 200) << "an empty block (A-30)";
    EXPECT_EQ(total("CliFor"), 0);
}

TEST_F(StubWrite, DocumentLinesArePublishedWithTheirHeader) {
    json doc = minimal(
        catalogue, "StoricoDocumentiT",
        {{"key_documento", "DOC-1"}, {"cod_tipodoc", "FAT"}, {"num_anno", 2026}, {"dat_doc", "2026-02-27T00:00:00"}});
    doc["StoricoDocumentiR"] =
        json::array({{{"cod_art", "A1"}, {"qta_merce", 2}}, {{"key_documento", "doc-1"}, {"cod_art", "A2"}}});
    sync("StoricoDocumentiT", json::array({doc}));
    const json lines = rows("StoricoDocumentiR");
    ASSERT_EQ(lines.size(), 2u);
    for (const auto& l : lines)
        EXPECT_EQ(l.at("key_documento").get<std::string>().size(), 5u) << "each line repeats its header's key";
    EXPECT_EQ(lines[0].at("key_documento"), "DOC-1");
    EXPECT_EQ(rows("StoricoDocumentiT")[0].at("StoricoDocumentiR").size(), 2u);
    EXPECT_EQ(total("StoricoDocumentiR", "RecordSelection=" + encode("key_documento = 'DOC-1'")), 2);

    doc["StoricoDocumentiR"] = json::array({{{"key_documento", "OTHER"}}});
    EXPECT_EQ(post_json("/api/sync/StoricoDocumentiT", json::array({doc}), token()).status, 400)
        << "a line of another document";
    doc["StoricoDocumentiR"] = json::array({{{"cod_art", "A3"}}});
    sync("StoricoDocumentiT", json::array({doc}));
    EXPECT_EQ(total("StoricoDocumentiR"), 1) << "a header upsert replaces its lines (A-35)";
}

}  // namespace
}  // namespace bds::test
