// The database under the stub (stub/variation/engine.hpp): each engine choice (spec/assumptions.md A-98..A-107)
// stores, answers and reads RecordSelection as that engine does, and the default is SQL Server.
#include <algorithm>

#include "oracle/engine_profiles.hpp"
#include "stub/stub_fixture.hpp"
#include "stub/variation/engine.hpp"
#include "stub/variation/choices.hpp"

namespace bds::test {
namespace {

using json = nlohmann::json;

json with(json record, const json& values) {
    record.update(values);
    return record;
}

/// The stub with the choices `spec` (e.g. "A-98=as-sent"), and helpers to write one record and read it back.
class StubEngine : public StubTest {
protected:
    explicit StubEngine(std::string spec) : spec_(std::move(spec)) {}
    void configure(stub::StubOptions& o) override { stub::apply_choices(o.choices, spec_); }

    /// One CliFor customer with `values`; its row read back.
    json customer(const json& values) {
        sync("CliFor",
             json::array({with(minimal(catalogue, "CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "E1"}}), values)}));
        return rows("CliFor", "RecordSelection=" + encode("cod_clifor = 'E1'")).at(0);
    }
    /// How many CliFor rows `condition` selects.
    std::size_t selected(const std::string& condition) {
        return rows("CliFor", "RecordSelection=" + encode(condition)).size();
    }
    /// The status of a CliFor read with `condition`.
    int status(const std::string& condition) {
        return get("/api/resources/CliFor?RecordSelection=" + encode(condition), token()).status;
    }
    /// The status of a one-record Articoli block with `values`, and the record read back when it was stored.
    std::pair<int, json> article(const json& values) {
        const Answer a = post_json(
            "/api/sync/Articoli",
            json::array({with(minimal(catalogue, "Articoli", {{"cod_art", "A1"}, {"cod_variante", ""}}), values)}),
            token());
        const json back = rows("Articoli");
        return {a.status, back.empty() ? json() : back.at(0)};
    }

private:
    std::string spec_;
};

/// A string literal as a template argument: `EngineWith<"A-98=trimmed">`.
template <std::size_t N>
struct Spec {
    constexpr Spec(const char (&s)[N]) { std::copy_n(s, N, text); }
    char text[N];
};

/// The stub with the choices `S`.
template <Spec S>
class EngineWith : public StubEngine {
protected:
    EngineWith() : StubEngine(S.text) {}
};

using SqlServerEngine = EngineWith<"">;

TEST_F(SqlServerEngine, PadsCharColumnsAndReadsAsSqlServer) {
    EXPECT_EQ(
        customer({{"ind_campo_libero1", ""}, {"des_ragsoc", "ab "}, {"des_cogn", "città"}}).at("ind_campo_libero1"),
        " ");
    EXPECT_EQ(selected("ind_campo_libero1 NOT LIKE ''"), 1u);
    EXPECT_EQ(selected("des_ragsoc = 'ab'"), 1u);
    EXPECT_EQ(selected("des_cogn = 'CITTÀ'"), 1u);
    EXPECT_EQ(selected("des_cogn = 'citta'"), 0u);
    EXPECT_EQ(status("num_priorita_evas = ' 3 '"), 200);
}

using AsSentEngine = EngineWith<"A-98=as-sent">;

TEST_F(AsSentEngine, StoresCharColumnsAsSent) {
    EXPECT_EQ(customer({{"ind_campo_libero1", ""}}).at("ind_campo_libero1"), "");
    EXPECT_EQ(selected("ind_campo_libero1 NOT LIKE ''"), 0u);
    EXPECT_EQ(selected("ind_campo_libero1 LIKE ''"), 1u);
}

using TrimmingEngine = EngineWith<"A-98=trimmed">;

TEST_F(TrimmingEngine, StoresPaddedAnswersTrimmed) {
    EXPECT_EQ(customer({{"ind_campo_libero1", ""}}).at("ind_campo_libero1"), "");
    EXPECT_EQ(selected("ind_campo_libero1 NOT LIKE ''"), 1u) << "the condition reads the stored, padded value";
}

using BlankCountingEngine = EngineWith<"A-99=significant">;

TEST_F(BlankCountingEngine, CountsTrailingBlanks) {
    customer({{"des_ragsoc", "ab "}});
    EXPECT_EQ(selected("des_ragsoc = 'ab'"), 0u);
    EXPECT_EQ(selected("des_ragsoc = 'ab '"), 1u);
    EXPECT_EQ(selected("des_ragsoc LIKE 'ab'"), 0u);
}

using EmptyAsNullEngine = EngineWith<"A-100=null">;

TEST_F(EmptyAsNullEngine, StoresEmptyTextAsNullAndReadsEmptyLiteralsAsNull) {
    const json row = customer({{"des_ragsoc", ""}, {"des_cogn", "x"}});
    EXPECT_TRUE(row.at("des_ragsoc").is_null());
    EXPECT_EQ(selected("des_cogn <> ''"), 0u);
    EXPECT_EQ(selected("des_cogn = 'x'"), 1u);
}

using StrictEngine = EngineWith<"A-101=strict">;

TEST_F(StrictEngine, RefusesLiteralsOnlySqlServerConverts) {
    customer({{"num_priorita_evas", 3}, {"dat_nasc", "2000-01-31T00:00:00"}});
    EXPECT_EQ(status("num_priorita_evas = ' 3 '"), 400);
    EXPECT_EQ(status("dat_nasc = '20000131'"), 400);
    EXPECT_EQ(selected("num_priorita_evas = '3'"), 1u);
    EXPECT_EQ(selected("dat_nasc = '2000-01-31'"), 1u);
}

using AsciiFoldingEngine = EngineWith<"A-102=ascii">;

TEST_F(AsciiFoldingEngine, FoldsAsciiLettersOnly) {
    customer({{"des_cogn", "città"}});
    EXPECT_EQ(selected("des_cogn = 'CITTÀ'"), 0u);
    EXPECT_EQ(selected("des_cogn = 'CITTà'"), 1u);
}

using AccentBlindEngine = EngineWith<"A-103=insensitive">;

TEST_F(AccentBlindEngine, IgnoresAccentsAlsoOnKeysAndIndexedFields) {
    customer({{"des_cogn", "città"}});
    EXPECT_EQ(selected("des_cogn = 'citta'"), 1u);
    EXPECT_EQ(selected("cod_clifor = 'É1'"), 1u) << "a key selection finds the key by its accent-insensitive form";
    EXPECT_EQ(selected("des_cogn = 'citta'"), 1u) << "and an index built by the read before folds accents too";
    sync("CliFor", json::array({with(minimal(catalogue, "CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "É1"}}),
                                     {{"des_cogn", "x"}})}));
    EXPECT_EQ(rows("CliFor").size(), 1u) << "its unique index makes E1 and É1 one key: an upsert";
}

using SqliteEngine = EngineWith<"A-17=cs,A-108=ascii">;

TEST_F(SqliteEngine, LikeFoldsAsciiLettersBesideABinaryEquals) {
    customer({{"des_cogn", "città"}, {"des_ragsoc", "ab "}});
    EXPECT_EQ(selected("des_cogn = 'CITTà'"), 0u);
    EXPECT_EQ(selected("des_cogn LIKE 'CITTà'"), 1u);
    EXPECT_EQ(selected("des_cogn LIKE 'CITTÀ'"), 0u);
    EXPECT_EQ(selected("des_ragsoc = 'ab'"), 0u) << "SQLite counts trailing blanks, whatever A-99 says";
}

using AsciiLikeEngine = EngineWith<"A-108=ascii">;

TEST_F(AsciiLikeEngine, UnderCiIsSqliteNocase) {
    // No engine folds more letters in = than in LIKE: under ci, SQLite's LIKE sits beside its NOCASE.
    customer({{"des_cogn", "città"}});
    EXPECT_EQ(selected("des_cogn = 'CITTÀ'"), 0u);
    EXPECT_EQ(selected("des_cogn = 'CITTà'"), 1u);
    EXPECT_EQ(selected("des_cogn LIKE 'CITTÀ'"), 0u);
    EXPECT_EQ(selected("des_cogn LIKE 'CITTà'"), 1u);
}

using TruncatingEngine = EngineWith<"A-105=truncate,A-106=microseconds">;
using RefusingEngine = EngineWith<"A-105=refuse,A-106=seconds">;

TEST_F(SqlServerEngine, RoundsDecimalsAndKeepsSqlServersTimePrecision) {
    const auto [status, back] =
        article({{"qta_pes_lordo_kg", 1.23456789}, {"dat_obsoleto", "2026-03-01T10:00:00.1234567"}});
    ASSERT_EQ(status, 200);
    EXPECT_EQ(back.at("qta_pes_lordo_kg"), 1.234568);
    EXPECT_EQ(back.at("dat_obsoleto"), "2026-03-01T10:00:00.123");
}

TEST_F(TruncatingEngine, CutsDecimalsAndKeepsMicroseconds) {
    const auto [status, back] =
        article({{"qta_pes_lordo_kg", 1.23456789}, {"dat_obsoleto", "2026-03-01T10:00:00.1234567"}});
    ASSERT_EQ(status, 200);
    EXPECT_EQ(back.at("qta_pes_lordo_kg"), 1.234567);
    EXPECT_EQ(back.at("dat_obsoleto"), "2026-03-01T10:00:00.1234570");
}

TEST_F(RefusingEngine, RefusesDigitsBeyondTheScaleAndKeepsSeconds) {
    EXPECT_EQ(article({{"qta_pes_lordo_kg", 1.23456789}}).first, 400);
    const auto [status, back] = article({{"qta_pes_lordo_kg", 1.5}, {"dat_obsoleto", "2026-03-01T10:00:00.6"}});
    ASSERT_EQ(status, 200);
    EXPECT_EQ(back.at("dat_obsoleto"), "2026-03-01T10:00:01.0000000");
}

using CharacterCountingEngine = EngineWith<"A-107=code-points">;

/// A customer whose des_cogn (nvarchar(30)) holds 30 characters of 60 UTF-16 units: too long under A-107's default
/// only.
json astral_customer(const Catalogue& catalogue) {
    std::string emoji;
    for (int i = 0; i < 30; ++i) emoji += "\xF0\x9F\x98\x80";
    return json::array(
        {minimal(catalogue, "CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "E2"}, {"des_cogn", emoji}})});
}

TEST_F(CharacterCountingEngine, CountsCharactersNotUtf16Units) {
    EXPECT_EQ(post_json("/api/sync/CliFor", astral_customer(catalogue), token()).status, 200);
}

TEST_F(SqlServerEngine, CountsUtf16Units) {
    EXPECT_EQ(post_json("/api/sync/CliFor", astral_customer(catalogue), token()).status, 400);
}

/// Every combination of the choices that make the stub's reading (A-17, A-98..A-100, A-102..A-104, A-108).
std::vector<stub::Choices> reading_choices() {
    std::vector<stub::Choices> out = {stub::Choices{}};
    for (const char* id : {"A-17", "A-98", "A-99", "A-100", "A-102", "A-103", "A-104", "A-108"}) {
        const stub::ChoiceInfo* info = stub::find_choice(id);
        std::vector<stub::Choices> next;
        for (const stub::Choices& c : out)
            for (std::size_t v = 0; v < info->values.size(); ++v) {
                stub::Choices x = c;
                info->set(x, v);
                next.push_back(x);
            }
        out = std::move(next);
    }
    return out;
}

TEST(StubEngineReading, EveryCombinationOfChoicesIsAnEngineTheOracleAdmits) {
    const auto all = reading_choices();
    EXPECT_EQ(all.size(), 2u * 3 * 3 * 2 * 2 * 2 * 2 * 2);
    for (const stub::Choices& c : all) {
        const Reading r = stub::Engine(c).reading();
        const Collation declared = c.case_insensitive() ? Collation::CaseInsensitive : Collation::CaseSensitive;
        EXPECT_TRUE(oracle::admitted(r, declared)) << stub::describe(c) << ": " << r.describe();
    }
}

}  // namespace
}  // namespace bds::test
