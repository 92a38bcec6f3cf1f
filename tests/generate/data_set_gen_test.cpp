// Coherent data sets: every record a valid sent record, keys unique as the unique index compares them and in
// the run namespace, every link resolved (and a broken one reported), deterministic per seed; sent in order to
// the stub, the MCP views show the joined rows.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "generate/data_set_gen.hpp"
#include "oracle/compare.hpp"
#include "schema/record_validator.hpp"
#include "sql/datetime.hpp"
#include "sql/text.hpp"
#include "stub/stub_fixture.hpp"

#include "test_records.hpp"
namespace bds::gen {
namespace {

using nlohmann::json;

const Catalogue& catalogue() { return test::catalogue(); }

DataSetOptions options(const std::string& prefix = "ds9") {
    DataSetOptions o;
    o.record.run_prefix = prefix;
    return o;
}

DataSet sample(std::uint64_t seed, const DataSetOptions& o = options()) {
    rc::Random random(seed);
    return data_set_gen(catalogue(), o)(random, 50).value();
}

const std::vector<json>& block(const DataSet& set, const std::string& resource) {
    for (const auto& b : set)
        if (b.resource == resource) return b.records;
    throw std::logic_error("no block " + resource);
}

json value_of(const json& record, const char* field) { return record.value(field, json()); }

/// The record of `resource` in `set` whose fields equal `values`, or nullptr.
const json* lookup(const DataSet& set, const std::string& resource, const json& values) {
    for (const auto& r : block(set, resource)) {
        bool all = true;
        for (const auto& [k, v] : values.items()) all = all && value_of(r, k.c_str()) == v;
        if (all) return &r;
    }
    return nullptr;
}

TEST(DataSetGen, BlocksComeInDependencyOrder) {
    const auto order = dependency_order(catalogue());
    EXPECT_EQ(order.size(), data_set_resources().size());
    auto position = [&](const std::string& r) {
        const std::string owner = r == "StoricoDocumentiR" ? "StoricoDocumentiT" : r;
        return std::find(order.begin(), order.end(), owner) - order.begin();
    };
    const auto links = data_set_links(catalogue());
    EXPECT_GE(links.size(), 12u);
    for (const auto& link : links) {
        if (position(link.from_record) != position(link.to_record)) {
            EXPECT_LT(position(link.to_record), position(link.from_record))
                << link.from_record << " -> " << link.to_record;
        }
    }
    const auto set = sample(1);
    ASSERT_EQ(set.size(), order.size());
    for (std::size_t i = 0; i < set.size(); ++i) EXPECT_EQ(set[i].resource, order[i]);
}

TEST(DataSetGen, ALevelLinksOnlyToTheLevelsBeforeIt) {
    const auto levels = dependency_levels(catalogue());
    std::map<std::string, std::size_t> level;
    for (std::size_t l = 0; l < levels.size(); ++l)
        for (const auto& r : levels[l]) level[r] = l;
    EXPECT_EQ(level.size(), data_set_resources().size());
    auto owner = [](const std::string& r) { return r == "StoricoDocumentiR" ? "StoricoDocumentiT" : r; };
    for (const auto& link : data_set_links(catalogue())) {
        if (owner(link.from_record) == link.to_record) continue;  // a line's link to its own header
        EXPECT_LT(level.at(link.to_record), level.at(owner(link.from_record)))
            << link.from_record << " -> " << link.to_record;
    }
    // Fewer rounds than resources: the point of levels (a far target pays a round trip per level, not per resource).
    EXPECT_LT(levels.size(), data_set_resources().size() / 2);
    EXPECT_TRUE(levels[0].size() > 1);
}

TEST(DataSetGen, TheCataloguesReferencesAndCopiesAreAllLinks) {
    const auto links = data_set_links(catalogue());
    int from_catalogue = 0;
    for (const auto& r : catalogue().relations()) {
        if (r.kind != "reference" && r.kind != "copy") continue;
        ++from_catalogue;
        EXPECT_TRUE(std::any_of(links.begin(), links.end(),
                                [&](const Link& l) {
                                    return l.from_record == r.from_record && l.from_fields == r.from_fields &&
                                           l.to_record == r.to_record && l.kind == r.kind;
                                }))
            << r.from_record << " -> " << r.to_record;
    }
    EXPECT_EQ(from_catalogue, 6);
}

TEST(DataSetGen, EveryRecordIsAValidSentRecord) {
    std::map<std::string, std::unique_ptr<RecordValidator>> validators;
    for (const auto& name : data_set_resources())
        validators[name] = std::make_unique<RecordValidator>(catalogue(), *catalogue().find(name), Direction::Sent);
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        for (const auto& b : sample(seed)) {
            for (const auto& r : b.records) {
                const auto violations = validators.at(b.resource)->validate(r);
                std::string text;
                for (const auto& v : violations) text += v.pointer + ": " + v.message + "\n";
                ASSERT_TRUE(violations.empty()) << b.resource << " (seed " << seed << ")\n" << text << r.dump();
                EXPECT_EQ(r.at("flg_isdeleted"), false);
                EXPECT_FALSE(r.contains("customer_ID"));
            }
        }
    }
}

TEST(DataSetGen, EveryLinkResolves) {
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        const auto set = sample(seed);
        const auto unresolved = unresolved_links(catalogue(), set);
        std::string text;
        for (const auto& u : unresolved) text += u + "\n";
        EXPECT_TRUE(unresolved.empty()) << "seed " << seed << "\n" << text;
        // Spot checks, independent of unresolved_links.
        for (const auto& s : block(set, "Sottofamiglia")) {
            const json* f = lookup(set, "Famiglia", {{"cod_famiglia", s.at("cod_famiglia")}});
            ASSERT_NE(f, nullptr) << s.dump();
            EXPECT_EQ(value_of(s, "des_famiglia"), value_of(*f, "des_famiglia"));
        }
        for (const auto& doc : block(set, "StoricoDocumentiT")) {
            EXPECT_NE(
                lookup(set, "CliFor", {{"ind_clifor", doc.at("ind_clifor_c")}, {"cod_clifor", doc.at("cod_clifor_c")}}),
                nullptr);
            for (const auto& line : doc.at("StoricoDocumentiR")) {
                EXPECT_EQ(line.at("key_documento"), doc.at("key_documento"));
                EXPECT_NE(lookup(set, "AliquoteIva", {{"cod_iva", line.at("cod_iva")}}), nullptr);
                EXPECT_NE(lookup(set, "Articoli",
                                 {{"cod_art", line.at("cod_art")}, {"cod_variante", line.at("cod_variante")}}),
                          nullptr);
            }
        }
    }
}

