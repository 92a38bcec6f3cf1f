// The rows a read sees (src/stub/rows): views derived from the base records as they are read, and a selection
// given to the row source selecting exactly the rows it would select among all of them.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include "catalogue/catalogue.hpp"
#include "generate/data_set_gen.hpp"
#include "stub/state.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

class ViewRows : public ::testing::Test {
protected:
    explicit ViewRows(Defect defect = Defect::None)
        : state{catalogue, [&] {
                    StubOptions o;
                    o.defect = defect;
                    return o;
                }()} {}

    void SetUp() override {
        write("StatiEsteri", {{"cod_naz", "86"}, {"des_naz", "Italia"}});
        write("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "C1"}, {"des_ragsoc", "Bar"}, {"cod_naz_res", "86"}});
        write("CodiciDocumento", {{"cod_tipodoc", "FAT"}, {"cod_gruppo_tipodoc", "VEN"}, {"des_tipodoc", "Fattura"}});
        write("StoricoDocumentiT", document("D1"));
        // Every view read once: what follows must be seen whatever a first read may have kept.
        for (const char* view : {"MCPClienti", "MCPDocumentiT", "MCPDocumentiR"}) rows(view);
    }

    static json document(const std::string& key) {
        return {
            {"key_documento", key},
            {"cod_tipodoc", "FAT"},
            {"cod_gruppo_tipodoc", "VEN"},
            {"num_anno", 2026},
            {"dat_doc", "2026-02-27T00:00:00"},
            {"ind_clifor_c", "C"},
            {"cod_clifor_c", "C1"},
            {"StoricoDocumentiR", json::array({{{"key_documento", key}, {"cod_art", "A1"}, {"cod_variante", ""}},
                                               {{"key_documento", key}, {"cod_art", "ZZ"}, {"cod_variante", ""}}})}};
    }

    void write(const std::string& resource, json record) {
        state.store.upsert(7, *catalogue.find(resource), {std::move(record)});
    }

    /// The rows a read of `resource` visits; with `selection`, those it selects.
    json rows(const std::string& resource, const std::string& selection = "") {
        const Record& record = *catalogue.find(resource);
        std::optional<Selection> s;
        if (!selection.empty()) s = Selection::parse(selection, record);
        json out = json::array();
        User user;
        user.customer_ID = 7;
        state.store.read(7, [&](const TenantData& data) {
            state.rows.for_each_row(
                data, record, user, [&](const RowRef& row, std::int64_t, RowText&) { out.push_back(row.whole()); },
                s ? &*s : nullptr);
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

TEST_F(ViewRows, AnOrOfKeysFindsExactlyItsRowsOnceEachInKeyOrder) {
    // A check reads many keys a read ("(k = 'a') or (k = 'b')"): each term's key or index finds its rows.
    write("StoricoDocumentiT", document("D2"));
    write("StoricoDocumentiT", document("D3"));
    EXPECT_EQ(
        values(rows("StoricoDocumentiT", "(key_documento = 'D3') or (key_documento = 'D1') or (key_documento = 'D3')"),
               "key_documento"),
        (std::vector<std::string>{"D1", "D3"}));
    EXPECT_EQ(values(rows("MCPDocumentiR", "(key_documento = 'D2') or (key_documento = 'D9')"), "key_documento"),
              (std::vector<std::string>{"D2", "D2"}))
        << "the lines of D2, and nothing for a key no row has";
    EXPECT_EQ(
        values(rows("MCPClienti", "(cod_clifor = 'C1' and ind_clifor = 'C') or cod_clifor = 'nobody'"), "cod_clifor"),
        (std::vector<std::string>{"C1"}));
    EXPECT_EQ(rows("StoricoDocumentiT", "key_documento = 'D1' or num_anno = 2026").size(), 3u)
        << "a term pinning no text: every row is read";
}

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

TEST_F(ViewRows, ASelectionFindsItsRowsByKeyOrByScan) {
    write("CliFor", {{"ind_clifor", "F"}, {"cod_clifor", "C1"}, {"des_ragsoc", "Torrefazione"}});
    write("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "C10"}, {"des_ragsoc", "Hotel"}});
    EXPECT_EQ(values(rows("CliFor", "ind_clifor = 'c'"), "cod_clifor"), (Texts{"C1", "C10"}))
        << "case-insensitive, in key order";
    EXPECT_EQ(values(rows("CliFor", "ind_clifor = 'C' and cod_clifor = 'c1  '"), "des_ragsoc"), Texts{"Bar"})
        << "trailing spaces do not count";
    EXPECT_EQ(rows("CliFor", "cod_clifor = 'C1'").size(), 2u) << "a field after the leading key: found by an index";
    write("StoricoDocumentiT", document("D0"));
    EXPECT_EQ(rows("StoricoDocumentiR", "key_documento = 'd1'").size(), 2u) << "the lines of D1 only";
    EXPECT_TRUE(rows("StoricoDocumentiR", "key_documento = 'D9'").empty());
    EXPECT_EQ(rows("MCPDocumentiR", "key_documento = 'D1'").size(), 2u);
    EXPECT_EQ(rows("MCPDocumentiR", "key_documento = 'D1' or cod_art = 'ZZ'").size(), 3u) << "no key pinned by an OR";
}

TEST_F(ViewRows, ASelectionOnAViewFieldSeesEveryWrite) {
    EXPECT_EQ(rows("MCPDocumentiT", "des_ragsoc = 'bar'").size(), 1u);
    write("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "C1"}, {"des_ragsoc", "Bar Sport"}, {"cod_naz_res", "86"}});
    EXPECT_TRUE(rows("MCPDocumentiT", "des_ragsoc = 'Bar'").empty()) << "the old value no longer finds the row";
    EXPECT_EQ(rows("MCPDocumentiT", "des_ragsoc = 'BAR SPORT'").size(), 1u);
    write("StoricoDocumentiT", document("D0"));
    EXPECT_EQ(values(rows("MCPDocumentiT", "des_ragsoc = 'bar sport'"), "key_documento"), (Texts{"D0", "D1"}))
        << "in key order";
    EXPECT_EQ(values(rows("MCPDocumentiR", "des_ragsoc = 'bar sport' and cod_art = 'ZZ'"), "key_documento"),
              (Texts{"D0", "D1"}))
        << "a header term and a line term";
    state.store.clear();
    EXPECT_TRUE(rows("MCPDocumentiT", "des_ragsoc = 'bar sport'").empty());
}

TEST_F(ViewRows, AnIndexOfABaseFieldFollowsEveryWrite) {
    const auto address = [&](const char* code, const char* street) {
        write("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", code}, {"des_ragsoc", "x"}, {"des_indir_res", street}});
    };
    address("C2", "Via Roma");
    EXPECT_EQ(values(rows("MCPClienti", "des_indir_res = 'via roma'"), "cod_clifor"), Texts{"C2"})
        << "the first read builds the index";
    address("C0", "Via Roma");
    EXPECT_EQ(values(rows("MCPClienti", "des_indir_res = 'VIA ROMA  '"), "cod_clifor"), (Texts{"C0", "C2"}))
        << "a new row, in key order";
    address("C2", "Corso Italia");
    EXPECT_EQ(values(rows("CliFor", "des_indir_res = 'via roma'"), "cod_clifor"), Texts{"C0"})
        << "the old value no longer finds the row";
    EXPECT_EQ(values(rows("MCPClienti", "des_indir_res = 'corso italia'"), "cod_clifor"), Texts{"C2"});
    state.store.clear();
    EXPECT_TRUE(rows("CliFor", "des_indir_res = 'corso italia'").empty());
}

/// A condition `row` satisfies, or not, on up to three of its text and integer fields, joined by AND or OR.
std::string condition_on(const Record& record, const json& row) {
    std::vector<std::string> terms;
    for (const Field& f : record.fields) {
        const auto it = row.find(f.name);
        if (it == row.end() || f.type.kind == SqlKind::List) continue;
        if (it->is_string() && f.type.is_text()) {
            std::string text;
            for (const char c : it->get<std::string>()) text += c == '\'' ? std::string("''") : std::string(1, c);
            terms.push_back(f.name + " = N'" + text + "'");
        } else if (it->is_number_integer() && f.type.kind == SqlKind::Int) {
            terms.push_back(f.name + " = " + it->dump());
        }
    }
    if (terms.empty()) return "";
    const auto picked = *rc::gen::container<std::vector<std::size_t>>(*rc::gen::inRange<std::size_t>(1, 4),
                                                                      rc::gen::inRange<std::size_t>(0, terms.size()));
    const std::string join = *rc::gen::element<std::string>(" AND ", " OR ");
    std::string out;
    for (const std::size_t i : picked)
        out += (out.empty() ? "" : join) + (*rc::gen::arbitrary<bool>() ? "NOT " : "") + terms[i];
    return out;
}

TEST(RowSource, SelectsExactlyTheRowsTheSelectionSelectsAmongAllRows) {
    const Catalogue catalogue = builtin_catalogue();
    EXPECT_TRUE(rc::check("a selection given to the row source", [&] {
        StubOptions options;
        options.choices.view_derivation =
            *rc::gen::element(Choices::ViewDerivation::Own, Choices::ViewDerivation::Joined);
        options.choices.collation = *rc::gen::element(Choices::Collation::Ci, Choices::Collation::Cs);
        // The database's readings that compare text otherwise than the indexes' keys do.
        options.choices.fixed_text = *rc::gen::element(Choices::FixedText::Padded, Choices::FixedText::AsSent);
        options.choices.trailing_blanks =
            *rc::gen::element(Choices::TrailingBlanks::SqlServer, Choices::TrailingBlanks::Significant);
        options.choices.case_folding = *rc::gen::element(Choices::CaseFolding::Letters, Choices::CaseFolding::Ascii);
        options.choices.accents = *rc::gen::element(Choices::Accents::Sensitive, Choices::Accents::Insensitive);
        // Defects that move, duplicate or remove stored rows (what an index must follow), or freeze the views.
        options.defect =
            *rc::gen::element(Defect::None, Defect::named("upsert-duplicates"), Defect::named("physical-deletion"),
                              Defect::named("view-stale"), Defect::named("suppliers-in-clienti"));
        StubState state(catalogue, options);
        for (const auto& block : *gen::data_set_gen(catalogue))
            state.store.upsert(7, *catalogue.find(block.resource), block.records);
        const Record& record = *catalogue.find(
            *rc::gen::element<std::string>("MCPClienti", "MCPFornitori", "MCPArticoli", "MCPDocumentiT",
                                           "MCPDocumentiR", "StoricoDocumentiT", "StoricoDocumentiR", "CliFor"));
        User user;
        user.customer_ID = 7;
        const auto read = [&](const Selection* s) {
            json out = json::array();
            state.store.read(7, [&](const TenantData& data) {
                state.rows.for_each_row(
                    data, record, user, [&](const RowRef& row, std::int64_t, RowText&) { out.push_back(row.whole()); },
                    s);
            });
            return out;
        };
        const auto check = [&] {
            const json all = read(nullptr);
            RC_PRE(!all.empty());
            const std::string text = condition_on(record, all[*rc::gen::inRange<std::size_t>(0, all.size())]);
            RC_PRE(!text.empty() && text.size() <= kMaxSelectionLength);
            const Selection selection = Selection::parse(text, record);
            json expected = json::array();
            for (const auto& row : all)
                if (selection.matches(row, state.variation.engine().reading())) expected.push_back(row);
            RC_ASSERT(read(&selection) == expected);
        };
        RC_TAG(record.name);
        check();
        // More writes, some of them to the same keys: what the first read indexed must follow them.
        for (const auto& block : *gen::data_set_gen(catalogue))
            state.store.upsert(7, *catalogue.find(block.resource), block.records);
        check();
    }));
}

class ViewRowsPhysicalDeletion : public ViewRows {
protected:
    ViewRowsPhysicalDeletion() : ViewRows(Defect::named("physical-deletion")) {}
};

TEST_F(ViewRowsPhysicalDeletion, ForgetARemovedRowAndWhatItGaveOthers) {
    ASSERT_EQ(rows("MCPClienti", "des_ragsoc = 'bar'").size(), 1u);
    ASSERT_EQ(rows("CliFor", "des_ragsoc = 'bar'").size(), 1u);
    write("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "C1"}, {"flg_isdeleted", true}});
    EXPECT_TRUE(rows("CliFor", "des_ragsoc = 'bar'").empty()) << "the index forgets the removed row";
    EXPECT_TRUE(rows("MCPClienti").empty());
    EXPECT_FALSE(rows("MCPDocumentiT")[0].contains("des_ragsoc"));
}

class ViewRowsStale : public ViewRows {
protected:
    ViewRowsStale() : ViewRows(Defect::named("view-stale")) {}
};

TEST_F(ViewRowsStale, KeepShowingTheDataOfTheirFirstReadUnderTheDefect) {
    write("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "C2"}, {"des_ragsoc", "Hotel"}});
    EXPECT_EQ(rows("MCPClienti").size(), 1u) << "the view-stale defect must still be there for the kill matrix";
    EXPECT_EQ(rows("CliFor").size(), 2u) << "base tables are read as they are";
}

}  // namespace
}  // namespace bds::stub
