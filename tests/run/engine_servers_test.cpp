// PostgreSQL and MariaDB under the stub (engine_servers.hpp): each reads a condition as the engine does, not as the
// stub's evaluator or SQL Server would, and refuses what the engine refuses, with the engine's message.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "run/engine_servers.hpp"
#include "test_records.hpp"

namespace bds {
namespace {

using nlohmann::json;
using test::field;
using namespace bds::testing;
using Ids = std::vector<std::size_t>;

const Record& probe() {
    static const Record r = test::record(
        "Probe", {field("cod_clifor", "nvarchar(20)"), field("flg_isdeleted", "bit"), field("ind_tipo", "nchar(2)"),
                  field("qty", "int"), field("price", "decimal"), field("ratio", "float(10)"),
                  field("dat_doc", "datetime"), field("dat_ultvar", "datetime2"), field("ts_update", "timestamp"),
                  field("des_note", "nvarchar(-1)"), field("lines", "list")});
    return r;
}

/// The stub's rows as it stores them (stub/normalize.cpp): nchar padded, ISO date-times, bits as booleans.
const std::vector<json>& rows() {
    static const std::vector<json> r = {
        {{"cod_clifor", "ABC"},
         {"flg_isdeleted", true},
         {"ind_tipo", "A "},
         {"qty", 3},
         {"price", 1.5},
         {"ratio", 0.25},
         {"dat_doc", "2026-01-02T03:04:05.123"},
         {"dat_ultvar", "2026-01-02T03:04:05.1234567"},
         {"ts_update", "AAAAAAAAB9E="},
         {"des_note", "x"},
         {"lines", json::array({{{"a", 1}}})}},
        {{"cod_clifor", "abc"}, {"flg_isdeleted", false}, {"qty", -1}, {"price", "2.250000"}},
        {{"cod_clifor", "\xC3\xA9"}, {"qty", 0}},                       // é
        {{"cod_clifor", "e"}, {"dat_doc", "2025-12-31T23:59:59.997"}},  //
        {{"cod_clifor", "\xF0\x9F\x98\x80"}},                           // U+1F600, beyond U+FFFF
        json::object(),
    };
    return r;
}

class EngineServers : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        try {
            postgres_ = std::make_unique<PostgresServer>();
            mariadb_ = std::make_unique<MariadbServer>();
        } catch (const std::exception& e) {
            error_ = e.what();
        }
    }
    static void TearDownTestSuite() {
        postgres_.reset();
        mariadb_.reset();
    }
    void SetUp() override { ASSERT_TRUE(postgres_ && mariadb_) << error_; }

    static Ids where(stub::SqlEngine& engine, const std::string& condition) {
        return engine.select(probe(), rows(), condition, {});
    }
    static std::string refusal(stub::SqlEngine& engine, const std::string& condition) {
        try {
            engine.select(probe(), rows(), condition, {});
        } catch (const stub::EngineRefusal& e) {
            return e.what();
        }
        return "";
    }

    static std::unique_ptr<PostgresServer> postgres_;
    static std::unique_ptr<MariadbServer> mariadb_;
    static std::string error_;
};

std::unique_ptr<PostgresServer> EngineServers::postgres_;
std::unique_ptr<MariadbServer> EngineServers::mariadb_;
std::string EngineServers::error_;

TEST_F(EngineServers, PostgresBooleanBitRefusesOneAndReadsTrue) {
    PostgresEngine pg(postgres_->conninfo(), PgBit::Boolean);
    EXPECT_EQ(pg.name().rfind("PostgreSQL ", 0), 0u) << pg.name();
    EXPECT_NE(refusal(pg, "flg_isdeleted = 1").find("operator does not exist: boolean = integer"), std::string::npos)
        << refusal(pg, "flg_isdeleted = 1");
    // The connection is still usable after a refusal.
    EXPECT_EQ(where(pg, "flg_isdeleted = '1'"), Ids({0}));
    EXPECT_EQ(where(pg, "flg_isdeleted = true"), Ids({0}));
    EXPECT_EQ(where(pg, "flg_isdeleted = false"), Ids({1}));
}

TEST_F(EngineServers, PostgresSmallintBitReadsOneAndRefusesTrue) {
    PostgresEngine pg(postgres_->conninfo(), PgBit::Smallint);
    EXPECT_EQ(where(pg, "flg_isdeleted = 1"), Ids({0}));
    EXPECT_EQ(where(pg, "flg_isdeleted <> 1"), Ids({1}));
    EXPECT_NE(refusal(pg, "flg_isdeleted = true"), "");
}

TEST_F(EngineServers, PostgresComparesAsTheCLocaleAndTypes) {
    PostgresEngine pg(postgres_->conninfo(), PgBit::Boolean);
    EXPECT_EQ(where(pg, "cod_clifor = 'abc'"), Ids({1}));
    EXPECT_EQ(where(pg, "cod_clifor = 'e'"), Ids({3}));
    EXPECT_EQ(where(pg, "ind_tipo = 'A'"), Ids({0})) << "char(n) ignores trailing blanks";
    EXPECT_EQ(where(pg, "dat_doc >= '2026-01-01'"), Ids({0}));
    EXPECT_EQ(where(pg, "dat_ultvar = '2026-01-02T03:04:05.123456'"), Ids({0})) << "datetime2's 7th digit is cut";
    EXPECT_EQ(where(pg, "price > 2 AND qty < 0"), Ids({1}));
    EXPECT_EQ(where(pg, "Qty = 3"), Ids({0})) << "an unquoted name folds to the lower-case column";
    EXPECT_EQ(where(pg, "cod_clifor = N'abc'"), Ids({1})) << "PostgreSQL reads N'...' as SQL's national character";
    EXPECT_NE(refusal(pg, "no_such_field = 1").find("does not exist"), std::string::npos);
    // C locale: code point order; NULLs last ascending, first descending (PostgreSQL's own placement).
    EXPECT_EQ(pg.select(probe(), rows(), std::nullopt, {{"cod_clifor", false}}), Ids({0, 1, 3, 2, 4, 5}));
    EXPECT_EQ(pg.select(probe(), rows(), "qty IS NOT NULL", {{"qty", true}}), Ids({0, 2, 1}));
}