TEST(DataSetGen, ABrokenLinkIsReported) {
    const auto set = sample(3);
    auto reported = [&](DataSet broken, const std::string& words) {
        const auto unresolved = unresolved_links(catalogue(), broken);
        ASSERT_EQ(unresolved.size(), 1u) << words;
        EXPECT_NE(unresolved[0].find(words), std::string::npos) << unresolved[0];
    };
    auto at = [](DataSet& s, const std::string& resource) -> std::vector<json>& {
        for (auto& b : s)
            if (b.resource == resource) return b.records;
        throw std::logic_error(resource);
    };
    DataSet a = set;
    at(a, "Articoli")[0]["cod_iva_ven"] = "nope";
    reported(a, "Articoli[0] cod_iva_ven = \"nope\": no AliquoteIva with cod_iva = \"nope\"");
    DataSet b = set;
    at(b, "Sottofamiglia")[0]["des_famiglia"] = "not the family's";
    reported(b, "Sottofamiglia[0] des_famiglia = \"not the family's\": copies Famiglia.des_famiglia");
    DataSet c = set;
    at(c, "StoricoDocumentiT")[0]["StoricoDocumentiR"][0]["cod_art"] = "nope";
    reported(c, "StoricoDocumentiT[0].StoricoDocumentiR[0] cod_art = \"nope\"");
    DataSet d = set;
    at(d, "StoricoDocumentiT")[0]["cod_clifor_c"] = nullptr;
    reported(d, "StoricoDocumentiT[0] ind_clifor_c");
}

TEST(DataSetGen, KeysAreUniqueAsTheUniqueIndexComparesThemAndCarryTheRunPrefix) {
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        for (const auto& b : sample(seed)) {
            const Record& rec = *catalogue().find(b.resource);
            std::set<std::string> keys;
            for (const auto& r : b.records) {
                EXPECT_TRUE(keys.insert(oracle::index_key(rec, r, Collation::CaseInsensitive)).second)
                    << b.resource << ": " << r.dump();
                for (const auto& k : rec.key) {
                    const Field* f = rec.field(k);
                    if (f->tenant || !f->type.is_text() || !f->values.empty()) continue;
                    // Sottofamiglia.cod_famiglia is a Famiglia's key: prefixed there.
                    EXPECT_EQ(r.at(k).get<std::string>().rfind("ds9", 0), 0u)
                        << b.resource << "." << k << ": " << r.at(k);
                }
            }
        }
    }
}

