// The defects added with the requirement map (each breaks statements no defect broke before): one scenario on a
// faithful stub and on one with the defect, showing the behaviour it changes through the API.
#include "sql/datetime.hpp"
#include "stub/defect_fixture.hpp"

namespace bds::test {
namespace {

using json = nlohmann::json;

// --- auth

TEST_F(StubDefect, WrongPasswordAccepted) {
    const auto [good, bad] = compare(Defect::named("wrong-password-accepted"), [&] {
        return client
            ->Post("/Token", "grant_type=password&username=writer&password=wrong", "application/x-www-form-urlencoded")
            ->status;
    });
    EXPECT_NE(good, 200);
    EXPECT_EQ(bad, 200);
}

TEST_F(StubDefect, TokenInfoMissing) {
    const auto [good, bad] =
        compare(Defect::named("tokeninfo-missing"), [&] { return get("/api/Account/TokenInfo", token()).status; });
    EXPECT_EQ(good, 200);
    EXPECT_EQ(bad, 404);
}

// --- changes

TEST_F(StubDefect, FeedTotalIgnoresLastUtcRun) {
    const auto [good, bad] = compare(Defect::named("feed-total-ignores-last-utc-run"), [&] {
        sync("CliFor", json::array({clifor("C", "A"), clifor("C", "B")}));
        const Answer a = get("/api/sync/CliFor?LastUtcRun=" + encode("2100-01-01 00:00:00.000"), token());
        return std::make_pair(a.body.value("Records", json::array()).size(), a.body.value("TotalRowsCount", -1));
    });
    EXPECT_EQ(good, std::make_pair(std::size_t{0}, 0));
    EXPECT_EQ(bad.first, 0u);
    EXPECT_GE(bad.second, 2) << "every record counted";
}

// --- sync and validation

TEST_F(StubDefect, ListedValueRefused) {
    const auto [good, bad] = compare(Defect::named("listed-value-refused"), [&] {
        json c = clifor("C", "A");
        c["ind_sesso"] = "F";  // the last of M, F
        return post_json("/api/sync/CliFor", json::array({c}), token()).status;
    });
    EXPECT_EQ(good, 200);
    EXPECT_EQ(bad, 400);
}

TEST_F(StubDefect, BlockCap100) {
    const auto [good, bad] = compare(Defect::named("block-cap-100"), [&] {
        json block = json::array();
        for (int i = 0; i < 101; ++i) block.push_back(fam("F" + std::to_string(i)));
        return post_json("/api/sync/Famiglia", block, token()).status;
    });
    EXPECT_EQ(good, 200);
    EXPECT_EQ(bad, 413);
}

TEST_F(StubDefect, NullRefused) {
    const auto [good, bad] = compare(Defect::named("null-refused"), [&] {
        json f = fam("F1");
        f["des_famiglia"] = nullptr;
        return post_json("/api/sync/Famiglia", json::array({f}), token()).status;
    });
    EXPECT_EQ(good, 200);
    EXPECT_EQ(bad, 400);
}

TEST_F(StubDefect, ObjectBodyAccepted) {
    const auto [good, bad] = compare(Defect::named("object-body-accepted"), [&] {
        const int status = post_json("/api/sync/Famiglia", fam("F1"), token()).status;
        return std::make_pair(status, rows("Famiglia").size());
    });
    EXPECT_EQ(good, std::make_pair(400, std::size_t{0}));
    EXPECT_EQ(bad, std::make_pair(200, std::size_t{1}));
}

TEST_F(StubDefect, UnboundedTextCapped) {
    const auto [good, bad] = compare(Defect::named("unbounded-text-capped"), [&] {
        json c = clifor("C", "A");
        c["des_note"] = std::string(5000, 'n');  // nvarchar(-1)
        return post_json("/api/sync/CliFor", json::array({c}), token()).status;
    });
    EXPECT_EQ(good, 200);
    EXPECT_EQ(bad, 400);
}

TEST_F(StubDefect, ExtraFieldAnswered) {
    const auto [good, bad] = compare(Defect::named("extra-field-answered"), [&] {
        three_families();
        return rows("Famiglia").at(0).contains("val_costo");
    });
    EXPECT_FALSE(good);
    EXPECT_TRUE(bad);
}

TEST_F(StubDefect, DeletedFlagNull) {
    const auto [good, bad] = compare(Defect::named("deleted-flag-null"), [&] {
        three_families();
        return rows("Famiglia").at(0).value("flg_isdeleted", json("absent"));
    });
    EXPECT_EQ(good, false);
    EXPECT_TRUE(bad.is_null());
}

TEST_F(StubDefect, DeletionOnlyWithFeed) {
    const auto [good, bad] = compare(Defect::named("deletion-only-with-feed"), [&] {
        json f = fam("F1");
        f["flg_isdeleted"] = true;
        sync("Famiglia", json::array({f}));
        const json r = rows("Famiglia");
        return r.empty() ? json("hidden") : r.at(0).value("flg_isdeleted", json());
    });
    EXPECT_EQ(good, true) << "the faithful stub shows deleted rows by default (A-12)";
    EXPECT_EQ(bad, false);
}

// --- views

TEST_F(StubDefect, ArticlesViewEmpty) {
    const auto [good, bad] = compare(Defect::named("articles-view-empty"), [&] {
        sync("Articoli", json::array({minimal(catalogue, "Articoli", {{"cod_art", "A1"}, {"cod_variante", "V"}})}));
        return rows("MCPArticoli").size();
    });
    EXPECT_EQ(good, 1u);
    EXPECT_EQ(bad, 0u);
}

TEST_F(StubDefect, ViewRowsDoubled) {
    const auto [good, bad] = compare(Defect::named("view-rows-doubled"), [&] {
        sync("CliFor", json::array({clifor("C", "A")}));
        return rows("MCPClienti").size();
    });
    EXPECT_EQ(good, 1u);
    EXPECT_EQ(bad, 2u);
}

TEST_F(StubDefect, McpResourcesRefused) {
    const auto [good, bad] = compare(Defect::named("mcpresources-refused"),
                                     [&] { return get("/api/resources/MCPResources", token()).status; });
    EXPECT_EQ(good, 200);
    EXPECT_EQ(bad, 403);
}

/// A customer with a classification, an article with a family, and a document for the customer whose line names
/// the article.
class StubDefectDocument : public StubDefect {
protected:
    void document_with_joins() {
        sync("CliFor", json::array({minimal(
                           catalogue, "CliFor",
                           {{"ind_clifor", "C"}, {"cod_clifor", "K1"}, {"des_ragsoc", "R"}, {"cod_macrocat", "M1"}})}));
        sync("Articoli", json::array({minimal(catalogue, "Articoli",
                                              {{"cod_art", "A0"}, {"cod_variante", ""}, {"cod_famiglia", "FAM"}})}));
        sync("StoricoDocumentiT",
             json::array({test::invoice(catalogue, "K1", json::array({{{"cod_art", "A0"}, {"cod_variante", ""}}}))}));
    }
};

TEST_F(StubDefectDocument, DocumentViewsNotJoined) {
    const auto [good, bad] = compare(Defect::named("document-views-not-joined"), [&] {
        document_with_joins();
        return std::make_pair(rows("MCPDocumentiR").at(0).value("cod_famiglia", json()),
                              rows("MCPDocumentiT").at(0).value("cod_macrocat", json()));
    });
    EXPECT_EQ(good, std::make_pair(json("FAM"), json("M1")));
    EXPECT_TRUE(bad.first.is_null());
    EXPECT_TRUE(bad.second.is_null());
}

TEST_F(StubDefectDocument, LinesWithoutHeaderData) {
    const auto [good, bad] = compare(Defect::named("lines-without-header-data"), [&] {
        document_with_joins();
        return rows("MCPDocumentiR").at(0).value("cod_clifor_c", json());
    });
    EXPECT_EQ(good, "K1");
    EXPECT_TRUE(bad.is_null());
}

TEST_F(StubDefectDocument, WeekOfLoading) {
    const auto [good, bad] = compare(Defect::named("week-of-loading"), [&] {
        document_with_joins();
        return rows("MCPDocumentiT").at(0).value("settimana", json());
    });
    EXPECT_EQ(good, 9) << "2026-02-27 is in ISO week 9";
    EXPECT_EQ(bad, sql::iso_week(sql::ticks_from(std::chrono::system_clock::now())))
        << "the week of the day it is read, not of dat_doc";
}

}  // namespace
}  // namespace bds::test