TEST_F(EngineServers, MariadbGeneralCiFoldsCaseAndAccents) {
    MariadbEngine db(mariadb_->socket(), MariadbServer::kDatabase);
    EXPECT_EQ(db.name().rfind("MariaDB ", 0), 0u) << db.name();
    EXPECT_EQ(where(db, "cod_clifor = 'abc'"), Ids({0, 1}));
    EXPECT_EQ(where(db, "cod_clifor = 'e'"), Ids({2, 3})) << "'e' = 'é' under utf8mb4_general_ci";
    EXPECT_EQ(where(db, "cod_clifor = 'abc  '"), Ids({0, 1})) << "trailing blanks ignored in =";
    EXPECT_EQ(where(db, "cod_clifor LIKE 'abc '"), Ids({})) << "but not in LIKE";
    EXPECT_EQ(where(db, "ind_tipo LIKE 'A'"), Ids({0})) << "CHAR read without its trailing blanks";
    EXPECT_EQ(where(db, "flg_isdeleted = 1"), Ids({0}));
    EXPECT_EQ(where(db, "flg_isdeleted = true"), Ids({0}));
    EXPECT_EQ(where(db, "flg_isdeleted = '1'"), Ids({0}));
    EXPECT_EQ(where(db, "dat_doc < '2026-01-01'"), Ids({3}));
    EXPECT_EQ(where(db, "price >= 2.25"), Ids({1}));
    // NULLs first ascending (MariaDB's placement), general_ci order: abc and ABC equal, kept in index order.
    EXPECT_EQ(db.select(probe(), rows(), "cod_clifor IS NOT NULL AND cod_clifor <> 'e'", {{"cod_clifor", false}}),
              Ids({0, 1, 4}));
    EXPECT_EQ(db.select(probe(), rows(), std::nullopt, {{"qty", false}}), Ids({3, 4, 5, 1, 2, 0}));
}

TEST_F(EngineServers, MariadbReadsNPrefixAsUtf8mb3) {
    MariadbEngine db(mariadb_->socket(), MariadbServer::kDatabase);
    EXPECT_EQ(where(db, "cod_clifor = N'abc'"), Ids({0, 1})) << "N'...' within the BMP converts";
    // N'...' is the national character set, utf8mb3, which holds no character beyond U+FFFF: MariaDB refuses the
    // comparison with the utf8mb4 column rather than matching nothing.
    EXPECT_NE(refusal(db, "cod_clifor = N'\xF0\x9F\x98\x80'").find("Illegal mix of collations"), std::string::npos)
        << refusal(db, "cod_clifor = N'\xF0\x9F\x98\x80'");
    EXPECT_EQ(where(db, "cod_clifor = '\xF0\x9F\x98\x80'"), Ids({4}));
    // utf8mb4_general_ci weighs every character beyond U+FFFF alike: U+1F601 equals U+1F600.
    EXPECT_EQ(where(db, "cod_clifor = '\xF0\x9F\x98\x81'"), Ids({4}));
    EXPECT_NE(refusal(db, "no_such_field = 1").find("Unknown column"), std::string::npos);
    EXPECT_EQ(where(db, "qty = 0"), Ids({2})) << "usable after a refusal";
}

TEST_F(EngineServers, MariadbAsItComesReadsABackslashInATextAsAnEscape) {
    MariadbEngine db(mariadb_->socket(), MariadbServer::kDatabase);
    const std::vector<json> slashed = {{{"cod_clifor", "a\\b"}}, {{"cod_clifor", "\\"}}};
    EXPECT_NE(refusal(db, "cod_clifor = '\\'").find("SQL syntax"), std::string::npos) << "'\\' does not end";
    EXPECT_EQ(db.select(probe(), slashed, "cod_clifor = 'a\\b'", {}), Ids({})) << "\\b is a backspace";
    EXPECT_EQ(db.select(probe(), slashed, "cod_clifor = 'a\\\\b'", {}), Ids({0}));
    PostgresEngine pg(postgres_->conninfo(), PgBit::Boolean);
    EXPECT_EQ(pg.select(probe(), slashed, "cod_clifor = 'a\\b'", {}), Ids({0})) << "standard strings in PostgreSQL";
}

TEST_F(EngineServers, RowsAreReplacedBetweenCalls) {
    MariadbEngine db(mariadb_->socket(), MariadbServer::kDatabase);
    PostgresEngine pg(postgres_->conninfo(), PgBit::Smallint);
    const std::vector<json> other = {{{"qty", 7}}, {{"qty", 3}}};
    for (stub::SqlEngine* e : std::vector<stub::SqlEngine*>{&db, &pg}) {
        EXPECT_EQ(where(*e, "qty = 3"), Ids({0})) << e->name();
        EXPECT_EQ(e->select(probe(), other, "qty = 3", {}), Ids({1})) << e->name();
        EXPECT_EQ(e->select(probe(), {}, std::nullopt, {}), Ids({})) << e->name();
    }
}

}  // namespace
}  // namespace bds