TEST(DataSetGen, SizesFollowTheOptions) {
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        for (const auto& b : sample(seed)) {
            EXPECT_GE(b.records.size(), 2u);
            EXPECT_LE(b.records.size(), 5u);
            if (b.resource != "StoricoDocumentiT") continue;
            for (const auto& doc : b.records) {
                const auto& lines = doc.at("StoricoDocumentiR");
                EXPECT_GE(lines.size(), 1u);
                EXPECT_LE(lines.size(), 4u);
                for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(lines[i].at("num_riga"), i + 1);
                // In MCPDocumentiT: cod_tipodoc, num_anno and dat_doc, num_anno the year of dat_doc.
                const auto date = sql::parse_datetime(doc.at("dat_doc").get<std::string>(), SqlKind::Datetime,
                                                      sql::TimeSource::Record);
                ASSERT_TRUE(date.ticks) << doc.at("dat_doc");
                EXPECT_EQ(doc.at("num_anno"), sql::civil_from_ticks(*date.ticks).year);
                EXPECT_TRUE(doc.at("cod_tipodoc").is_string());
            }
        }
    }
    DataSetOptions o = options();
    o.counts = {{"CliFor", 7}, {"StoricoDocumentiT", 1}};
    o.min_records = o.max_records = 1;
    o.min_lines = o.max_lines = 3;
    const auto set = sample(5, o);
    for (const auto& b : set) EXPECT_EQ(b.records.size(), b.resource == "CliFor" ? 7u : 1u) << b.resource;
    EXPECT_EQ(block(set, "StoricoDocumentiT")[0].at("StoricoDocumentiR").size(), 3u);
    o.counts = {{"AliquoteIva", 0}};
    EXPECT_THROW(data_set_gen(catalogue(), o), std::invalid_argument) << "records link to AliquoteIva";
    o.counts = {{"Nope", 1}};
    EXPECT_THROW(data_set_gen(catalogue(), o), std::invalid_argument);
}

TEST(DataSetGen, AReferencedKeyFitsEveryFieldThatRefersToIt) {
    // CodiciDocumento.cod_tipodoc is nvarchar(50); the header's cod_tipodoc, which refers to it, nvarchar(15).
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        const auto set = sample(seed);
        for (const auto& t : block(set, "CodiciDocumento"))
            EXPECT_LE(sql::utf16_length(*sql::utf8_to_u32(t.at("cod_tipodoc").get<std::string>())), 15u)
                << t.at("cod_tipodoc");
    }
}

TEST(DataSetGen, TheSameSeedGivesTheSameDataSet) {
    auto flat = [](const DataSet& s) {
        json out = json::array();
        for (const auto& b : s) out.push_back({{"resource", b.resource}, {"records", b.records}});
        return out;
    };
    EXPECT_EQ(flat(sample(42)), flat(sample(42)));
    EXPECT_NE(flat(sample(42)), flat(sample(43)));
}

TEST(DataSetGen, GeneratorsBuiltOnceGiveWhatDataSetGenGivesForEachPrefix) {
    auto flat = [](const DataSet& s) {
        json out = json::array();
        for (const auto& b : s) out.push_back({{"resource", b.resource}, {"records", b.records}});
        return out;
    };
    const DataSetGens gens(catalogue(), options("ds00"));
    for (const std::string prefix :
         {"ds01", "zz99", "ds0", "dsè1"})  // the last two are built afresh (length, not ASCII)
        for (std::uint64_t seed : {1u, 2u, 3u}) {
            rc::Random random(seed);
            const json made = flat(gens(prefix)(random, 50).value());
            EXPECT_EQ(made, flat(sample(seed, options(prefix)))) << prefix << " seed " << seed;
            EXPECT_EQ(made.dump().find('\x1e'), std::string::npos) << "the stand-in prefix is traded everywhere";
        }
}

TEST(DataSetGen, APrefixThatLeavesNoRoomFails) {
    // Famiglia.cod_famiglia is nvarchar(10): a 10-character prefix allows one key only.
    DataSetOptions o = options("abcdefghij");
    o.counts = {{"Famiglia", 2}};
    EXPECT_THROW(sample(1, o), std::runtime_error);
}

// ---- sent to the stub ----

class DataSetOnStub : public test::StubTest, public ::testing::WithParamInterface<std::uint64_t> {};

