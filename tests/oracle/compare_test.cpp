// The type-aware comparison of sent and returned records: each rule passes what storing the value allows and
// reports a real difference with its pointer and reason; round trips through the stub compare equal (not too
// strict), and one mutated field gives exactly one difference (not too lax).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "generate/record_gen.hpp"
#include "oracle/compare.hpp"
#include "sql/datetime.hpp"
#include "stub/stub_fixture.hpp"

namespace bds::oracle {
namespace {

using json = nlohmann::json;

/// A record with a field of every type, and an open nested record for its list.
const Catalogue& types_catalogue() {
    static const Catalogue c = [] {
        auto field = [](const char* name, const char* type, bool key = false) {
            return json{{"name", name}, {"type", type},    {"nullable", !key},
                        {"key", key},   {"required", key}, {"managed", false}};
        };
        json t = {{"name", "T"},
                  {"kind", "resource"},
                  {"area", "a"},
                  {"meaning", "m"},
                  {"seed", "s"},
                  {"open", false},
                  {"read_only", false},
                  {"key", {"customer_ID", "code"}},
                  {"operations", {"GET resources", "POST sync"}},
                  {"fields", json::array()}};
        json tenant = field("customer_ID", "int", true);
        tenant["required"] = false;
        tenant["tenant"] = true;
        t["fields"].push_back(tenant);
        for (auto [n, ty] : std::vector<std::pair<const char*, const char*>>{{"c5", "nchar(5)"},
                                                                             {"ch", "char(4)"},
                                                                             {"vc", "varchar(10)"},
                                                                             {"nv", "nvarchar(20)"},
                                                                             {"n", "int"},
                                                                             {"d", "decimal"},
                                                                             {"f10", "float(10)"},
                                                                             {"f53", "float(53)"},
                                                                             {"dt", "datetime"},
                                                                             {"dt2", "datetime2"},
                                                                             {"b", "bit"}})
            t["fields"].push_back(field(n, ty));
        t["fields"].push_back(field("code", "nvarchar(10)", true));
        for (auto [n, ty] : std::vector<std::pair<const char*, const char*>>{
                 {"ts_update", "timestamp"}, {"dat_ultvar", "datetime2"}, {"Id", "int"}}) {
            json m = field(n, ty);
            m["managed"] = true;
            t["fields"].push_back(m);
        }
        json lines = field("lines", "list");
        lines["list_of"] = "L";
        t["fields"].push_back(lines);
        json l = {{"name", "L"},
                  {"kind", "nested"},
                  {"area", "a"},
                  {"meaning", "m"},
                  {"seed", "s"},
                  {"open", true},
                  {"read_only", false},
                  {"key", json::array()},
                  {"operations", json::array()},
                  {"fields", {field("n", "int"), field("t", "nchar(3)")}}};
        return Catalogue::from_json({{"service", json::object()},
                                     {"endpoints", json::array()},
                                     {"relations", json::array()},
                                     {"records", {t, l}}});
    }();
    return c;
}

const Record& T() { return *types_catalogue().find("T"); }

std::vector<Difference> diff(const json& sent, const json& returned, const CompareOptions& options = {}) {
    return compare_record(types_catalogue(), T(), sent, returned, options);
}

/// A record with key "K" and `field` set to `value` (which may be the key itself).
json with(const char* field, const json& value) {
    json r = {{"code", "K"}};
    r[field] = value;
    return r;
}

/// Sent `value` in `field` against returned `got`: equal or exactly one difference at /field.
void expect_equal(const char* field, const json& value, const json& got, const CompareOptions& options = {}) {
    const auto d = diff(with(field, value), with(field, got), options);
    EXPECT_TRUE(d.empty()) << field << ": " << value << " vs " << got << "\n" << format_differences(d);
}

void expect_differ(const char* field, const json& value, const json& got, const std::string& words = "",
                   const CompareOptions& options = {}) {
    const auto d = diff(with(field, value), with(field, got), options);
    ASSERT_EQ(d.size(), 1u) << field << ": " << value << " vs " << got << "\n" << format_differences(d);
    EXPECT_EQ(d[0].pointer, std::string("/") + field);
    EXPECT_EQ(d[0].field, field);
    EXPECT_EQ(d[0].sent, value);
    EXPECT_EQ(d[0].returned, got);
    EXPECT_NE(d[0].reason.find(words), std::string::npos) << d[0].reason;
}

TEST(Compare, TheSameRecordHasNoDifferences) {
    const json r = {{"code", "K1"},
                    {"c5", "ab"},
                    {"ch", "x"},
                    {"vc", "città"},
                    {"nv", "\U0001D11E"},
                    {"n", 7},
                    {"d", 1.5},
                    {"f10", 0.5},
                    {"f53", 0.1},
                    {"dt", "2023-01-01T00:00:00"},
                    {"dt2", "2023-01-01T00:00:00.1234567"},
                    {"b", true},
                    {"lines", {{{"n", 1}}}}};
    EXPECT_TRUE(diff(r, r).empty());
    EXPECT_EQ(format_differences({}), "no differences");
}

TEST(Compare, FixedTextIsEqualModuloTrailingSpacesOtherTextExactly) {
    expect_equal("c5", "ab", "ab   ");
    expect_equal("c5", "", "     ");
    expect_equal("ch", "ab", "ab  ");
    expect_differ("c5", "ab", "abc  ", "trailing-space padding");
    expect_differ("c5", "ab", " ab  ", "first at character 1");
    expect_differ("nv", "ab", "ab ", "compared exactly");
    expect_differ("nv", "Città", "città", "compared exactly");
    expect_differ("vc", "abc", "abd", "first at character 3");
    expect_differ("nv", "ab", 12, "expected a string");
}

TEST(Compare, DatetimeIsComparedAtOneThreeHundredthOfASecond) {
    // SQL Server's datetime holds .000, .003, .007: .0015 rounds down, .0017 and .002 up, .005 to .007.
    expect_equal("dt", "2023-01-01T00:00:00.001", "2023-01-01T00:00:00.000");
    expect_equal("dt", "2023-01-01T00:00:00.0015", "2023-01-01T00:00:00.000");
    expect_equal("dt", "2023-01-01T00:00:00.0017", "2023-01-01T00:00:00.003");
    expect_equal("dt", "2023-01-01T00:00:00.002", "2023-01-01 00:00:00.003");
    expect_equal("dt", "2023-01-01T00:00:00.005", "2023-01-01T00:00:00.007");
    expect_equal("dt", "2023-01-01T00:00:00.005",
                 "2023-01-01T00:00:00.0066667");  // a .NET DateTime of the stored value
    expect_equal("dt", "2023-01-01T00:00:00.999", "2023-01-01T00:00:01");
    expect_equal("dt", "2023-01-01T01:00:00+01:00", "2023-01-01T00:00:00Z");
    expect_differ("dt", "2023-01-01T00:00:00.0015", "2023-01-01T00:00:00.003", "rounds to 2023-01-01T00:00:00.000");
    expect_differ("dt", "2023-01-01T00:00:00.5017", "2023-01-01T00:00:00.500", "rounds to 2023-01-01T00:00:00.503");
    expect_differ("dt", "2023-01-01T00:00:00.005", "2023-01-01T00:00:00.003", "(1/300 s)");
    expect_differ("dt", "2023-01-01T00:00:00", "2023-01-02T00:00:00", "datetime");
    expect_differ("dt", "2023-01-01T00:00:00", "01/01/2023", "is not a date-time");
}

TEST(Compare, Datetime2IsComparedTo100Nanoseconds) {
    expect_equal("dt2", "2023-01-01T00:00:00.1234567", "2023-01-01 00:00:00.1234567");
    expect_equal("dt2", "2023-01-01T00:00:00", "2023-01-01T00:00:00.0000000Z");
    expect_equal("dt2", "2023-01-01T00:00:00.12", "2023-01-01T00:00:00.1200000");
    expect_differ("dt2", "2023-01-01T00:00:00.1234567", "2023-01-01T00:00:00.1235", "(100 ns)");
    expect_differ("dt2", "2023-01-01T00:00:00", "2023-01-01T00:00:00.0000001", "(100 ns)");
}

TEST(Compare, DateTimesKeptAtAnotherDatabasesPrecisionAreEqual) {
    // PostgreSQL keeps microseconds, MySQL's DATETIME whole seconds; either rounds or cuts.
    expect_equal("dt2", "2023-01-01T00:00:00.1234567", "2023-01-01T00:00:00.123457");
    expect_equal("dt2", "2023-01-01T00:00:00.1234567", "2023-01-01T00:00:00.123456");
    expect_equal("dt2", "2023-01-01T00:00:00.1234567", "2023-01-01T00:00:00.123");
    expect_equal("dt2", "2023-01-01T00:00:00.7", "2023-01-01T00:00:01");
    expect_equal("dt2", "2023-01-01T00:00:00.7", "2023-01-01T00:00:00");
    expect_equal("dt", "2023-01-01T23:59:59.400", "2023-01-01T23:59:59");
    expect_differ("dt2", "2023-01-01T00:00:00.7", "2023-01-01T00:00:02", "nor equal at 1 µs, 1 ms or 1 s");
    expect_differ("dt", "2023-01-01T10:00:00.400", "2023-01-01T10:00:00.300", "A-106");
}

TEST(Compare, AnEmptyTextMayBeStoredAsNullInANullableField) {
    expect_equal("nv", "", nullptr);
    expect_differ("nv", "a", nullptr, "");
    expect_differ("code", "", nullptr, "");  // a key is never NULL
}

TEST(Compare, DecimalsAreEqualAtTheProfilesScale) {
    expect_equal("d", 1.1, 1.10);
    expect_equal("d", 1.2345675, 1.234568);  // rounds half away from zero to 6 places
    expect_equal("d", -0.0000005, -0.000001);
    expect_equal("d", 12, 12.0);
    expect_differ("d", 1.2345675, 1.234566, "rounds to 1.234568");
    expect_equal("d", 1.2345675, 1.234567);  // cut rather than rounded
    expect_differ("d", 1.5, 1.25, "decimal (scale 6)");
    expect_equal("d", 1.5, "1.500000");  // a target may write decimals as strings
    expect_differ("d", 1, "1.5", "rounds");
    expect_differ("d", 1, "one", "expected a number");
    CompareOptions two;
    two.profile.decimal_scale = 2;
    expect_equal("d", 1.005, 1.01, two);
    expect_equal("d", 1.005, 1.0149, two);  // the returned value is read at the scale too
    expect_differ("d", 1.005, 0.99, "decimal (scale 2)", two);
}

TEST(Compare, FloatsAreEqualAtTheirStoredPrecision) {
    const double widened = static_cast<double>(0.1f);  // 0.10000000149011612: a real's 0.1 read as a double
    expect_equal("f10", 0.1, widened);
    expect_differ("f53", 0.1, widened, "8-byte float");
    expect_equal("f53", 0.1, 0.1);
    expect_differ("f10", 0.1, 0.2, "4-byte real");
    expect_equal("f10", 3, 3.0);
}

TEST(Compare, IntsAndBitsAreExact) {
    expect_equal("n", 5, 5.0);
    expect_differ("n", 5, 6, "int: sent 5, returned 6");
    expect_differ("n", 5, "5", "expected a number");
    expect_equal("b", true, true);
    expect_equal("b", true, 1);  // decided: 0/1 are the same stored bit (the schema suite reports the JSON type)
    expect_equal("b", false, 0);
    expect_differ("b", true, false, "bit: sent true, returned false");
    expect_differ("b", false, 2, "expected a boolean");
    expect_differ("b", true, "true", "expected a boolean");
}

TEST(Compare, AnAbsentFieldComparesAsNull) {
    EXPECT_TRUE(diff({{"code", "K"}, {"nv", nullptr}, {"dt", nullptr}}, {{"code", "K"}}).empty());
    const auto d = diff({{"code", "K"}, {"nv", "x"}}, {{"code", "K"}});
    ASSERT_EQ(d.size(), 1u) << format_differences(d);
    EXPECT_EQ(d[0].pointer, "/nv");
    EXPECT_TRUE(d[0].returned.is_null());
    EXPECT_NE(d[0].reason.find("absent in the returned record"), std::string::npos) << d[0].reason;
    expect_differ("nv", nullptr, "x", "sent null, returned a value");
    expect_differ("n", 0, nullptr, "sent a value, returned null");
}

TEST(Compare, PlatformAndTenantFieldsAreNotCompared) {
    const json sent = {
        {"code", "K"}, {"customer_ID", 1}, {"Id", 1}, {"ts_update", "AAA="}, {"dat_ultvar", "2020-01-01T00:00:00"}};
    const json got = {
        {"code", "K"}, {"customer_ID", 2}, {"Id", 9}, {"ts_update", 77}, {"dat_ultvar", "2026-01-01T00:00:00"}};
    EXPECT_TRUE(diff(sent, got).empty()) << format_differences(diff(sent, got));
    // Fields returned but not sent are not compared either.
    EXPECT_TRUE(diff({{"code", "K"}}, {{"code", "K"}, {"nv", "extra"}}).empty());
}

TEST(Compare, NestedListsAreComparedElementByElementInOrder) {
    const json sent = {{"code", "K"}, {"lines", {{{"n", 1}, {"t", "ab"}, {"x", "a"}}, {{"n", 2}, {"t", "cd"}}}}};
    const json same = {{"code", "K"},
                       {"lines", {{{"n", 1}, {"t", "ab "}, {"x", "a"}, {"extra", 1}}, {{"n", 2.0}, {"t", "cd "}}}}};
    EXPECT_TRUE(diff(sent, same).empty()) << format_differences(diff(sent, same));

    json changed = same;
    changed["lines"][1]["n"] = 3;
    auto d = diff(sent, changed);
    ASSERT_EQ(d.size(), 1u) << format_differences(d);
    EXPECT_EQ(d[0].pointer, "/lines/1/n");
    EXPECT_EQ(d[0].field, "n");

    json open_field = same;
    open_field["lines"][0]["x"] = "b";  // a field the nested record does not list: compared as JSON
    d = diff(sent, open_field);
    ASSERT_EQ(d.size(), 1u) << format_differences(d);
    EXPECT_EQ(d[0].pointer, "/lines/0/x");

    json swapped = same;
    std::swap(swapped["lines"][0], swapped["lines"][1]);
    EXPECT_GE(diff(sent, swapped).size(), 2u) << "order counts";

    json shorter = same;
    shorter["lines"].erase(1);
    d = diff(sent, shorter);
    ASSERT_EQ(d.size(), 1u) << format_differences(d);
    EXPECT_EQ(d[0].pointer, "/lines");
    EXPECT_NE(d[0].reason.find("sent 2 elements, returned 1"), std::string::npos) << d[0].reason;

    EXPECT_TRUE(diff({{"code", "K"}, {"lines", nullptr}}, {{"code", "K"}, {"lines", json::array()}}).empty());
    EXPECT_TRUE(diff({{"code", "K"}, {"lines", json::array()}}, {{"code", "K"}}).empty());
    EXPECT_EQ(diff({{"code", "K"}, {"lines", nullptr}}, {{"code", "K"}, {"lines", {json::object()}}}).size(), 1u);
}

TEST(Compare, KeysCanBeComparedAsTheUniqueIndexDoes) {
    expect_differ("code", "abc", "ABC ", "compared exactly");
    CompareOptions ci;
    ci.key_collation = Collation::CaseInsensitive;
    expect_equal("code", "abc", "ABC ", ci);
    expect_differ("code", "abc", "abd", "unique index", ci);
    CompareOptions cs;
    cs.key_collation = Collation::CaseSensitive;
    expect_equal("code", "abc", "abc  ", cs);
    expect_differ("code", "abc", "ABC", "case-sensitive", cs);
}

TEST(Compare, SameKeyFollowsTheCollationAndIgnoresTheTenant) {
    static const Catalogue cat = builtin_catalogue();
    const Record& clifor = *cat.find("CliFor");
    const json a = {{"customer_ID", 1}, {"ind_clifor", "C"}, {"cod_clifor", "abc"}};
    EXPECT_TRUE(same_key(clifor, a, {{"customer_ID", 2}, {"ind_clifor", "C"}, {"cod_clifor", "ABC  "}},
                         Collation::CaseInsensitive));
    EXPECT_FALSE(same_key(clifor, a, {{"ind_clifor", "C"}, {"cod_clifor", "ABC"}}, Collation::CaseSensitive));
    EXPECT_TRUE(same_key(clifor, a, {{"ind_clifor", "C"}, {"cod_clifor", "abc "}}, Collation::CaseSensitive));
    EXPECT_FALSE(same_key(clifor, a, {{"ind_clifor", "F"}, {"cod_clifor", "abc"}}, Collation::CaseInsensitive));
    // One key where an accent-insensitive database's unique index makes them one: generators never make both.
    EXPECT_TRUE(same_key(clifor, a, {{"ind_clifor", "C"}, {"cod_clifor", "àbc"}}, Collation::CaseInsensitive));
    EXPECT_FALSE(same_key(clifor, a, {{"ind_clifor", "C"}, {"cod_clifor", "àbc"}}, Collation::CaseSensitive));
}

TEST(Compare, TheReportNamesEachDifference) {
    const auto d = diff({{"code", "K"}, {"n", 1}, {"nv", "a"}}, {{"code", "K"}, {"n", 2}, {"nv", "b"}});
    const std::string report = format_differences(d);
    EXPECT_NE(report.find("2 differences"), std::string::npos) << report;
    EXPECT_NE(report.find("/n: sent 1, returned 2"), std::string::npos) << report;
    EXPECT_NE(report.find("/nv: sent \"a\", returned \"b\""), std::string::npos) << report;
    EXPECT_NE(report.find("int: sent 1, returned 2"), std::string::npos) << report;
}

// ---- round trips through the stub ----

std::vector<std::string> writable(const Catalogue& cat) {
    std::vector<std::string> out;
    for (const Record* r : cat.resources())
        if (r->writable()) out.push_back(r->name);
    return out;
}

/// A generated record the stub accepts as it is: document lines repeat their header's key_documento.
json sendable(const Record& resource, json record) {
    if (resource.name == "StoricoDocumentiT" && record.contains("StoricoDocumentiR") &&
        record["StoricoDocumentiR"].is_array())
        for (auto& line : record["StoricoDocumentiR"]) line["key_documento"] = record["key_documento"];
    return record;
}

class CompareOnStub : public test::StubTest {
protected:
    /// Sends one generated record of a random writable resource and reads it back by key.
    std::pair<json, json> round_trip(const Record*& resource) {
        resource = catalogue.find(*rc::gen::elementOf(writable(catalogue)));
        gen::RecordGenOptions options;
        options.run_prefix = "cmp";
        const json sent = sendable(*resource, *gen::sent_record_gen(catalogue, *resource, options));
        if (bearer.empty()) bearer = token();
        const auto posted = post_json("/api/sync/" + resource->name, json::array({sent}), bearer);
        RC_ASSERT(posted.status == 200);
        const auto read = get("/api/resources/" + resource->name, bearer);
        RC_ASSERT(read.status == 200);
        for (const auto& row : read.body.at("Records"))
            if (same_key(*resource, sent, row, Collation::CaseInsensitive)) return {sent, row};
        RC_FAIL("the record sent is not among the " + resource->name + " rows read back");
    }

