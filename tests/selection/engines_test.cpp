// Real engines as independent judges of the RecordSelection oracle (000 §4.1; spec/assumptions.md A-98..A-104, A-108).
//
// RapidCheck generates small tables of rows whose texts hit where engines differ (empty texts, trailing blanks, case
// variants, Latin-1 accented letters, apostrophes, % _ and backslashes; ints, decimals, NULLs), and conditions in the
// SQL every database shares (generate/selection_gen.hpp, standard_sql, Portable: what the MUST check FIL-09 sends).
// The rows are stored in SQLite, in a throwaway PostgreSQL cluster (text as sent and padded) and in a throwaway MariaDB
// server (utf8mb4_general_ci, engine_sql.hpp); each
// engine runs the condition text as a server passing it on would, and the oracle's MUST answer about each row it read
// back must be Depends or the engine's (engine_judge.hpp). Run undeclared (every reading, as FIL-09 when the target
// declares no collation: all storages), case-sensitive (SQLite's BINARY, PostgreSQL's C locale) and case-insensitive
// (SQLite's NOCASE, MariaDB's utf8mb4_general_ci). Cases where the engines once disagreed with the oracle are kept in
// engine_regressions.json and replayed first.
//
// PostgreSQL and MariaDB are required: without them the tests fail, saying to run ci/setup.sh (a skipped judge is not
// a judge).
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "generate/selection_gen.hpp"
#include "oracle/readings.hpp"
#include "selection/engine_judge.hpp"
#include "selection/engine_sql.hpp"
#include "selection/mariadb_server.hpp"
#include "selection/postgres_server.hpp"
#include "selection/selection.hpp"
#include "sql/text.hpp"
#include "test_paths.hpp"
#include "test_records.hpp"

