// src/sql: what the stub and the validator add to the RecordSelection module's value semantics.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "sql/datetime.hpp"
#include "sql/decimal.hpp"
#include "sql/text.hpp"

namespace bds::sql {
namespace {

Ticks at(const char* text, SqlKind kind = SqlKind::Datetime2) {
    return *parse_datetime(text, kind, TimeSource::Record).ticks;
}

TEST(SqlText, CountsUtf16UnitsAndCutsAndPadsWithoutSplittingCharacters) {
    EXPECT_EQ(utf16_length(*utf8_to_u32("Caffè")), 5u);
    EXPECT_EQ(utf16_length(*utf8_to_u32("\U0001D11E")), 2u) << "an astral character is a surrogate pair";
    // Measured without decoding: the same counts, and the same refusals.
    for (const std::string text : {"", "abc", "Caffè", "\U0001D11Ex", "€ and 中"}) {
        const auto length = utf8_length(text);
        ASSERT_TRUE(length) << text;
        EXPECT_EQ(length->characters, utf8_to_u32(text)->size()) << text;
        EXPECT_EQ(length->utf16_units, utf16_length(*utf8_to_u32(text))) << text;
    }
    for (const std::string bad : {"\xC3", "a\xC0\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80"}) {
        EXPECT_FALSE(utf8_length(bad)) << "utf8_to_u32 refuses it too";
        EXPECT_FALSE(utf8_to_u32(bad));
    }
    EXPECT_EQ(first_outside_windows_1252("Caffè € and 中 and ☃"), U'中') << "€ has a Windows-1252 code (0x80)";
    EXPECT_EQ(first_outside_windows_1252("Caffè €"), std::nullopt);
    EXPECT_EQ(truncate_utf16("Caffè Perù", 5), "Caffè");
    EXPECT_EQ(truncate_utf16("a\U0001D11Eb", 2), "a") << "never half a surrogate pair";
    EXPECT_EQ(truncate_utf16("short", 10), "short");
    EXPECT_EQ(pad_utf16("è", 3), "è  ");
    EXPECT_EQ(pad_utf16("abcd", 2), "abcd");
    EXPECT_EQ(fold_case_utf8("ÀBC Perù"), "àbc perù");
    EXPECT_EQ(hex_code_point(U'\u0141'), "0141");
}

// The stub's key and index lookups rely on it: equal keys exactly when `=` says equal.
RC_GTEST_PROP(SqlText, EqualityKeysAreEqualExactlyWhenComparePaddedSaysEqual, ()) {
    const auto text =
        rc::gen::container<std::u32string>(rc::gen::elementOf(std::u32string(U" aA\u00e0\u00c0\u0130i\u03a3\u03c3\t")));
    const auto a = *rc::gen::resize(6, text);
    const auto b = *rc::gen::oneOf(rc::gen::just(a), rc::gen::just(a + U"  "), rc::gen::resize(6, text));
    for (const bool fold : {false, true})
        RC_ASSERT((sql::compare_padded(a, b, fold) == 0) == (sql::equality_key(a, fold) == sql::equality_key(b, fold)));
}

TEST(SqlDatetime, FormatsAsTheStubWritesAndRoundsDatetimeTo300ths) {
    EXPECT_EQ(format_datetime(at("2026-03-01T10:11:12.3456"), SqlKind::Datetime), "2026-03-01T10:11:12.347");
    EXPECT_EQ(format_datetime(at("2026-03-01T10:11:12.3456"), SqlKind::Datetime2), "2026-03-01T10:11:12.3456000");
    EXPECT_EQ(format_datetime(at("2026-12-31T23:59:59.999"), SqlKind::Datetime), "2027-01-01T00:00:00.000")
        << "rounds over midnight";
    const Ticks t = at("2024-02-29T12:00:00.1234567");
    EXPECT_EQ(*parse_datetime(format_datetime(t, SqlKind::Datetime2), SqlKind::Datetime2, TimeSource::Record).ticks, t)
        << "round trip";
}

TEST(SqlDatetime, CivilDatesIsoWeeksAndTheSystemClock) {
    const CivilDate d = civil_from_ticks(at("2024-02-29T23:00:00"));
    EXPECT_EQ(d.year, 2024);
    EXPECT_EQ(d.month, 2);
    EXPECT_EQ(d.day, 29);
    EXPECT_EQ(ticks_from_civil({2024, 2, 29}), at("2024-02-29T00:00:00"));
    EXPECT_EQ(iso_week(at("2026-02-27T00:00:00")), 9);
    EXPECT_EQ(iso_week(at("2021-01-03T00:00:00")), 53) << "belongs to the last week of 2020";
    EXPECT_EQ(iso_week(at("2024-12-30T00:00:00")), 1) << "belongs to the first week of 2025";
    EXPECT_EQ(ticks_from(std::chrono::system_clock::time_point{}), at("1970-01-01T00:00:00"));
}

TEST(SqlDecimal, RoundsHalfAwayFromZeroAndCountsIntegerDigits) {
    auto r = [](const char* text, int scale) { return Decimal::parse(text)->round(scale).str(); };
    EXPECT_EQ(r("1.2345675", 6), "1.234568");
    EXPECT_EQ(r("-1.2345675", 6), "-1.234568");
    EXPECT_EQ(r("9.9999995", 6), "10");
    EXPECT_EQ(r("0.0000004", 6), "0");
    EXPECT_EQ(r("2.5", 0), "3");
    EXPECT_EQ(r("1.5", 6), "1.5");
    EXPECT_EQ(Decimal::parse("12345.6")->integer_digits(), 5);
    EXPECT_EQ(Decimal::parse("0.5")->integer_digits(), 0);
    EXPECT_EQ(Decimal::parse("1e+20", true)->integer_digits(), 21);
}

}  // namespace
}  // namespace bds::sql