    std::string bearer;
};

/// A returned value changed so that it really differs from `sent` under the field's type.
json mutate(const Field& f, const json& v) {
    switch (f.type.kind) {
        case SqlKind::NChar:
        case SqlKind::NVarChar:
        case SqlKind::Char:
        case SqlKind::VarChar: return v.is_string() ? json(v.get<std::string>() + "x") : json("x");
        case SqlKind::Int: return v.is_number() ? json(v.get<std::int64_t>() + 1) : json(0);
        case SqlKind::Decimal:
            return v.is_number_integer() ? json(v.get<std::int64_t>() + 1)
                   : v.is_number()       ? json(v.get<double>() + 1.0)
                                         : json(1);
        case SqlKind::Float: return v.is_number() && v.get<double>() != 0.0 ? json(v.get<double>() * 2) : json(1.0);
        case SqlKind::Datetime:
        case SqlKind::Datetime2: {
            const sql::Ticks t =
                v.is_string()
                    ? sql::parse_datetime(v.get<std::string>(), f.type.kind, sql::TimeSource::Record).ticks.value_or(-1)
                    : -1;
            const sql::Ticks y2000 =
                sql::parse_datetime("2000-01-01T00:00:00", f.type.kind, sql::TimeSource::Record).ticks.value_or(-2);
            return json(t == y2000 ? "2001-01-01T00:00:00" : "2000-01-01T00:00:00");
        }
        case SqlKind::Bit: return json(!(v.is_boolean() && v.get<bool>()));
        case SqlKind::List: {
            json list = v.is_array() ? v : json::array();
            list.push_back({{"mutated", 1}});
            return list;
        }
        case SqlKind::Timestamp: break;
    }
    return v;
}

RC_GTEST_FIXTURE_PROP(CompareOnStub, EveryGeneratedRecordReadBackComparesEqual, ()) {
    const Record* resource = nullptr;
    const auto [sent, row] = round_trip(resource);
    const auto d = compare_record(catalogue, *resource, sent, row);
    if (!d.empty()) RC_FAIL(resource->name + ": " + format_differences(d));
}

RC_GTEST_FIXTURE_PROP(CompareOnStub, OneMutatedReturnedFieldGivesExactlyOneDifference, ()) {
    const Record* resource = nullptr;
    auto [sent, row] = round_trip(resource);
    std::vector<std::string> compared;
    for (const auto& [name, value] : sent.items()) {
        const Field* f = resource->field(name);
        if (f && !f->tenant && !f->managed && f->type.kind != SqlKind::Timestamp) compared.push_back(name);
    }
    RC_ASSERT(!compared.empty());
    const std::string name = *rc::gen::elementOf(compared);
    row[name] = mutate(*resource->field(name), row.value(name, json()));
    const auto d = compare_record(catalogue, *resource, sent, row);
    RC_ASSERT(d.size() == 1u);
    RC_ASSERT(d[0].pointer == "/" + name);
}

}  // namespace
TEST(Compare, IndexKeysAreOneWhereAUniqueIndexCouldMakeThemOne) {
    const Record& r = T();
    EXPECT_EQ(index_key(r, {{"code", "Città "}}, Collation::CaseInsensitive),
              index_key(r, {{"code", "citta"}}, Collation::CaseInsensitive));
    EXPECT_NE(index_key(r, {{"code", "Città"}}, Collation::CaseSensitive),
              index_key(r, {{"code", "città"}}, Collation::CaseSensitive));
    EXPECT_EQ(index_key(r, {{"code", "ab  "}}, Collation::CaseSensitive),
              index_key(r, {{"code", "ab"}}, Collation::CaseSensitive));
    EXPECT_NE(index_key(r, {{"code", "ab"}}, Collation::CaseInsensitive),
              index_key(r, {{"code", "abc"}}, Collation::CaseInsensitive));
}

}  // namespace bds::oracle
