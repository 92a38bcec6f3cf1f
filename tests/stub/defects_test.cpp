// The stub's defects (stub/variation/defects.hpp): the catalogue, and for each defect one scenario run on a faithful
// stub and on one with the defect, showing the behaviour it changes through the API.
#include <map>
#include <set>
#include <stdexcept>
#include <string_view>
#include <tuple>
#include <typeindex>
#include <utility>

#include "stub/defect_fixture.hpp"

namespace bds::test {
namespace {

using json = nlohmann::json;
using stub::Defect;

TEST(StubDefectTable, HasEnoughDefectsWithUniqueNamesCoveringEveryArea) {
    const auto& all = stub::defects();
    EXPECT_GE(all.size(), 30u);
    std::set<std::string_view> names;
    std::map<std::string_view, int> per_area;
    for (const auto& d : all) {
        ASSERT_TRUE(d.make) << d.name << " has no class";
        EXPECT_TRUE(names.insert(d.name).second) << "twice: " << d.name;
        for (const char c : d.name) EXPECT_TRUE((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') << d.name;
        EXPECT_FALSE(d.rule.empty()) << d.name;
        EXPECT_FALSE(d.description.empty()) << d.name;
        EXPECT_FALSE(d.breaks.empty()) << d.name << " names no statement it breaks";
        ++per_area[d.area];
        const auto defect = stub::defect_from_name(d.name);
        ASSERT_TRUE(defect) << d.name;
        EXPECT_NE(*defect, Defect::None);
        EXPECT_EQ(&stub::info(*defect), &d);
        EXPECT_EQ(Defect::named(d.name), *defect);
    }
    for (const char* area : {"auth", "access", "pagination", "filters", "sync", "lines", "changes", "deletion", "views",
                             "query", "tenancy", "validation"})
        EXPECT_GE(per_area[area], 2) << area;
    EXPECT_EQ(per_area.size(), 12u) << "no area outside the listed ones";
    EXPECT_FALSE(stub::defect_from_name("no-such-defect"));
    EXPECT_EQ(stub::defect_from_name("none"), Defect::None);
    EXPECT_EQ(stub::info(Defect::None).name, "none");
    EXPECT_THROW(Defect::named("no-such-defect"), std::invalid_argument);
    // Each row makes a class of its own, none the reference's: a row that names another's class breaks no rule of its
    // own.
    std::set<std::type_index> classes;
    for (const auto& d : all) {
        const auto policy = d.make();
        EXPECT_NE(std::type_index(typeid(*policy)), std::type_index(typeid(stub::Policy)))
            << d.name << " is the reference";
        EXPECT_TRUE(classes.insert(typeid(*policy)).second) << d.name << " shares its class with another row";
    }
    EXPECT_EQ(std::type_index(typeid(*stub::make_policy(Defect::None))), std::type_index(typeid(stub::Policy)));
}

// --- auth

TEST_F(StubDefect, ReadsWithoutToken) {
    const auto [good, bad] =
        compare(Defect::named("reads-without-token"), [&] { return get("/api/resources/Famiglia", "").status; });
    EXPECT_EQ(good, 401);
    EXPECT_EQ(bad, 200);
    EXPECT_EQ(post_json("/api/sync/Famiglia", json::array({fam("F1")}), "").status, 401) << "writes still need a token";
}

TEST_F(StubDefect, ForgedTokenAccepted) {
    const auto [good, bad] = compare(Defect::named("forged-token-accepted"),
                                     [&] { return get("/api/resources/Famiglia", "forged-token").status; });
    EXPECT_EQ(good, 401);
    EXPECT_EQ(bad, 200);
}

TEST_F(StubDefect, ExpiredTokenAccepted) {
    const auto [good, bad] = compare(Defect::named("expired-token-accepted"), [&] {
        const std::string t = token();
        clock.advance(std::chrono::hours(2));  // the default lifetime is one hour
        return get("/api/resources/Famiglia", t).status;
    });
    EXPECT_EQ(good, 401);
    EXPECT_EQ(bad, 200);
}

// --- access

TEST_F(StubDefect, UnknownResource200) {
    const auto [good, bad] = compare(Defect::named("unknown-resource-200"),
                                     [&] { return get("/api/resources/NoSuchResource", token()).status; });
    EXPECT_EQ(good, 403);
    EXPECT_EQ(bad, 200);
}

TEST_F(StubDefect, ResourceNameCaseInsensitive) {
    const auto [good, bad] = compare(Defect::named("resource-name-case-insensitive"),
                                     [&] { return get("/api/resources/clifor", token()).status; });
    EXPECT_EQ(good, 403);
    EXPECT_EQ(bad, 200);
}

TEST_F(StubDefect, ReaderCanWrite) {
    const auto [good, bad] = compare(Defect::named("reader-can-write"), [&] {
        return post_json("/api/sync/Famiglia", json::array({fam("F1")}), token("reader")).status;
    });
    EXPECT_EQ(good, 403);
    EXPECT_EQ(bad, 200);
}

TEST_F(StubDefect, LimitedUserAllResources) {
    const auto [good, bad] = compare(Defect::named("limited-user-all-resources"),
                                     [&] { return get("/api/resources/Articoli", token("limited")).status; });
    EXPECT_EQ(good, 403);
    EXPECT_EQ(bad, 200);
}

// --- pagination

TEST_F(StubDefect, PageNumberFromZero) {
    const auto [good, bad] = compare(Defect::named("page-number-from-zero"), [&] {
        three_families();
        return rows("Famiglia", "PageSize=1&PageNumber=1").at(0).at("cod_famiglia").get<std::string>();
    });
    EXPECT_EQ(good, "F1");
    EXPECT_EQ(bad, "F2");
}

TEST_F(StubDefect, TotalCountsPage) {
    const auto [good, bad] = compare(Defect::named("total-counts-page"), [&] {
        three_families();
        return total("Famiglia", "PageSize=1");
    });
    EXPECT_EQ(good, 3);
    EXPECT_EQ(bad, 1);
}

TEST_F(StubDefect, TotalCached) {
    const auto [good, bad] = compare(Defect::named("total-cached"), [&] {
        three_families();
        const long before = total("Famiglia", "PageSize=1");
        sync("Famiglia", json::array({fam("F4", "four")}));
        return std::tuple{before, total("Famiglia", "PageSize=1"), total("Famiglia", selection("cod_famiglia = 'F4'"))};
    });
    EXPECT_EQ(good, std::tuple(3L, 4L, 1L));
    EXPECT_EQ(bad, std::tuple(3L, 3L, 1L)) << "the unfiltered count kept, a filtered one counted";
}

TEST_F(StubDefect, TotalIgnoresFilter) {
    const auto [good, bad] = compare(Defect::named("total-ignores-filter"), [&] {
        three_families();
        return total("Famiglia", selection("cod_famiglia = 'F1'"));
    });
    EXPECT_EQ(good, 1);
    EXPECT_EQ(bad, 3);
}

TEST_F(StubDefect, UnstablePageOrder) {
    const auto [good, bad] = compare(Defect::named("unstable-page-order"), [&] {
        sync("Famiglia", json::array({fam("F1"), fam("F2"), fam("F3"), fam("F4")}));
        std::set<std::string> seen;
        for (const char* page : {"1", "2"})
            for (const auto& r : rows("Famiglia", std::string("PageSize=2&PageNumber=") + page))
                seen.insert(r.at("cod_famiglia").get<std::string>());
        return seen.size();
    });
    EXPECT_EQ(good, 4u) << "two pages of two cover the four records";
    EXPECT_LT(bad, 4u);
}

TEST_F(StubDefect, PageSizeIgnored) {
    const auto [good, bad] = compare(Defect::named("page-size-ignored"), [&] {
        three_families();
        return rows("Famiglia", "PageSize=1").size();
    });
    EXPECT_EQ(good, 1u);
    EXPECT_EQ(bad, 3u);
}

TEST_F(StubDefect, PageBeyondEndClamped) {
    const auto [good, bad] = compare(Defect::named("page-beyond-end-clamped"), [&] {
        three_families();
        return rows("Famiglia", "PageSize=2&PageNumber=5").size();
    });
    EXPECT_EQ(good, 0u);
    EXPECT_EQ(bad, 1u);
}

// --- filters

TEST_F(StubDefect, AndAsOr) {
    const auto [good, bad] = compare(Defect::named("and-as-or"), [&] {
        three_families();
        return total("Famiglia", selection("cod_famiglia = 'F1' and des_famiglia = 'two'"));
    });
    EXPECT_EQ(good, 0);
    EXPECT_EQ(bad, 2);
}

TEST_F(StubDefect, LikeCaseSensitiveUnderCi) {
    const auto [good, bad] = compare(Defect::named("like-case-sensitive-under-ci"), [&] {
        three_families();
        return std::pair{total("Famiglia", selection("des_famiglia LIKE 'T%'")),
                         total("Famiglia", selection("des_famiglia = 'TWO'"))};
    });
    EXPECT_EQ(good, std::pair(2L, 1L));
    EXPECT_EQ(bad, std::pair(0L, 1L)) << "= still folds case";
}

TEST_F(StubDefect, LikeCaseSensitiveUnderCiShowsOnlyUnderCi) {
    stub::Choices cs;
    cs.collation = stub::Choices::Collation::Cs;
    start(Defect::named("like-case-sensitive-under-ci"), cs);
    three_families();
    EXPECT_EQ(total("Famiglia", selection("des_famiglia LIKE 't%'")), 2);
    EXPECT_EQ(total("Famiglia", selection("des_famiglia LIKE 'T%'")), 0) << "as any case-sensitive collation";
}

TEST_F(StubDefect, AndAsOrKeepsBetween) {
    start(Defect::named("and-as-or"));
    three_families();
    EXPECT_EQ(total("Famiglia", selection("cod_famiglia between 'F1' and 'F2'")), 2)
        << "BETWEEN's AND is not a condition's";
}

TEST_F(StubDefect, SelectionIgnored) {
    const auto [good, bad] = compare(Defect::named("selection-ignored"), [&] {
        three_families();
        return total("Famiglia", selection("cod_famiglia = 'F1'"));
    });
    EXPECT_EQ(good, 1);
    EXPECT_EQ(bad, 3);
}

TEST_F(StubDefect, QuotesNotUnescaped) {
    const auto [good, bad] = compare(Defect::named("quotes-not-unescaped"), [&] {
        sync("Famiglia", json::array({fam("F1", "O'Brien")}));
        return total("Famiglia", selection("des_famiglia = 'O''Brien'"));
    });
    EXPECT_EQ(good, 1);
    EXPECT_EQ(bad, 0);
}

TEST_F(StubDefect, FirstConditionOnly) {
    const auto [good, bad] = compare(Defect::named("first-condition-only"), [&] {
        three_families();
        return total("Famiglia", selection("cod_famiglia = 'F1' and des_famiglia = 'two'"));
    });
    EXPECT_EQ(good, 0);
    EXPECT_EQ(bad, 1);
}

// --- sync

TEST_F(StubDefect, UpsertDuplicates) {
    const auto [good, bad] = compare(Defect::named("upsert-duplicates"), [&] {
        sync("Famiglia", json::array({fam("F1", "one")}));
        sync("Famiglia", json::array({fam("F1", "uno")}));
        return total("Famiglia");
    });
    EXPECT_EQ(good, 1);
    EXPECT_EQ(bad, 2);
}

TEST_F(StubDefect, BlockPartlyStored) {
    const auto [good, bad] = compare(Defect::named("block-partly-stored"), [&] {
        const Answer a = post_json("/api/sync/Famiglia",
                                   json::array({fam("F1"), fam("F2"), fam("F3", std::string(80, 'x'))}), token());
        EXPECT_EQ(a.status, 400) << a.text;
        return total("Famiglia");
    });
    EXPECT_EQ(good, 0);
    EXPECT_EQ(bad, 2);
}

TEST_F(StubDefect, PostSync201) {
    const auto [good, bad] = compare(Defect::named("post-sync-201"), [&] {
        return post_json("/api/sync/Famiglia", json::array({fam("F1")}), token()).status;
    });
    EXPECT_EQ(good, 200);
    EXPECT_EQ(bad, 201);
}

TEST_F(StubDefect, NonAsciiMangled) {
    const auto [good, bad] = compare(Defect::named("non-ascii-mangled"), [&] {
        sync("Famiglia", json::array({fam("F1", "Caffè €")}));
        return rows("Famiglia").at(0).at("des_famiglia").get<std::string>();
    });
    EXPECT_EQ(good, "Caffè €");
    EXPECT_EQ(bad, "Caff? ?");
}

TEST_F(StubDefect, IdAsString) {
    const auto [good, bad] = compare(Defect::named("id-as-string"), [&] {
        sync("Famiglia", json::array({fam("F1")}));
        return rows("Famiglia").at(0).at("Id").is_number_integer();
    });
    EXPECT_TRUE(good);
    EXPECT_FALSE(bad);
}

TEST_F(StubDefect, TsUpdateFrozen) {
    const auto [good, bad] = compare(Defect::named("ts-update-frozen"), [&] {
        sync("Famiglia", json::array({fam("F1", "one")}));
        const json before = rows("Famiglia").at(0).at("ts_update");
        clock.advance(std::chrono::milliseconds(10));
        sync("Famiglia", json::array({fam("F1", "uno")}));
        return rows("Famiglia").at(0).at("ts_update") != before;
    });
    EXPECT_TRUE(good);
    EXPECT_FALSE(bad);
}

// --- lines

TEST_F(StubDefect, LinesDropped) {
    const auto [good, bad] = compare(Defect::named("lines-dropped"), [&] {
        sync("StoricoDocumentiT", json::array({document("D1", 2)}));
        return total("StoricoDocumentiR");
    });
    EXPECT_EQ(good, 2);
    EXPECT_EQ(bad, 0);
}

TEST_F(StubDefect, LinesKeyNotRepeated) {
    const auto [good, bad] = compare(Defect::named("lines-key-not-repeated"), [&] {
        sync("StoricoDocumentiT", json::array({document("D1", 1)}));
        return rows("StoricoDocumentiR").at(0).at("key_documento");
    });
    EXPECT_EQ(good, "D1");
    EXPECT_TRUE(bad.is_null());
}

TEST_F(StubDefect, LinesAppendedOnUpdate) {
    const auto [good, bad] = compare(Defect::named("lines-appended-on-update"), [&] {
        sync("StoricoDocumentiT", json::array({document("D1", 2)}));
        sync("StoricoDocumentiT", json::array({document("D1", 2)}));
        return total("StoricoDocumentiR");
    });
    EXPECT_EQ(good, 2);
    EXPECT_EQ(bad, 4);
}

TEST_F(StubDefect, LinesChangeNotAChange) {
    const auto [good, bad] = compare(Defect::named("lines-change-not-a-change"), [&] {
        sync("StoricoDocumentiT", json::array({document("D1", 2)}));
        clock.advance(std::chrono::milliseconds(10));
        sync("StoricoDocumentiT", json::array({document("D1", 3)}));  // the same header, other lines
        return std::pair{feed_size("StoricoDocumentiT", "2026-03-01 00:00:00.005"), total("StoricoDocumentiR")};
    });
    EXPECT_EQ(good, std::pair(std::size_t{1}, 3L));
    EXPECT_EQ(bad, std::pair(std::size_t{0}, 3L)) << "the lines are replaced, the document is not changed";
}

TEST_F(StubDefect, LinesDoubledOnIdenticalResend) {
    const auto [good, bad] = compare(Defect::named("lines-doubled-on-identical-resend"), [&] {
        sync("StoricoDocumentiT", json::array({document("D1", 2)}));
        sync("StoricoDocumentiT", json::array({document("D1", 3)}));
        const long replaced = total("StoricoDocumentiR");
        sync("StoricoDocumentiT", json::array({document("D1", 3)}));  // the same document again
        return std::pair{replaced, total("StoricoDocumentiR")};
    });
    EXPECT_EQ(good, std::pair(3L, 3L));
    EXPECT_EQ(bad, std::pair(3L, 6L));
}

// --- changes

TEST_F(StubDefect, FeedIgnoresLastUtcRun) {
    const auto [good, bad] = compare(Defect::named("feed-ignores-last-utc-run"), [&] {
        sync("CliFor", json::array({clifor("C", "A")}));
        return feed_size("CliFor", "2100-01-01 00:00:00.000");
    });
    EXPECT_EQ(good, 0u);
    EXPECT_EQ(bad, 1u);
}

TEST_F(StubDefect, FeedOmitsDeletions) {
    const auto [good, bad] = compare(Defect::named("feed-omits-deletions"), [&] {
        json deleted = clifor("C", "A");
        deleted["flg_isdeleted"] = true;
        sync("CliFor", json::array({deleted, clifor("C", "B")}));
        return feed_size("CliFor", "1900-01-01 00:00:00.000");
    });
    EXPECT_EQ(good, 2u);
    EXPECT_EQ(bad, 1u);
}

TEST_F(StubDefect, FeedLocalTime) {
    const auto [good, bad] = compare(Defect::named("feed-local-time"), [&] {
        sync("CliFor", json::array({clifor("C", "A")}));  // at 2026-03-01 00:00 UTC
        return feed_size("CliFor", "2026-03-01 00:30:00.000");
    });
    EXPECT_EQ(good, 0u);
    EXPECT_EQ(bad, 1u);
}

TEST_F(StubDefect, FeedMissesUpdates) {
    const auto [good, bad] = compare(Defect::named("feed-misses-updates"), [&] {
        sync("CliFor", json::array({clifor("C", "A")}));
        clock.advance(std::chrono::milliseconds(10));
        json changed = clifor("C", "A");
        changed["des_ragsoc"] = "renamed";
        sync("CliFor", json::array({changed}));
        return feed_size("CliFor", "2026-03-01 00:00:00.005");
    });
    EXPECT_EQ(good, 1u);
    EXPECT_EQ(bad, 0u);
}

// --- deletion

TEST_F(StubDefect, PhysicalDeletion) {
    const auto [good, bad] = compare(Defect::named("physical-deletion"), [&] {
        sync("Famiglia", json::array({fam("F1")}));
        json deleted = fam("F1");
        deleted["flg_isdeleted"] = true;
        sync("Famiglia", json::array({deleted}));
        return total("Famiglia");
    });
    EXPECT_EQ(good, 1);
    EXPECT_EQ(bad, 0);
}

TEST_F(StubDefect, DeletedFlagReset) {
    const auto [good, bad] = compare(Defect::named("deleted-flag-reset"), [&] {
        json deleted = fam("F1");
        deleted["flg_isdeleted"] = true;
        sync("Famiglia", json::array({deleted}));
        return rows("Famiglia").at(0).at("flg_isdeleted");
    });
    EXPECT_EQ(good, true);
    EXPECT_EQ(bad, false);
}

TEST_F(StubDefect, UndeleteIgnored) {
    const auto [good, bad] = compare(Defect::named("undelete-ignored"), [&] {
        json deleted = fam("F1");
        deleted["flg_isdeleted"] = true;
        sync("Famiglia", json::array({deleted}));
        sync("Famiglia", json::array({fam("F1")}));
        return rows("Famiglia").at(0).at("flg_isdeleted");
    });
    EXPECT_EQ(good, false);
    EXPECT_EQ(bad, true);
}

TEST_F(StubDefect, MissingFlagAccepted) {
    const auto [good, bad] = compare(Defect::named("missing-flag-accepted"), [&] {
        return post_json("/api/sync/Famiglia", json::array({{{"cod_famiglia", "F1"}}}), token()).status;
    });
    EXPECT_EQ(good, 400);
    EXPECT_EQ(bad, 200);
}

// --- views

TEST_F(StubDefect, ViewPostSyncAccepted) {
    const auto [good, bad] = compare(Defect::named("view-post-sync-accepted"), [&] {
        return post_json("/api/sync/MCPClienti", json::array({clifor("C", "A")}), token()).status;
    });
    EXPECT_EQ(good, 403);
    EXPECT_EQ(bad, 200);
}

TEST_F(StubDefect, ViewStale) {
    const auto [good, bad] = compare(Defect::named("view-stale"), [&] {
        sync("CliFor", json::array({clifor("C", "A")}));
        EXPECT_EQ(total("MCPClienti"), 1);
        sync("CliFor", json::array({clifor("C", "B")}));
        return total("MCPClienti");
    });
    EXPECT_EQ(good, 2);
    EXPECT_EQ(bad, 1);
}

TEST_F(StubDefect, DocumentViewWithoutLines) {
    const auto [good, bad] = compare(Defect::named("document-view-without-lines"), [&] {
        sync("StoricoDocumentiT", json::array({document("D1", 2)}));
        return rows("MCPDocumentiT").at(0).at("MCPDocumentiR").size();
    });
    EXPECT_EQ(good, 2u);
    EXPECT_EQ(bad, 0u);
}

TEST_F(StubDefect, SuppliersInClienti) {
    const auto [good, bad] = compare(Defect::named("suppliers-in-clienti"), [&] {
        sync("CliFor", json::array({clifor("C", "A"), clifor("F", "B")}));
        return total("MCPClienti");
    });
    EXPECT_EQ(good, 1);
    EXPECT_EQ(bad, 2);
}

// --- query

TEST_F(StubDefect, QueryIgnoresSelection) {
    const auto [good, bad] = compare(Defect::named("query-ignores-selection"), [&] {
        sync("CliFor", json::array({clifor("C", "C1"), clifor("C", "C2")}));
        const Answer a = query({{"RecordSelection", "cod_clifor = 'C1'"}});
        EXPECT_EQ(a.status, 200) << a.text;
        return a.body.value("Records", json::array()).size();
    });
    EXPECT_EQ(good, 1u);
    EXPECT_EQ(bad, 2u);
}

TEST_F(StubDefect, QueryIgnoresOrder) {
    const auto [good, bad] = compare(Defect::named("query-ignores-order"), [&] {
        sync("CliFor", json::array({clifor("C", "C1"), clifor("C", "C2")}));
        const Answer a = query({{"OrderBy", json::array({{{"field", "cod_clifor"}, {"desc", true}}})}});
        EXPECT_EQ(a.status, 200) << a.text;
        return a.body.at("Records").at(0).at("cod_clifor").get<std::string>();
    });
    EXPECT_EQ(good, "C2");
    EXPECT_EQ(bad, "C1");
}

// --- tenancy

TEST_F(StubDefect, TenantRowsLeak) {
    const auto [good, bad] = compare(Defect::named("tenant-rows-leak"), [&] {
        sync("Famiglia", json::array({fam("F1")}));
        return total("Famiglia", "", "other_tenant");
    });
    EXPECT_EQ(good, 0);
    EXPECT_EQ(bad, 1);
}

TEST_F(StubDefect, TenantFromBody) {
    const auto [good, bad] = compare(Defect::named("tenant-from-body"), [&] {
        json r = fam("F1");
        r["customer_ID"] = 2;
        sync("Famiglia", json::array({r}));
        return total("Famiglia", "", "other_tenant");
    });
    EXPECT_EQ(good, 0);
    EXPECT_EQ(bad, 1);
}

TEST_F(StubDefect, ViewOtherTenant) {
    const auto [good, bad] = compare(Defect::named("view-other-tenant"), [&] {
        sync("CliFor", json::array({clifor("C", "A")}));
        EXPECT_EQ(total("CliFor", "", "other_tenant"), 0) << "base resources stay confined";
        return total("MCPClienti", "", "other_tenant");
    });
    EXPECT_EQ(good, 0);
    EXPECT_EQ(bad, 1);
}

// --- validation

TEST_F(StubDefect, OverlongTruncated) {
    const auto [good, bad] = compare(Defect::named("overlong-truncated"), [&] {
        const Answer a = post_json("/api/sync/Famiglia", json::array({fam("F1", std::string(60, 'x'))}), token());
        return std::make_pair(
            a.status, a.status == 200 ? rows("Famiglia").at(0).at("des_famiglia").get<std::string>().size() : 0u);
    });
    EXPECT_EQ(good.first, 400);
    EXPECT_EQ(bad.first, 200);
    EXPECT_EQ(bad.second, 50u) << "nvarchar(50)";
}

TEST_F(StubDefect, RequiredFieldMissingAccepted) {
    const auto [good, bad] = compare(Defect::named("required-field-missing-accepted"), [&] {
        return post_json("/api/sync/MarcaArticoli", json::array({{{"cod_marca", "M1"}, {"flg_isdeleted", false}}}),
                         token())
            .status;
    });
    EXPECT_EQ(good, 400);
    EXPECT_EQ(bad, 200);
}

TEST_F(StubDefect, MalformedJson500) {
    const auto [good, bad] = compare(Defect::named("malformed-json-500"), [&] {
        return post("/api/sync/Famiglia", "[{\"cod_famiglia\": ", token()).status;
    });
    EXPECT_EQ(good, 400);
    EXPECT_EQ(bad, 500);
}

}  // namespace
}  // namespace bds::test
