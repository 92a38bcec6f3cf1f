// SQLite under the stub (stub/sqlite_engine.hpp, spec/assumptions.md A-115): the engine selects and orders what
// SQLite does, not what the stub's evaluator would, and the stub answers a read from it.
#include <gtest/gtest.h>

#include <atomic>

#include "stub/sqlite_engine.hpp"
#include "stub/stub_fixture.hpp"
#include "stub/variation/choices.hpp"

namespace bds::test {
namespace {

using json = nlohmann::json;
using Indexes = std::vector<std::size_t>;

class SqliteEngineTest : public ::testing::Test {
protected:
    Indexes select(const std::vector<json>& rows, const std::optional<std::string>& where,
                   const std::vector<stub::OrderBy>& order = {}) {
        return engine.select(clifor, rows, where, order);
    }
    Catalogue catalogue = builtin_catalogue();
    const Record& clifor = *catalogue.find("CliFor");
    stub::SqliteEngine engine;
};

TEST_F(SqliteEngineTest, EqualsComparesCaseAndLikeFoldsAsciiLetters) {
    const std::vector<json> rows = {{{"cod_clifor", "abc"}, {"des_ragsoc", "ABx"}},
                                    {{"cod_clifor", "ABC"}, {"des_ragsoc", "abY"}},
                                    {{"cod_clifor", "abc "}, {"des_ragsoc", "xab"}},
                                    {{"cod_clifor", "x"}, {"des_ragsoc", "ÀBz"}}};
    EXPECT_EQ(select(rows, "cod_clifor = 'abc'"), Indexes({0})) << "BINARY =: case and trailing blanks count";
    EXPECT_EQ(select(rows, "des_ragsoc LIKE 'ab%'"), Indexes({0, 1})) << "LIKE folds ASCII letters only";
    EXPECT_EQ(select(rows, "des_ragsoc LIKE 'àb%'"), Indexes({})) << "not À";
    EXPECT_EQ(select(rows, std::nullopt), Indexes({0, 1, 2, 3}));
}

TEST_F(SqliteEngineTest, RefusesWhatSqliteDoesNotReadWithItsMessage) {
    const std::vector<json> rows = {{{"cod_clifor", "x"}}};
    try {
        select(rows, "cod_clifor = N'x'");
        FAIL() << "N'x' is not SQLite's";
    } catch (const stub::EngineRefusal& e) {
        EXPECT_NE(std::string(e.what()).find("syntax error"), std::string::npos) << e.what();
    }
    EXPECT_THROW(select(rows, "no_such_field = 1"), stub::EngineRefusal);
    EXPECT_THROW(select(rows, "1 = 1; DELETE FROM \"CliFor\""), stub::EngineRefusal) << "one statement";
    EXPECT_EQ(select(rows, "cod_clifor = 'x' -- a comment"), Indexes({0})) << "a comment ends with its line";
}

TEST_F(SqliteEngineTest, BitsAreZeroOrOneAndNumbersCompareAsNumbers) {
    const std::vector<json> rows = {{{"flg_isdeleted", true}, {"prc_sco1", 12.5}, {"num_priorita_evas", 3}},
                                    {{"flg_isdeleted", false}, {"prc_sco1", 2}, {"num_priorita_evas", 20}},
                                    {{"cod_clifor", "no values"}}};
    EXPECT_EQ(select(rows, "flg_isdeleted = 1"), Indexes({0}));
    EXPECT_EQ(select(rows, "flg_isdeleted = 0"), Indexes({1}));
    EXPECT_EQ(select(rows, "flg_isdeleted IS NULL"), Indexes({2}));
    EXPECT_EQ(select(rows, "prc_sco1 = 12.5"), Indexes({0}));
    EXPECT_EQ(select(rows, "num_priorita_evas > 5"), Indexes({1})) << "INTEGER, not text: 20 > 5";
    EXPECT_EQ(select(rows, "num_priorita_evas = '20'"), Indexes({1})) << "the column's affinity converts the text";
}

TEST_F(SqliteEngineTest, DateTimesAreStoredAsASqliteApplicationWritesThem) {
    const std::vector<json> rows = {{{"dat_nasc", "2026-03-01T10:00:00.000"}},
                                    {{"dat_nasc", "2026-02-28T23:59:59.997"}},
                                    {{"dat_ultvar", "2026-03-01T10:00:00.1234567"}}};
    EXPECT_EQ(select(rows, "dat_nasc = '2026-03-01 10:00:00.000'"), Indexes({0}));
    EXPECT_EQ(select(rows, "dat_nasc >= '2026-03-01'"), Indexes({0})) << "compared as text";
    EXPECT_EQ(select(rows, "dat_ultvar = '2026-03-01 10:00:00.123'"), Indexes({2})) << "milliseconds";
}

TEST_F(SqliteEngineTest, OrdersAsSqliteNullsFirstAscending) {
    const std::vector<json> rows = {
        {{"des_ragsoc", "b"}}, {{"des_ragsoc", nullptr}}, {{"des_ragsoc", "B"}}, {{"des_ragsoc", "a"}}};
    EXPECT_EQ(select(rows, std::nullopt, {{"des_ragsoc", false}}), Indexes({1, 2, 3, 0})) << "BINARY: B before a";
    EXPECT_EQ(select(rows, std::nullopt, {{"des_ragsoc", true}}), Indexes({0, 3, 2, 1}));
    EXPECT_EQ(select(rows, "des_ragsoc <> 'a'", {{"des_ragsoc", true}}), Indexes({0, 2}));
    EXPECT_EQ(engine.name().rfind("SQLite 3", 0), 0u) << engine.name();
}

TEST(SqliteChoice, ImpliesTheChoicesThatSayHowSqliteCompares) {
    stub::Choices c;
    stub::apply_choices(c, "A-17=ci,A-115=sqlite,A-99=sql-server");
    EXPECT_EQ(c.database, stub::Choices::Database::Sqlite);
    EXPECT_EQ(c.collation, stub::Choices::Collation::Cs);
    EXPECT_EQ(c.trailing_blanks, stub::Choices::TrailingBlanks::Significant);
    EXPECT_EQ(c.like_case, stub::Choices::LikeCase::Ascii);
    EXPECT_EQ(c.fixed_text, stub::Choices::FixedText::AsSent);
    EXPECT_EQ(stub::describe(c).find("A-115=sqlite"), stub::describe(c).rfind("A-115=sqlite"));
}

/// The stub under A-115=sqlite, with customers whose codes differ by case.
class StubOnSqlite : public StubTest {
protected:
    void configure(stub::StubOptions& o) override { stub::apply_choices(o.choices, "A-115=sqlite"); }
    void SetUp() override {
        StubTest::SetUp();
        json block = json::array();
        for (const auto& [code, name] : {std::pair{"abc", "ABx"}, {"ABC", "abY"}, {"x1", "xab"}, {"x2", nullptr}})
            block.push_back(
                minimal(catalogue, "CliFor",
                        {{"ind_clifor", "C"}, {"cod_clifor", code}, {"des_ragsoc", name ? json(name) : json()}}));
        sync("CliFor", block);
    }
    std::vector<std::string> selected(const std::string& condition, const std::string& resource = "CliFor") {
        std::vector<std::string> out;
        for (const auto& r : rows(resource, "RecordSelection=" + encode(condition)))
            out.push_back(r.at("cod_clifor").get<std::string>());
        return out;
    }
};

TEST_F(StubOnSqlite, AnswersReadsFromSqlite) {
    EXPECT_EQ(selected("cod_clifor = 'abc'"), std::vector<std::string>({"abc"})) << "not ABC: BINARY =";
    EXPECT_EQ(total("CliFor", "RecordSelection=" + encode("cod_clifor = 'abc'")), 1);
    EXPECT_EQ(selected("des_ragsoc LIKE 'ab%'"), std::vector<std::string>({"ABC", "abc"})) << "key order";
    EXPECT_EQ(selected("des_ragsoc LIKE 'ab%'", "MCPClienti"), std::vector<std::string>({"ABC", "abc"}));
    const Answer refused = get("/api/resources/CliFor?RecordSelection=" + encode("cod_clifor = N'abc'"), token());
    EXPECT_EQ(refused.status, 400);
    EXPECT_EQ(refused.body.value("error", ""), "invalid_record_selection");
    EXPECT_NE(refused.body.value("message", "").find("RecordSelection: "), std::string::npos) << refused.text;
    EXPECT_NE(refused.body.value("message", "").find("syntax error"), std::string::npos) << refused.text;
    EXPECT_EQ(get("/api/resources/CliFor?RecordSelection=" + encode("cod_clifor ="), token()).status, 400)
        << "the stub's own parser still guards";
}

TEST_F(StubOnSqlite, OrdersAQueryAsSqlite) {
    const Answer a = query({{"OrderBy", json::array({{{"field", "des_ragsoc"}, {"desc", false}}})}});
    ASSERT_EQ(a.status, 200) << a.text;
    std::vector<std::string> codes;
    for (const auto& r : a.body.at("Records")) codes.push_back(r.at("cod_clifor").get<std::string>());
    EXPECT_EQ(codes, std::vector<std::string>({"x2", "abc", "ABC", "x1"})) << "NULL first, then BINARY: ABx < abY";
}

/// An engine a test injects: it selects every row, in reverse, and counts what it was given.
struct EveryRowReversed : stub::SqlEngine {
    std::string name() const override { return "every row, reversed"; }
    Indexes select(const Record&, const std::vector<json>& rows, const std::optional<std::string>& where,
                   const std::vector<stub::OrderBy>&) override {
        if (where && *where == "cod_clifor = 'refuse'") throw stub::EngineRefusal("refused by the engine");
        given = rows.size();
        Indexes out;
        for (std::size_t i = rows.size(); i-- > 0;) out.push_back(i);
        return out;
    }
    std::atomic<std::size_t> given{0};
};

class StubWithInjectedEngine : public StubOnSqlite {
protected:
    void configure(stub::StubOptions& o) override {
        StubOnSqlite::configure(o);
        o.sql_engine = engine;  // wins over the choice
    }
    std::shared_ptr<EveryRowReversed> engine = std::make_shared<EveryRowReversed>();
};

TEST_F(StubWithInjectedEngine, TheInjectedEngineDecidesFromEveryRow) {
    EXPECT_EQ(selected("cod_clifor = 'abc'"), std::vector<std::string>({"x2", "x1", "abc", "ABC"}))
        << "the engine's choice, not the evaluator's: the read is not narrowed by the key";
    EXPECT_EQ(engine->given, 4u);
    EXPECT_EQ(total("CliFor", "RecordSelection=" + encode("cod_clifor = 'abc'")), 4);
    const Answer refused = get("/api/resources/CliFor?RecordSelection=" + encode("cod_clifor = 'refuse'"), token());
    EXPECT_EQ(refused.status, 400);
    EXPECT_EQ(refused.body.value("message", ""), "RecordSelection: refused by the engine");
}

}  // namespace
}  // namespace bds::test
