// 000 §4.3 and §1: the change feed, and logical deletion.
#include "stub/stub_fixture.hpp"

namespace bds::test {
namespace {

using json = nlohmann::json;

class StubChanges : public StubTest {
protected:
    json feed(const std::string& resource, const std::string& instant, const std::string& user = "writer") {
        const Answer a = get("/api/sync/" + resource + "?LastUtcRun=" + encode(instant), token(user));
        EXPECT_EQ(a.status, 200) << a.text;
        return a.body.value("Records", json::array());
    }
    static std::string seed_form(const std::string& dat_ultvar) {
        // "2026-03-01T00:00:00.0040000" -> "2026-03-01 00:00:00.004", the seeds' form (truncated to the millisecond).
        std::string s = dat_ultvar.substr(0, 23);
        s[10] = ' ';
        return s;
    }
};

TEST_F(StubChanges, ReturnsExactlyTheRecordsChangedAfterTheInstant) {
    sync("CliFor", json::array({minimal(catalogue, "CliFor", {{"cod_clifor", "A"}}),
                                minimal(catalogue, "CliFor", {{"cod_clifor", "B"}})}));
    clock.advance(std::chrono::milliseconds(10));
    sync("CliFor", json::array({minimal(catalogue, "CliFor", {{"cod_clifor", "C"}})}));
    clock.advance(std::chrono::milliseconds(10));
    sync("CliFor", json::array({minimal(catalogue, "CliFor", {{"cod_clifor", "D"}})}));
    const json all = feed("CliFor", "1900-01-01 00:00:00.000");
    ASSERT_EQ(all.size(), 4u);
    // C changed at exactly 00:00:00.010: "after" it is strictly after.
    const std::string c_changed = all[2].at("dat_ultvar");
    EXPECT_EQ(c_changed, "2026-03-01T00:00:00.0100000");
    const json after_c = feed("CliFor", seed_form(c_changed));
    ASSERT_EQ(after_c.size(), 1u);
    EXPECT_EQ(after_c[0].at("cod_clifor"), "D");
    EXPECT_EQ(feed("CliFor", "2026-03-01 00:00:00.009").size(), 2u);
    EXPECT_TRUE(feed("CliFor", "2100-01-01 00:00:00.000").empty());
}

TEST_F(StubChanges, UpdatesAndLogicalDeletionsAreChanges) {
    sync("CliFor", json::array({minimal(catalogue, "CliFor", {{"cod_clifor", "A"}}),
                                minimal(catalogue, "CliFor", {{"cod_clifor", "B"}})}));
    clock.advance(std::chrono::seconds(1));
    const std::string mark = "2026-03-01 00:00:00.500";
    sync("CliFor", json::array({minimal(catalogue, "CliFor", {{"cod_clifor", "A"}, {"flg_isdeleted", true}})}));
    const json changed = feed("CliFor", mark);
    ASSERT_EQ(changed.size(), 1u);
    EXPECT_EQ(changed[0].at("cod_clifor"), "A");
    EXPECT_EQ(changed[0].at("flg_isdeleted"), true);
    const json kept = rows("CliFor", "RecordSelection=" + encode("cod_clifor = 'A'"));
    ASSERT_EQ(kept.size(), 1u) << "deletion is logical: the record stays, marked (A-12)";
    EXPECT_EQ(kept[0].at("flg_isdeleted"), true);
    clock.advance(std::chrono::seconds(1));
    sync("CliFor", json::array({minimal(catalogue, "CliFor", {{"cod_clifor", "A"}, {"flg_isdeleted", false}})}));
    EXPECT_EQ(feed("CliFor", "2026-03-01 00:00:01.500").at(0).at("flg_isdeleted"), false)
        << "undeletion is a change too";
    EXPECT_EQ(feed("CliFor", "1900-01-01 00:00:00.000").size(), 2u);
}

TEST_F(StubChanges, PaginatesLikeReads) {
    json block = json::array();
    for (int i = 0; i < 7; ++i)
        block.push_back(minimal(catalogue, "Articoli", {{"cod_art", "ART" + std::to_string(i)}, {"cod_variante", ""}}));
    sync("Articoli", block);
    const Answer a =
        get("/api/sync/Articoli?LastUtcRun=" + encode("1900-01-01 00:00:00.000") + "&PageSize=3&PageNumber=3", token());
    EXPECT_EQ(a.body.at("TotalRowsCount"), 7);
    EXPECT_EQ(a.body.at("Records").size(), 1u);
}

TEST_F(StubChanges, RefusesAMissingOrMalformedLastUtcRun) {
    const std::string t = token();
    EXPECT_EQ(get("/api/sync/CliFor", t).status, 400);
    for (const char* bad :
         {"yesterday", "2026-13-01 00:00:00.000", "2026-02-30 00:00:00.000", "1900-01-01 00:00:00.000'; --"})
        EXPECT_EQ(get("/api/sync/CliFor?LastUtcRun=" + encode(bad), t).status, 400) << bad;
}

}  // namespace
}  // namespace bds::test
