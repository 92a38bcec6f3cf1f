// The record validator: the schema's rules (valijson) and the SQL type rules a schema cannot say.
#include <gtest/gtest.h>

#include "catalogue/catalogue.hpp"
#include "schema/record_validator.hpp"
#include "test_records.hpp"

namespace bds {
namespace {

using json = nlohmann::json;

class RecordValidatorTest : public ::testing::Test {
protected:
    const Catalogue& cat = test::catalogue();
    std::vector<Violation> check(const char* resource, const json& record) {
        return RecordValidator(cat, *cat.find(resource), Direction::Sent).validate(record, "/7");
    }
    static json clifor() { return {{"ind_clifor", "C"}, {"cod_clifor", "X"}, {"flg_isdeleted", false}}; }
};

TEST_F(RecordValidatorTest, AValidRecordHasNoViolation) { EXPECT_TRUE(check("CliFor", clifor()).empty()); }

TEST_F(RecordValidatorTest, ViolationsSayWhereWhichFieldAndWhat) {
    json r = clifor();
    r["des_ragsoc"] = std::string(61, 'x');
    const auto v = check("CliFor", r);
    ASSERT_FALSE(v.empty());
    EXPECT_EQ(v[0].pointer, "/7/des_ragsoc");
    EXPECT_EQ(v[0].field, "des_ragsoc");
    r = clifor();
    r.erase("flg_isdeleted");
    const auto missing = check("CliFor", r);
    ASSERT_EQ(missing.size(), 1u);
    EXPECT_NE(missing[0].message.find("flg_isdeleted"), std::string::npos) << missing[0].message;
}

TEST_F(RecordValidatorTest, CountsNvarcharInUtf16UnitsNotCodePoints) {
    json r = clifor();
    std::string astral;
    for (int i = 0; i < 10; ++i) astral += "\U0001D11E";  // 10 code points, 20 UTF-16 units: fits nvarchar(20)
    r["cod_clifor"] = astral;
    EXPECT_TRUE(check("CliFor", r).empty());
    r["cod_clifor"] = astral + "a";  // 11 code points (the schema's maxLength passes), 21 units: SQL Server refuses
    const auto v = check("CliFor", r);
    ASSERT_EQ(v.size(), 1u);
    EXPECT_NE(v[0].message.find("21"), std::string::npos) << v[0].message;
}

TEST_F(RecordValidatorTest, VarcharHoldsWindows1252Only) {
    json r = clifor();
    r["cod_conto_cpart"] = "Caffè €";  // both in Windows-1252
    EXPECT_TRUE(check("CliFor", r).empty());
    r["cod_conto_cpart"] = "Łódź";
    const auto v = check("CliFor", r);
    ASSERT_EQ(v.size(), 1u);
    EXPECT_NE(v[0].message.find("U+0141"), std::string::npos) << v[0].message;
}

TEST_F(RecordValidatorTest, DatetimesMustBeRealDatesAndDecimalsFitTheirPrecision) {
    json r = clifor();
    r["dat_nasc"] = "2023-02-29T00:00:00";  // matches the schema's pattern, but no such day
    EXPECT_EQ(check("CliFor", r).size(), 1u);
    r = clifor();
    r["val_fido"] = 9999999999999.5;  // 13 integer digits: decimal(19,6) holds them
    EXPECT_TRUE(check("CliFor", r).empty());
    r["val_fido"] = 1e13;
    EXPECT_EQ(check("CliFor", r).size(), 1u);
}

TEST_F(RecordValidatorTest, ChecksNestedLinesAndPointsIntoThem) {
    json doc = {{"key_documento", "D"},
                {"flg_isdeleted", false},
                {"StoricoDocumentiR", json::array({{{"key_documento", std::string(501, 'k')}}})}};
    const auto v = check("StoricoDocumentiT", doc);
    ASSERT_FALSE(v.empty());
    EXPECT_EQ(v[0].pointer, "/7/StoricoDocumentiR/0/key_documento");
}

}  // namespace
}  // namespace bds
