// The rows a read sees (src/stub/rows): views kept in step with every write, per base row.
#include <gtest/gtest.h>

#include "catalogue/catalogue.hpp"
#include "sql/text.hpp"
#include "stub/state.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

class ViewRows : public ::testing::Test {
protected:
    explicit ViewRows(Defect defect = Defect::None) : state{catalogue, [&] {
        StubOptions o;
        o.defect = defect;
        return o;
    }()} {}

    void SetUp() override {
        write("StatiEsteri", {{"cod_naz", "86"}, {"des_naz", "Italia"}});
        write("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "C1"}, {"des_ragsoc", "Bar"}, {"cod_naz_res", "86"}});
        write("CodiciDocumento", {{"cod_tipodoc", "FAT"}, {"cod_gruppo_tipodoc", "VEN"}, {"des_tipodoc", "Fattura"}});
        write("StoricoDocumentiT", document("D1"));
        // Every view read once, so that what follows is an update of derived rows, not a first derivation.
        for (const char* view : {"MCPClienti", "MCPDocumentiT", "MCPDocumentiR"}) rows(view);
    }

    static json document(const std::string& key) {
        return {{"key_documento", key}, {"cod_tipodoc", "FAT"},  {"cod_gruppo_tipodoc", "VEN"},
                {"num_anno", 2026},     {"dat_doc", "2026-02-27T00:00:00"}, {"ind_clifor_c", "C"},
                {"cod_clifor_c", "C1"}, {"StoricoDocumentiR", json::array({{{"cod_art", "A1"}, {"cod_variante", ""}}, {{"cod_art", "ZZ"}, {"cod_variante", ""}}})}};
    }

    void write(const std::string& resource, json record) { state.store.upsert(7, *catalogue.find(resource), {std::move(record)}); }

    /// The rows a read of `view` visits; with `pinned` ((field, text) pairs), those an index finds for them.
    json rows(const std::string& view, const std::vector<std::pair<std::string, std::string>>& pinned = {}) {
        Pinned keys;
        for (const auto& [field, text] : pinned) keys.emplace_back(field, sql::equality_key(*sql::utf8_to_u32(text), true));
        json out = json::array();
        User user;
        user.customer_ID = 7;
        state.store.read(7, [&](const TenantData& data) {
            state.rows.for_each_row(data, *catalogue.find(view), user, [&](const json& row, std::int64_t, RowText&) { out.push_back(row); }, keys);
        });
        return out;
    }

    /// The values of `field` in `rows`.
    static std::vector<std::string> values(const json& rows, const std::string& field) {
        std::vector<std::string> out;
        for (const auto& r : rows) out.push_back(r.value(field, ""));
        return out;
    }

    Catalogue catalogue = builtin_catalogue();
    StubState state;
};

TEST_F(ViewRows, FollowWritesToTheirBaseRows) {
    write("StoricoDocumentiT", document("D0"));
    json headers = rows("MCPDocumentiT");
    ASSERT_EQ(headers.size(), 2u);
    EXPECT_EQ(headers[0].at("key_documento"), "D0") << "a new base row takes its place in key order";
    EXPECT_EQ(headers[1].at("key_documento"), "D1");
    EXPECT_EQ(rows("MCPDocumentiR").size(), 4u);

    write("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "C2"}, {"des_ragsoc", "Hotel"}});
    EXPECT_EQ(rows("MCPClienti").size(), 2u);
}

TEST_F(ViewRows, FollowWritesToTheRowsTheyJoin) {
    write("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "C1"}, {"des_ragsoc", "Bar Sport"}, {"cod_naz_res", "86"}});
    EXPECT_EQ(rows("MCPDocumentiT")[0].at("des_ragsoc"), "Bar Sport");
    for (const auto& line : rows("MCPDocumentiR")) EXPECT_EQ(line.at("des_ragsoc"), "Bar Sport");

    write("StatiEsteri", {{"cod_naz", "86"}, {"des_naz", "Italy"}});
    EXPECT_EQ(rows("MCPClienti")[0].at("des_naz"), "Italy");
    EXPECT_EQ(rows("MCPDocumentiT")[0].at("des_naz"), "Italy");
}

TEST_F(ViewRows, FollowARowTheyLookedUpAndDidNotFind) {
    ASSERT_FALSE(rows("MCPDocumentiR")[1].contains("cod_famiglia"));
    write("Articoli", {{"cod_art", "ZZ"}, {"cod_variante", ""}, {"cod_famiglia", "CAF"}});
    const json lines = rows("MCPDocumentiR");
    EXPECT_EQ(lines[1].value("cod_famiglia", json()), "CAF");
    EXPECT_FALSE(lines[0].contains("cod_famiglia")) << "the other line names another article";
}

TEST_F(ViewRows, ForgetEveryRowWhenTheStoreIsCleared) {
    state.store.clear();
    EXPECT_TRUE(rows("MCPClienti").empty());
    EXPECT_TRUE(rows("MCPDocumentiT").empty());
    write("StoricoDocumentiT", document("D2"));
    ASSERT_EQ(rows("MCPDocumentiT").size(), 1u);
    EXPECT_FALSE(rows("MCPDocumentiT")[0].contains("des_ragsoc")) << "the counterpart went with the clear";
}

using Texts = std::vector<std::string>;

TEST_F(ViewRows, AKeyFindsItsBaseRowsWithoutAScan) {
    write("CliFor", {{"ind_clifor", "F"}, {"cod_clifor", "C1"}, {"des_ragsoc", "Torrefazione"}});
    write("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "C10"}, {"des_ragsoc", "Hotel"}});
    EXPECT_EQ(values(rows("CliFor", {{"ind_clifor", "c"}}), "cod_clifor"), (Texts{"C1", "C10"})) << "case-insensitive, in key order";
    EXPECT_EQ(values(rows("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "c1  "}}), "des_ragsoc"), Texts{"Bar"}) << "trailing spaces do not count";
    EXPECT_EQ(rows("CliFor", {{"cod_clifor", "C1"}}).size(), 3u) << "a field after the leading key: every row, for the selection to filter";
    write("StoricoDocumentiT", document("D0"));
    EXPECT_EQ(rows("StoricoDocumentiR", {{"key_documento", "d1"}}).size(), 2u) << "the lines of D1 only";
    EXPECT_TRUE(rows("StoricoDocumentiR", {{"key_documento", "D9"}}).empty());
}

TEST_F(ViewRows, AnIndexOfAViewFieldFollowsEveryWrite) {
    EXPECT_EQ(rows("MCPDocumentiT", {{"des_ragsoc", "bar"}}).size(), 1u);
    write("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "C1"}, {"des_ragsoc", "Bar Sport"}, {"cod_naz_res", "86"}});
    EXPECT_TRUE(rows("MCPDocumentiT", {{"des_ragsoc", "Bar"}}).empty()) << "the old value no longer finds the row";
    EXPECT_EQ(rows("MCPDocumentiT", {{"des_ragsoc", "BAR SPORT"}}).size(), 1u);
    write("StoricoDocumentiT", document("D0"));
    EXPECT_EQ(values(rows("MCPDocumentiT", {{"des_ragsoc", "bar sport"}}), "key_documento"), (Texts{"D0", "D1"})) << "a new row is indexed, in key order";
    EXPECT_EQ(rows("MCPDocumentiR", {{"key_documento", "D1"}}).size(), 2u);
    state.store.clear();
    EXPECT_TRUE(rows("MCPDocumentiT", {{"des_ragsoc", "bar sport"}}).empty());
}

class ViewRowsPhysicalDeletion : public ViewRows {
protected:
    ViewRowsPhysicalDeletion() : ViewRows(Defect::PhysicalDeletion) {}
};

TEST_F(ViewRowsPhysicalDeletion, ForgetARemovedRowAndWhatItGaveOthers) {
    write("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "C1"}, {"flg_isdeleted", true}});
    EXPECT_TRUE(rows("MCPClienti").empty());
    EXPECT_FALSE(rows("MCPDocumentiT")[0].contains("des_ragsoc"));
}

class ViewRowsStale : public ViewRows {
protected:
    ViewRowsStale() : ViewRows(Defect::ViewStale) {}
};

TEST_F(ViewRowsStale, KeepTheirFirstDerivationUnderTheDefect) {
    write("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "C2"}, {"des_ragsoc", "Hotel"}});
    EXPECT_EQ(rows("MCPClienti").size(), 1u) << "the view-stale defect must still be there for the kill matrix";
}

}  // namespace
}  // namespace bds::stub
