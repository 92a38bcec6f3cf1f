// The generated schemas accept the records the seeds describe and refuse the ones that break a rule,
// checked with valijson (a validator we did not write).
#include <gtest/gtest.h>

#include "catalogue/catalogue.hpp"
#include "schema/record_schema.hpp"
#include "schema/schema_errors.hpp"
#include "schema/schema_files.hpp"
#include "test_records.hpp"

namespace bds {
namespace {

using json = nlohmann::json;

/// The errors valijson reports for `doc` against the generated file `file` (empty = valid).
class SchemaTest : public ::testing::Test {
protected:
    const Catalogue& cat = test::catalogue();
    std::map<std::string, std::string> files = schema_files(cat);

    std::vector<std::string> errors(const std::string& file, const json& doc) {
        std::vector<std::string> out;
        for (const auto& e : schema_errors(json::parse(files.at(file)), doc))
            out.push_back(json_pointer_text(e.path) + ": " + e.description);
        return out;
    }

    bool valid(const std::string& file, const json& doc) { return errors(file, doc).empty(); }

    json minimal_sent(const Record& r) { return test::minimal(cat, r.name); }

    /// A returned record: every NOT NULL field set, the platform fields filled in.
    json minimal_returned(const Record& r) {
        json rec = minimal_sent(r);
        for (const auto& f : r.fields) {
            if (f.nullable || rec.contains(f.name)) continue;
            if (f.type.kind == SqlKind::Timestamp)
                rec[f.name] = "AAAAAAAAB9E=";
            else if (f.type.kind == SqlKind::Int)
                rec[f.name] = 7;
            else if (f.type.kind == SqlKind::Bit)
                rec[f.name] = false;
            else if (f.type.kind == SqlKind::Datetime)
                rec[f.name] = "2024-03-01 10:00:00.000";
            else
                rec[f.name] = "X";
        }
        return rec;
    }
};

TEST_F(SchemaTest, EverySchemaFileParsesInValijson) {
    for (const auto& [name, text] : files) {
        SCOPED_TRACE(name);
        EXPECT_NO_THROW(schema_errors(json::parse(text), json::object()));  // valijson parses the schema first
    }
}

TEST_F(SchemaTest, FilesExistForEveryRecordAndEveryWritableResource) {
    for (const auto& r : cat.records()) {
        EXPECT_TRUE(files.count(r.name + ".json")) << r.name;
        EXPECT_EQ(files.count(r.name + ".sent.json"), r.writable() ? 1u : 0u) << r.name;
        EXPECT_EQ(files.count(r.name + ".block.json"), r.writable() ? 1u : 0u) << r.name;
    }
    EXPECT_EQ(files.size(), 23u + 2u * 12u);
}

TEST_F(SchemaTest, TheMinimalRecordOfEveryWritableResourceIsAValidSentRecordAndBlock) {
    for (const Record* r : cat.resources()) {
        if (!r->writable()) continue;
        const json rec = minimal_sent(*r);
        EXPECT_EQ(errors(r->name + ".sent.json", rec), std::vector<std::string>{}) << r->name << " " << rec.dump();
        EXPECT_TRUE(valid(r->name + ".block.json", json::array({rec, rec}))) << r->name;
        EXPECT_TRUE(valid(r->name + ".block.json", json::array())) << "an empty block is still an array";
    }
}

TEST_F(SchemaTest, ASentRecordMissingARequiredFieldIsRefused) {
    for (const Record* r : cat.resources()) {
        if (!r->writable()) continue;
        for (const auto& f : r->fields) {
            if (!f.required) continue;
            json rec = minimal_sent(*r);
            rec.erase(f.name);
            EXPECT_FALSE(valid(r->name + ".sent.json", rec)) << r->name << " without " << f.name;
        }
    }
}

TEST_F(SchemaTest, ABlockThatIsNotAnArrayIsRefused) {
    const json rec = minimal_sent(*cat.find("CliFor"));
    EXPECT_FALSE(valid("CliFor.block.json", rec));
    EXPECT_FALSE(valid("CliFor.block.json", json::object({{"records", json::array({rec})}})));
}

TEST_F(SchemaTest, PlatformFieldsAndUnknownFieldsAreNotPartOfASentRecord) {
    json rec = minimal_sent(*cat.find("Famiglia"));
    EXPECT_TRUE(valid("Famiglia.sent.json", rec));
    rec["customer_ID"] = 42;
    EXPECT_TRUE(valid("Famiglia.sent.json", rec)) << "customer_ID is not part of the minimal shape, but may be sent";
    for (const char* managed : {"Id", "ts_update", "dat_ultvar"}) {
        json with = rec;
        with[managed] = managed == std::string("Id") ? json(5) : json("2024-01-01T00:00:00");
        EXPECT_FALSE(valid("Famiglia.sent.json", with)) << managed << " is maintained by the platform";
    }
    rec["des_famiglia_typo"] = "x";
    EXPECT_FALSE(valid("Famiglia.sent.json", rec));
}

TEST_F(SchemaTest, SqlTypesBoundTheValues) {
    json rec = minimal_sent(*cat.find("Famiglia"));
    rec["cod_famiglia"] = std::string(10, 'A');
    EXPECT_TRUE(valid("Famiglia.sent.json", rec)) << "nvarchar(10) holds 10";
    rec["cod_famiglia"] = std::string(11, 'A');
    EXPECT_FALSE(valid("Famiglia.sent.json", rec)) << "nvarchar(10) does not hold 11";
    rec = minimal_sent(*cat.find("StatiEsteri"));
    rec["num_carat_piva"] = 2147483647;
    EXPECT_TRUE(valid("StatiEsteri.sent.json", rec));
    rec["num_carat_piva"] = 2147483648LL;
    EXPECT_FALSE(valid("StatiEsteri.sent.json", rec)) << "int is 32-bit";
    rec["num_carat_piva"] = "11";
    EXPECT_FALSE(valid("StatiEsteri.sent.json", rec)) << "wrong JSON type";
    rec["num_carat_piva"] = nullptr;
    EXPECT_TRUE(valid("StatiEsteri.sent.json", rec)) << "nullable";
    rec["flg_isdeleted"] = 0;
    EXPECT_FALSE(valid("StatiEsteri.sent.json", rec)) << "bit is a JSON boolean";
    rec = minimal_sent(*cat.find("StatiEsteri"));
    rec["dat_obsoleto"] = "01/03/2024";
    EXPECT_FALSE(valid("StatiEsteri.sent.json", rec)) << "datetime is ISO 8601";
    for (const char* ok : {"2024-03-01T10:11:12", "2024-03-01 10:11:12.000", "2024-03-01T10:11:12.1234567Z",
                           "2024-03-01T10:11:12+01:00", "2024-03-01"}) {
        rec["dat_obsoleto"] = ok;
        EXPECT_TRUE(valid("StatiEsteri.sent.json", rec)) << ok;
    }
}

TEST_F(SchemaTest, AllowedValuesAreEnforcedAndNullStaysAllowedWhereNullable) {
    json rec = minimal_sent(*cat.find("StoricoDocumentiT"));
    for (const char* v : {"E", "P", "I"}) {
        rec["ind_stato_evas"] = v;
        EXPECT_TRUE(valid("StoricoDocumentiT.sent.json", rec)) << v;
    }
    rec["ind_stato_evas"] = nullptr;
    EXPECT_TRUE(valid("StoricoDocumentiT.sent.json", rec));
    rec["ind_stato_evas"] = "X";
    EXPECT_FALSE(valid("StoricoDocumentiT.sent.json", rec));
    json cf = minimal_sent(*cat.find("CliFor"));
    cf["ind_clifor"] = "X";
    EXPECT_FALSE(valid("CliFor.sent.json", cf)) << "C = customer, F = supplier";
    cf["ind_clifor"] = "F";
    cf["num_mese_escl1"] = 13;
    EXPECT_FALSE(valid("CliFor.sent.json", cf)) << "months 1 to 12";
}

TEST_F(SchemaTest, DocumentLinesTravelNestedInTheirHeaderAndStayOpen) {
    json doc = minimal_sent(*cat.find("StoricoDocumentiT"));
    doc["StoricoDocumentiR"] = json::array({{{"key_documento", "X1"}, {"prg_riga", 1}, {"cod_art", "A"}}});
    EXPECT_TRUE(valid("StoricoDocumentiT.sent.json", doc))
        << "line fields are not shown, so unknown line fields are allowed";
    doc["StoricoDocumentiR"] = json::array({{{"key_documento", 5}}});
    EXPECT_FALSE(valid("StoricoDocumentiT.sent.json", doc)) << "key_documento is nvarchar(500)";
    doc["StoricoDocumentiR"] = "not a list";
    EXPECT_FALSE(valid("StoricoDocumentiT.sent.json", doc));
}

TEST_F(SchemaTest, AReturnedRecordCarriesItsNotNullAndPlatformFields) {
    for (const Record* r : cat.resources()) {
        if (r->open) continue;
        const json rec = minimal_returned(*r);
        EXPECT_EQ(errors(r->name + ".json", rec), std::vector<std::string>{}) << r->name << " " << rec.dump();
        for (const char* must : {"Id", "ts_update", "flg_isdeleted", "customer_ID"}) {
            json without = rec;
            without.erase(must);
            EXPECT_FALSE(valid(r->name + ".json", without)) << r->name << " without " << must;
        }
        json with_null = rec;
        with_null["Id"] = nullptr;
        EXPECT_FALSE(valid(r->name + ".json", with_null)) << r->name << ": Id is not null";
    }
}

TEST_F(SchemaTest, TimestampIsAStringOrAnInteger) {
    json rec = minimal_returned(*cat.find("Famiglia"));
    rec["ts_update"] = 2001;
    EXPECT_TRUE(valid("Famiglia.json", rec));
    rec["ts_update"] = true;
    EXPECT_FALSE(valid("Famiglia.json", rec));
}

TEST_F(SchemaTest, ViewsNestTheirLinesAndRefuseFieldsTheyDoNotList) {
    json line = minimal_returned(*cat.find("MCPDocumentiR"));
    json head = minimal_returned(*cat.find("MCPDocumentiT"));
    head["MCPDocumentiR"] = json::array({line});
    EXPECT_TRUE(valid("MCPDocumentiT.json", head));
    line.erase("prg_riga");
    head["MCPDocumentiR"] = json::array({line});
    EXPECT_FALSE(valid("MCPDocumentiT.json", head)) << "a nested line is validated as an MCPDocumentiR record";
    json client = minimal_returned(*cat.find("MCPClienti"));
    client["cod_naz_res"] = 39.0;
    EXPECT_TRUE(valid("MCPClienti.json", client)) << "float(10) in these views";
    client["des_cogn"] = "Rossi";
    EXPECT_FALSE(valid("MCPClienti.json", client)) << "a field of CliFor that the view does not list";
}

TEST(RecordSchema, KeepsTheSqlTypeAsAnExtensionKeyword) {
    const Catalogue cat = builtin_catalogue();
    const auto* r = cat.find("CliFor");
    const auto s = field_schema(cat, *r->field("des_ragsoc"), Dialect::JsonSchema07, Direction::Returned);
    EXPECT_EQ(s.at("x-sql-type"), "nvarchar(60)");
    EXPECT_EQ(s.at("maxLength"), 60);
    EXPECT_EQ(s.at("type"), nlohmann::ordered_json::array({"string", "null"}));
    const auto o = field_schema(cat, *r->field("des_ragsoc"), Dialect::OpenApi30, Direction::Returned);
    EXPECT_EQ(o.at("type"), "string");
    EXPECT_EQ(o.at("nullable"), true);
}

TEST(RecordSchema, ANullableEnumIsTwoBranchesInOpenApiAndOneEnumInJsonSchema) {
    const Catalogue cat = builtin_catalogue();
    const auto* r = cat.find("StoricoDocumentiT");
    const auto& f = *r->field("ind_clifor_c");
    ASSERT_TRUE(f.nullable);
    const auto j = field_schema(cat, f, Dialect::JsonSchema07, Direction::Returned);
    EXPECT_EQ(j.at("enum"), nlohmann::ordered_json::array({"C", "F", nullptr}));
    const auto o = field_schema(cat, f, Dialect::OpenApi30, Direction::Returned);
    // No enum beside `nullable`: Prism's converter would add null to it a second time.
    EXPECT_FALSE(o.contains("enum"));
    EXPECT_EQ(o.at("anyOf"), nlohmann::ordered_json::parse(R"([{"enum":["C","F"]},{"enum":[null]}])"));
}

}  // namespace
}  // namespace bds