TEST_P(DataSetOnStub, TheViewsShowTheJoinedRows) {
    const DataSet set = sample(GetParam());
    for (const auto& b : set) {
        SCOPED_TRACE(b.resource);
        sync(b.resource, json(b.records));
    }

    // MCPClienti: exactly the customers; MCPFornitori: exactly the suppliers; each with its country's name.
    for (const auto& [view, kind] : {std::pair{"MCPClienti", "C"}, std::pair{"MCPFornitori", "F"}}) {
        std::set<std::string> expected, shown;
        for (const auto& c : block(set, "CliFor"))
            if (c.at("ind_clifor") == kind) expected.insert(c.at("cod_clifor").get<std::string>());
        for (const auto& row : rows(view)) {
            shown.insert(row.at("cod_clifor").get<std::string>());
            const json* base = lookup(set, "CliFor", {{"ind_clifor", kind}, {"cod_clifor", row.at("cod_clifor")}});
            ASSERT_NE(base, nullptr) << row.dump();
            const json* country = lookup(set, "StatiEsteri", {{"cod_naz", base->at("cod_naz_res")}});
            ASSERT_NE(country, nullptr);
            EXPECT_EQ(value_of(row, "des_naz"), value_of(*country, "des_naz")) << view;
        }
        EXPECT_EQ(shown, expected) << view;
    }

    // MCPArticoli: the brand's name by code.
    for (const auto& row : rows("MCPArticoli")) {
        const json* brand = lookup(set, "MarcaArticoli", {{"cod_marca", row.at("cod_marca")}});
        ASSERT_NE(brand, nullptr) << row.dump();
        EXPECT_EQ(value_of(row, "des_marca"), value_of(*brand, "des_marca"));
    }

    // MCPDocumentiT: every header, with its lines, the counterpart's name, the type's and the payment's descriptions.
    const json docs = rows("MCPDocumentiT");
    ASSERT_EQ(docs.size(), block(set, "StoricoDocumentiT").size());
    for (const auto& row : docs) {
        const json* doc = lookup(set, "StoricoDocumentiT", {{"key_documento", row.at("key_documento")}});
        ASSERT_NE(doc, nullptr) << row.at("key_documento");
        const json* party =
            lookup(set, "CliFor", {{"ind_clifor", doc->at("ind_clifor_c")}, {"cod_clifor", doc->at("cod_clifor_c")}});
        ASSERT_NE(party, nullptr);
        EXPECT_EQ(value_of(row, "des_ragsoc"), value_of(*party, "des_ragsoc"));
        const json* type =
            lookup(set, "CodiciDocumento",
                   {{"cod_tipodoc", doc->at("cod_tipodoc")}, {"cod_gruppo_tipodoc", doc->at("cod_gruppo_tipodoc")}});
        ASSERT_NE(type, nullptr);
        EXPECT_EQ(value_of(row, "des_tipodoc"), value_of(*type, "des_tipodoc"));
        const json* payment = lookup(set, "CondPagam", {{"cod_pag", doc->at("cod_pag")}});
        ASSERT_NE(payment, nullptr);
        EXPECT_EQ(value_of(row, "des_pag"), value_of(*payment, "des_pag"));

        const json& lines = row.at("MCPDocumentiR");
        const json& sent_lines = doc->at("StoricoDocumentiR");
        ASSERT_EQ(lines.size(), sent_lines.size()) << "MCPDocumentiT carries its lines";
        for (std::size_t i = 0; i < lines.size(); ++i) {
            EXPECT_EQ(lines[i].at("cod_art"), sent_lines[i].at("cod_art"));
            const json* vat = lookup(set, "AliquoteIva", {{"cod_iva", sent_lines[i].at("cod_iva")}});
            ASSERT_NE(vat, nullptr);
            EXPECT_EQ(value_of(lines[i], "des_iva"), value_of(*vat, "des_iva"));
            const json* art =
                lookup(set, "Articoli",
                       {{"cod_art", sent_lines[i].at("cod_art")}, {"cod_variante", sent_lines[i].at("cod_variante")}});
            ASSERT_NE(art, nullptr);
            const json* brand = lookup(set, "MarcaArticoli", {{"cod_marca", art->at("cod_marca")}});
            ASSERT_NE(brand, nullptr);
            EXPECT_EQ(value_of(lines[i], "des_marca"), value_of(*brand, "des_marca"));
            EXPECT_EQ(value_of(lines[i], "des_ragsoc"), value_of(*party, "des_ragsoc"));
        }
    }
    long lines = 0;
    for (const auto& doc : block(set, "StoricoDocumentiT"))
        lines += static_cast<long>(doc.at("StoricoDocumentiR").size());
    EXPECT_EQ(total("MCPDocumentiR"), lines);
}

INSTANTIATE_TEST_SUITE_P(Seeds, DataSetOnStub, ::testing::Values(1u, 2u, 3u, 4u));

}  // namespace
}  // namespace bds::gen
