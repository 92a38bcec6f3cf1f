// The literal forms of the harness's own reads (client/dialect.hpp, A-114): spelled as the target accepts them, and
// when a read is refused in one form, tried in the others until one is accepted, which the run then keeps.
#include <gtest/gtest.h>

#include <memory>

#include "bundled/embedded_stub.hpp"
#include "client/api.hpp"
#include "stub/variation/choices.hpp"

namespace bds::client {
namespace {

using Text = Dialect::Text;
using Bit = Dialect::Bit;

const Catalogue& cat() {
    static const Catalogue c = builtin_catalogue();
    return c;
}

/// Every text plain, bits as `bit`: SQLite (Number), PostgreSQL's boolean (Boolean).
Dialect all_plain(Bit bit) { return {Text::Plain, Text::Plain, Text::Plain, bit}; }

TEST(Dialect, LiteralsFollowTheTextsCharacters) {
    const Dialect sql_server;
    EXPECT_EQ(sql_server.text_literal("O'Brien"), "'O''Brien'");
    EXPECT_EQ(sql_server.text_literal("citt\xC3\xA0 \xE2\x82\xAC"), "'citt\xC3\xA0 \xE2\x82\xAC'") << "within 1252";
    EXPECT_EQ(sql_server.text_literal("x \xE4\xB8\xAD"), "N'x \xE4\xB8\xAD'");
    EXPECT_EQ(sql_server.bit_literal(true), "1");
    Dialect mariadb = all_plain(Bit::Number);
    mariadb.bmp = Text::National;  // 3-byte utf8 carries the BMP, not what lies beyond it
    EXPECT_EQ(mariadb.text_literal("x \xE4\xB8\xAD"), "N'x \xE4\xB8\xAD'");
    EXPECT_EQ(mariadb.text_literal("x \xE4\xB8\xAD \xF0\x9D\x95\x8F"), "'x \xE4\xB8\xAD \xF0\x9D\x95\x8F'");
    EXPECT_EQ(all_plain(Bit::Boolean).bit_literal(false), "false");
    EXPECT_EQ(all_plain(Bit::Quoted).bit_literal(true), "'1'");
    EXPECT_EQ(sql_server.describe(), "texts '…' within Windows-1252, N'…' beyond it, N'…' beyond U+FFFF; bits 1/0");
}

TEST(Dialect, ReadFromTheTargetFile) {
    const Dialect d = dialect_from_json({{"bmp_text", "plain"}, {"bit", "boolean"}});
    EXPECT_EQ(d.latin, Text::Plain);
    EXPECT_EQ(d.bmp, Text::Plain);
    EXPECT_EQ(d.astral, Text::National) << "left out: the default's";
    EXPECT_EQ(d.bit, Bit::Boolean);
    EXPECT_THROW(dialect_from_json({{"bit", "yes"}}), std::invalid_argument);
}

TEST(DialectState, AnOwnSelectionIsSpelledInTheTargetsForms) {
    const DialectState state(cat(), std::nullopt);
    const std::string composed = "cod_clifor = N'a\xE4\xB8\xAD' and flg_isdeleted = 0";
    EXPECT_EQ(state.spelled("CliFor", composed, Dialect{}), composed) << "SQL Server's forms: sent as composed";
    EXPECT_EQ(state.spelled("CliFor", composed, all_plain(Bit::Boolean)),
              "cod_clifor = 'a\xE4\xB8\xAD' AND flg_isdeleted = false");
    EXPECT_EQ(state.spelled("CliFor", "flg_isdeleted IN (1, 0)", all_plain(Bit::Quoted)),
              "flg_isdeleted IN ('1', '0')");
    EXPECT_EQ(state.spelled("CliFor", "num_gio_chiusura = 1", all_plain(Bit::Boolean)), "num_gio_chiusura = 1")
        << "an int is no bit";
    EXPECT_EQ(state.spelled("CliFor", "no_such_field = N'x'", all_plain(Bit::Number)), "no_such_field = N'x'")
        << "what does not parse is sent as it is";
}

TEST(DialectState, AlternativesChangeOnlyTheFormsTheSelectionHolds) {
    const DialectState state(cat(), std::nullopt);
    const auto others = state.alternatives("CliFor", "cod_clifor = N'a\xE4\xB8\xAD'", Dialect{});
    ASSERT_EQ(others.size(), 1u);
    EXPECT_EQ(others[0].bmp, Text::Plain);
    EXPECT_EQ(others[0].bit, Bit::Number) << "no bit in the selection: its form is left as it was";
    EXPECT_EQ(state.alternatives("CliFor", "flg_isdeleted = 0", Dialect{}).size(), 2u) << "true/false and '1'/'0'";
    const DialectState declared(cat(), Dialect{});
    EXPECT_TRUE(declared.alternatives("CliFor", "cod_clifor = N'a\xE4\xB8\xAD'", Dialect{}).empty())
        << "a dialect the target file states is not second-guessed";
}

TEST(Api, AnOwnReadRefusedInOneFormIsReadInAnotherAndTheRunKeepsIt) {
    // The stub on SQLite, which refuses N'…' as a syntax error and reads '…' as Unicode text.
    stub::StubOptions options;
    stub::apply_choices(options.choices, "A-115=sqlite");
    auto target = bundled::start_embedded_stub(cat(), options);
    const TargetConfig& config = target.target;
    const auto tokens = std::make_unique<TokenSource>(config, std::make_unique<HttpClient>(http_settings(config)));
    EnvelopeState envelope(std::nullopt);
    PageSizeState page_size(std::nullopt);
    DialectState dialect(cat(), std::nullopt);
    Api api(config, *tokens, envelope, page_size, nullptr, nullptr, &dialect);

    const std::string composed = "cod_clifor = N'x\xE4\xB8\xAD' and flg_isdeleted = 0";
    const auto verbatim = api.list(kWriter, "CliFor", {.selection = composed, .verbatim = true});
    EXPECT_EQ(verbatim.response.status, 400) << "a condition under test goes as written";
    EXPECT_EQ(dialect.get(), Dialect{});

    const auto own = api.list(kWriter, "CliFor", {.selection = composed});
    EXPECT_EQ(own.response.status, 200) << own.response.exchange.summary();
    EXPECT_EQ(dialect.get().bmp, Text::Plain);
    EXPECT_EQ(dialect.get().bit, Bit::Number) << "SQLite reads a bit's 0: left as it was";
    ASSERT_EQ(dialect.notes().size(), 1u);
    EXPECT_NE(dialect.notes()[0].find("was refused in"), std::string::npos) << dialect.notes()[0];

    const long before = api.http().requests_sent();
    EXPECT_EQ(api.list(kWriter, "CliFor", {.selection = composed}).response.status, 200);
    EXPECT_EQ(api.http().requests_sent(), before + 1) << "once learnt, the next read is spelled so at once";
}

}  // namespace
}  // namespace bds::client