namespace bds {
namespace {

using nlohmann::json;
using test::field;
using namespace bds::testing;

/// Every kind of text column the catalogue has (nvarchar(-1) is unbounded), and the numbers standard SQL compares.
const Record& schema() {
    static const Record r =
        test::record("Engines", {field("name", "nvarchar(10)"), field("code", "nchar(4)"), field("flag", "nchar(1)"),
                                 field("city", "varchar(10)"), field("note", "nvarchar(-1)"), field("qty", "int"),
                                 field("price", "decimal")});
    return r;
}

constexpr int kConditionsPerTable = 30;

// --- rows ---

/// A uniform choice in [lo, hi), whatever RapidCheck's size (inRange alone narrows the range at small sizes).
int uniform(int lo, int hi) { return *rc::gen::resize(100, rc::gen::inRange(lo, hi)); }
bool chance(int percent) { return uniform(0, 100) < percent; }
template <class T>
const T& pick(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(uniform(0, static_cast<int>(v.size())))];
}

/// Texts where engines differ: empty and blank, trailing blanks, case pairs, Latin-1 letters (portable ones,
/// selection_gen.hpp), apostrophes, LIKE's wildcards, PostgreSQL's default LIKE escape.
const std::vector<std::string>& fragments() {
    static const std::vector<std::string> k = {"",  " ",  "a",    "A",    "ab",    "AB",    "aB ",    "ab  ",  "à",
                                               "À", "é",  "É ",   "O'k",  "o'K ",  "5%",    "a_b",    "%",     "_",
                                               "'", "\\", "a\\b", "%\\_", "Città", "CITTÀ", "città ", "Rossi", "ROSSI"};
    return k;
}

std::string flip_case(const std::string& s) {
    std::u32string t = sql::utf8_to_u32(s).value_or(U"");
    for (auto& c : t) {
        if ((c >= 'a' && c <= 'z') || (c >= 0xE0 && c <= 0xFE && c != 0xF7))
            c -= 32;
        else if ((c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7))
            c += 32;
    }
    return sql::to_utf8(t);
}

/// A few texts per table, shared by every text column and row, so that conditions built from one row's values
/// also meet the other rows' and columns' (equal, case variants, blank variants).
std::vector<std::string> text_pool() {
    std::vector<std::string> pool;
    for (int n = uniform(2, 7); n > 0; --n) {
        std::string t = pick(fragments());
        if (chance(25)) t = flip_case(t);
        if (chance(20)) t += " ";
        pool.push_back(t);
    }
    return pool;
}

json text_value(const std::vector<std::string>& pool, const Field& f) {
    const int r = uniform(0, 100);
    if (r < 12) return nullptr;
    const std::string t = r < 85 ? pick(pool) : pick(fragments());
    const auto n = f.type.max_length();
    return n ? sql::truncate_utf16(t, static_cast<std::size_t>(*n)) : t;
}

std::vector<json> random_rows() {
    static const std::vector<std::string> kDecimals = {"0", "0.5", "1", "1.5", "-2.25", "10", "0.1", "3.75"};
    const std::vector<std::string> pool = text_pool();
    std::vector<json> rows;
    for (int n = uniform(1, 9); n > 0; --n) {
        json row = json::object();
        for (const Field& f : schema().fields) {
            if (f.type.is_text())
                row[f.name] = text_value(pool, f);
            else if (chance(15))
                row[f.name] = nullptr;
            else
                row[f.name] = f.type.kind == SqlKind::Int ? json(uniform(-2, 4)) : json::parse(pick(kDecimals));
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

// --- the judges ---

class EngineJudges : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        try {
            server_ = std::make_unique<PostgresServer>();
            pg_ = std::make_unique<PgConnection>(server_->conninfo());
        } catch (const std::exception& e) {
            error_ = e.what();
        }
        try {
            mariadb_server_ = std::make_unique<MariadbServer>();
            mariadb_ = std::make_unique<MariadbConnection>(mariadb_server_->socket(), MariadbServer::kDatabase);
            // MARKED, NOT JUDGED: MariaDB's default sql_mode reads a backslash in a quoted text as an escape
            // (`code = '\'` is a syntax error there, `'a\b'` is "a" and a backspace), a reading the oracle does not
            // have yet; until it does, this judge turns it off, and a vendor's MariaDB as it comes is not held to
            // conditions with a backslash (tests/run/engine_servers_test.cpp shows the default's reading).
            mariadb_->exec("SET SESSION sql_mode = CONCAT(@@SESSION.sql_mode, ',NO_BACKSLASH_ESCAPES')");
        } catch (const std::exception& e) {
            mariadb_error_ = e.what();
        }
    }
    static void TearDownTestSuite() {
        pg_.reset();
        server_.reset();
        mariadb_.reset();
        mariadb_server_.reset();
    }
    void SetUp() override {
        ASSERT_TRUE(pg_) << "no PostgreSQL to judge with: " << error_;
        ASSERT_TRUE(mariadb_) << "no MariaDB to judge with: " << mariadb_error_;
    }
    static EngineConnections engines() { return {pg_.get(), mariadb_.get()}; }

    static std::unique_ptr<PostgresServer> server_;
    static std::unique_ptr<PgConnection> pg_;
    static std::string error_;
    static std::unique_ptr<MariadbServer> mariadb_server_;
    static std::unique_ptr<MariadbConnection> mariadb_;
    static std::string mariadb_error_;
};

std::unique_ptr<PostgresServer> EngineJudges::server_;
std::unique_ptr<PgConnection> EngineJudges::pg_;
std::string EngineJudges::error_;
std::unique_ptr<MariadbServer> EngineJudges::mariadb_server_;
std::unique_ptr<MariadbConnection> EngineJudges::mariadb_;
std::string EngineJudges::mariadb_error_;

/// The oracle's record over a run: how many cases, and how often it claimed a MUST answer.
struct Tally {
    std::size_t cases = 0, pairs = 0, decided = 0;
    void add(const Judgement& j) {
        ++cases;
        pairs += j.pairs;
        decided += j.decided;
    }
    double share() const { return pairs ? static_cast<double>(decided) / static_cast<double>(pairs) : 0; }
};

/// One generated table, stored in every storage of `collation`, and kConditionsPerTable generated conditions on it.
void check_engines(std::optional<Collation> collation, const EngineConnections& engines, Tally& tally) {
    const std::vector<json> rows = random_rows();
    const StoredRows stored(schema(), rows, storages_for(collation), engines);
    gen::ConditionGenOptions options;
    options.standard_sql = true;
    const auto conditions = gen::condition_gen(schema(), rows, options);
    for (int i = 0; i < kConditionsPerTable; ++i) {
        const std::string where = engine_where(*conditions);
        const Selection selection = Selection::parse(where, schema());
        const auto answers = stored.ask(where);
        const Judgement j = judge(selection, answers, oracle::readings_for(selection, collation));
        tally.add(j);
        if (!j.disagreements.empty())
            RC_FAIL("the oracle claims a MUST answer an engine does not give\n" +
                    describe(where, collation, rows, answers, j));
    }
}

/// The property under `collation`, then the oracle's share of decided pairs, which must stay above `floor`: an oracle
/// that answered Depends everywhere would agree with every engine and judge nothing.
void run_property(std::optional<Collation> collation, const EngineConnections& engines, double floor,
                  const char* what) {
    Tally tally;
    EXPECT_TRUE(rc::check(what, [&] { check_engines(collation, engines, tally); }));
    std::printf(
        "[ engines  ] %s: %zu (table, condition) cases, %zu (storage, row) pairs, %.1f%% decided by the oracle\n", what,
        tally.cases, tally.pairs, 100 * tally.share());
    EXPECT_GE(tally.share(), floor) << "the oracle decides too few rows to judge anything";
}

std::vector<json> regression_cases() {
    const json cases =
        json::parse(test::read_text(test::source_dir() / "tests" / "selection" / "engine_regressions.json"));
    if (!cases.is_array() || cases.empty())
        throw std::runtime_error("engine_regressions.json: expected a non-empty list of cases");
    return cases.get<std::vector<json>>();
}

// First, every run: each case where the engines once disagreed with the oracle, with the engines' answers as recorded.
TEST_F(EngineJudges, RegressionCasesStillAgree) {
    for (const json& c : regression_cases()) {
        const auto collation = case_collation(c);
        const auto rows = c.at("rows").get<std::vector<json>>();
        const std::string condition = c.at("condition").get<std::string>();
        const StoredRows stored(schema(), rows, storages_for(collation), engines());
        const auto answers = stored.ask(condition);
        const Selection selection = Selection::parse(condition, schema());
        const Judgement j = judge(selection, answers, oracle::readings_for(selection, collation));
        const std::string message =
            c.at("why").get<std::string>() + "\n" + describe(condition, collation, rows, answers, j);
        EXPECT_TRUE(j.disagreements.empty()) << message;
        for (const auto& a : answers) {
            if (!c.at("answers").contains(storage_name(a.storage))) continue;
            EXPECT_EQ(a.selected, c["answers"][storage_name(a.storage)].get<std::set<std::size_t>>())
                << storage_name(a.storage) << " no longer answers as recorded\n"
                << message;
        }
    }
}

TEST_F(EngineJudges, OracleAgreesWithEveryEngineUnderAnUndeclaredCollation) {
    run_property(std::nullopt, engines(), 0.80, "undeclared collation, every storage");
}

TEST_F(EngineJudges, OracleAgreesWithCaseSensitiveEngines) {
    run_property(Collation::CaseSensitive, engines(), 0.80, "case-sensitive: SQLite BINARY, PostgreSQL C locale");
}

TEST_F(EngineJudges, OracleAgreesWithCaseInsensitiveEngines) {
    run_property(Collation::CaseInsensitive, engines(), 0.80,
                 "case-insensitive: SQLite NOCASE, MariaDB utf8mb4_general_ci");
}

// The test can fail: an oracle that knew only SQL Server's reading claims answers the engines do not give. An nchar(1)
// value "" is " " to SQL Server, which pads it: `flag NOT LIKE ''` is TRUE there, FALSE where it is stored as sent;
// `'' = flag` is TRUE there (and where stored as sent), FALSE in SQLite storing it padded, whose = counts blanks.
TEST_F(EngineJudges, AnOracleOfSqlServersReadingAloneIsCaught) {
    const std::vector<json> rows = {json{{"flag", ""}, {"name", "x"}}};
    const StoredRows stored(schema(), rows, storages_for(std::nullopt), engines());
    for (const char* condition : {"flag NOT LIKE ''", "'' = flag"}) {
        const auto answers = stored.ask(condition);
        const Selection selection = Selection::parse(condition, schema());
        const Judgement wrong = judge(selection, answers, {Reading{}});
        EXPECT_FALSE(wrong.disagreements.empty()) << describe(condition, std::nullopt, rows, answers, wrong);
        const Judgement right = judge(selection, answers, oracle::readings_for(selection, std::nullopt));
        EXPECT_TRUE(right.disagreements.empty()) << describe(condition, std::nullopt, rows, answers, right);
        EXPECT_EQ(right.decided, 0u) << condition
                                     << ": the readings differ on this row, so the oracle must not decide it";
    }
}

}  // namespace
}  // namespace bds
