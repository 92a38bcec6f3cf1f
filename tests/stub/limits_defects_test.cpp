// The stub at the limits of what a request carries: decimals kept digit for digit, pages far out empty (000
// §4.1: int32 PageSize and PageNumber), LastUtcRun at the ends of its types; and the defects of those limits,
// each a scenario on a faithful stub and on one with the defect.
#include "stub/defect_fixture.hpp"

namespace bds::test {
namespace {

using json = nlohmann::json;

/// A CliFor record whose val_fido is `number`, written into the body as it is (a JSON value would pass a double).
std::string clifor_with_decimal(const json& record, const std::string& number) {
    std::string body = json::array({record}).dump();
    body.insert(body.size() - 2, ",\"val_fido\":" + number);
    return body;
}

TEST_F(StubDefect, ADecimalOfEighteenDigitsReadsBackWithEveryDigit) {
    start(Defect::None);
    ASSERT_EQ(post("/api/sync/CliFor", clifor_with_decimal(clifor("C", "D1"), "123456789012.345678"), token()).status,
              200);
    const Answer a = get("/api/resources/CliFor?" + selection("cod_clifor = 'D1'"), token());
    EXPECT_NE(a.text.find("\"val_fido\":123456789012.345678"), std::string::npos) << a.text;
    // Read by RecordSelection as a decimal: exact comparisons still select it.
    EXPECT_EQ(rows("CliFor", selection("val_fido = 123456789012.345678")).size(), 1u);
    EXPECT_EQ(rows("CliFor", selection("val_fido > 123456789012.345677")).size(), 1u);
    EXPECT_EQ(rows("CliFor", selection("val_fido = 123456789012.345679")).size(), 0u);
}

TEST_F(StubDefect, ADecimalKeptExactIsAStringWhereDecimalsAreStrings) {
    stub::Choices choices;
    stub::apply_choices(choices, "A-83=string");
    start(Defect::None, choices);
    ASSERT_EQ(post("/api/sync/CliFor", clifor_with_decimal(clifor("C", "D2"), "-123456789012.345678"), token()).status,
              200);
    const Answer a = get("/api/resources/CliFor?" + selection("cod_clifor = 'D2'"), token());
    EXPECT_NE(a.text.find("\"val_fido\":\"-123456789012.345678\""), std::string::npos) << a.text;
}

TEST_F(StubDefect, DecimalAsDouble) {
    const auto [good, bad] = compare(Defect::named("decimal-as-double"), [&] {
        post("/api/sync/CliFor", clifor_with_decimal(clifor("C", "D3"), "123456789012.345678"), token());
        return get("/api/resources/CliFor?" + selection("cod_clifor = 'D3'"), token()).text;
    });
    EXPECT_NE(good.find("\"val_fido\":123456789012.345678"), std::string::npos) << good;
    EXPECT_NE(bad.find("\"val_fido\":123456789012.34567"), std::string::npos) << "the nearest double, printed\n" << bad;
    EXPECT_EQ(bad.find("123456789012.345678"), std::string::npos) << bad;
}

TEST_F(StubDefect, PageOffsetWraps) {
    const auto [good, bad] = compare(Defect::named("page-offset-wraps"), [&] {
        three_families();
        return rows("Famiglia", "PageSize=2&PageNumber=2147483647").size();
    });
    EXPECT_EQ(good, 0u) << "a page far past the end is empty";
    EXPECT_EQ(bad, 2u) << "the offset wrapped to a negative, read as 0";
}

TEST_F(StubDefect, PageOffsetOverflow500) {
    const auto [good, bad] = compare(Defect::named("page-offset-overflow-500"), [&] {
        return std::make_pair(get("/api/resources/Famiglia?PageSize=2&PageNumber=1073741825", token()).status,
                              get("/api/resources/Famiglia?PageSize=1&PageNumber=2147483647", token()).status);
    });
    EXPECT_EQ(good, std::make_pair(200, 200));
    EXPECT_EQ(bad, std::make_pair(500, 200)) << "2^31 - 2 still fits";
}

TEST_F(StubDefect, PageNumbersPastInt32AreNotInt32) {
    start(Defect::None);
    EXPECT_EQ(get("/api/resources/Famiglia?PageSize=1&PageNumber=2147483647", token()).status, 200);
    EXPECT_EQ(get("/api/resources/Famiglia?PageSize=1&PageNumber=2147483648", token()).status, 400);
}

TEST_F(StubDefect, EmptyBlock500) {
    const auto [good, bad] =
        compare(Defect::named("empty-block-500"), [&] { return post("/api/sync/Famiglia", "[]", token()).status; });
    EXPECT_EQ(good, 200);
    EXPECT_EQ(bad, 500);
}

TEST_F(StubDefect, EmptyBlockTouchesAll) {
    const auto [quiet, touched] = compare(Defect::named("empty-block-touches-all"), [&] {
        three_families();
        const Answer before = get("/api/resources/Famiglia?" + selection("cod_famiglia = 'F1'"), token());
        const std::string stamp = before.body.at("Records").at(0).at("ts_update").dump();
        post("/api/sync/Famiglia", "[]", token());
        const Answer after = get("/api/resources/Famiglia?" + selection("cod_famiglia = 'F1'"), token());
        return after.body.at("Records").at(0).at("ts_update").dump() == stamp;
    });
    EXPECT_TRUE(quiet);
    EXPECT_FALSE(touched) << "every record stamped again";
}

TEST_F(StubDefect, FarLastUtcRun500) {
    const auto [good, bad] = compare(Defect::named("far-last-utc-run-500"), [&] {
        return get("/api/sync/CliFor?LastUtcRun=" + encode("0001-01-01 00:00:00.000"), token()).status;
    });
    EXPECT_EQ(good, 200);
    EXPECT_EQ(bad, 500);
}

TEST_F(StubDefect, FarLastUtcRunIgnored) {
    const auto [good, bad] = compare(Defect::named("far-last-utc-run-ignored"), [&] {
        sync("CliFor", json::array({clifor("C", "A")}));
        return feed_size("CliFor", "9999-12-31 23:59:59.997");
    });
    EXPECT_EQ(good, 0u);
    EXPECT_EQ(bad, 1u);
}

TEST_F(StubDefect, YearOneIsRefusedWhereLastUtcRunIsADatetime) {
    stub::Choices choices;
    stub::apply_choices(choices, "A-122=datetime");
    start(Defect::None, choices);
    EXPECT_EQ(get("/api/sync/CliFor?LastUtcRun=" + encode("0001-01-01 00:00:00.000"), token()).status, 400);
    EXPECT_EQ(get("/api/sync/CliFor?LastUtcRun=" + encode("1753-01-01 00:00:00.000"), token()).status, 200);
}

}  // namespace
}  // namespace bds::test
