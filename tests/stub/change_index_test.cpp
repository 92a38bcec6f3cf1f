// src/stub/change_index: a read given a LastUtcRun (the change feed, 000 §4.3) sees exactly the rows changed after
// it, in key order, whether the row source finds them by the change index or by a scan, after any write.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "catalogue/catalogue.hpp"
#include "stub/state.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

/// A row as a read emitted it, with the instant it last changed.
struct Seen {
    json row;
    std::int64_t changed;
    bool operator==(const Seen&) const = default;
};

class ChangeIndexTest : public ::testing::TestWithParam<Defect> {
protected:
    ChangeIndexTest()
        : state{catalogue, [] {
                    StubOptions o;
                    o.defect = GetParam();
                    return o;
                }()} {}

    void write(const std::string& resource, std::vector<json> records) {
        state.store.upsert(7, *catalogue.find(resource), std::move(records));
    }

    /// `n` CliFor records from number `from` on, and `n / 10` documents with two lines each.
    void write_many(int from, int n, bool deleted = false) {
        std::vector<json> clifor, documents;
        for (int i = from; i < from + n; ++i) {
            char code[16];
            std::snprintf(code, sizeof code, "K%04d", i);
            clifor.push_back({{"ind_clifor", i % 3 ? "C" : "F"},
                              {"cod_clifor", code},
                              {"des_ragsoc", "n " + std::to_string(i)},
                              {"flg_isdeleted", deleted}});
            if (i % 10 == 0)
                documents.push_back(
                    {{"key_documento", code},
                     {"cod_tipodoc", "FAT"},
                     {"num_anno", 2026},
                     {"dat_doc", "2026-02-27T00:00:00"},
                     {"ind_clifor_c", "C"},
                     {"cod_clifor_c", "K0001"},
                     {"flg_isdeleted", deleted},
                     {"StoricoDocumentiR",
                      json::array({{{"key_documento", code}, {"cod_art", "A1"}, {"cod_variante", ""}},
                                   {{"key_documento", code}, {"cod_art", "A2"}, {"cod_variante", ""}}})}});
        }
        write("CliFor", std::move(clifor));
        write("StoricoDocumentiT", std::move(documents));
    }

    std::vector<Seen> read(const std::string& resource, std::optional<std::int64_t> after) {
        std::vector<Seen> out;
        User user;
        user.customer_ID = 7;
        state.store.read(7, [&](const TenantData& data) {
            state.rows.for_each_row(
                data, *catalogue.find(resource), user,
                [&](const RowRef& row, std::int64_t changed, RowText&) {
                    out.push_back({row.whole(), changed});
                },
                nullptr, after);
        });
        return out;
    }

    /// For each resource and instants from before every row to after the last: a read given the instant emits, among
    /// the rows it would emit without, at least those changed after it, in the same order (the caller filters the
    /// rest).
    void expect_narrowed_exactly() {
        for (const char* resource :
             {"CliFor", "MCPClienti", "StoricoDocumentiT", "StoricoDocumentiR", "MCPDocumentiT", "MCPDocumentiR"}) {
            const auto all = read(resource, std::nullopt);
            ASSERT_FALSE(all.empty()) << resource;
            std::vector<std::int64_t> instants{0};
            for (std::size_t i = 0; i < all.size(); i += 7) instants.push_back(all[i].changed);
            for (const auto& s : all) instants.push_back(std::max(instants.back(), s.changed));  // the latest last
            for (const auto t : instants) {
                std::vector<Seen> expected, got;
                for (const auto& s : all)
                    if (s.changed > t) expected.push_back(s);
                for (const auto& s : read(resource, t))
                    if (s.changed > t) got.push_back(s);
                EXPECT_EQ(got, expected) << resource << " after " << t;
            }
        }
    }

    Catalogue catalogue = builtin_catalogue();
    StubState state;
};

TEST_P(ChangeIndexTest, AReadAfterAnInstantSeesExactlyTheRowsChangedSince) {
    write_many(0, 200);
    expect_narrowed_exactly();
    // Updates, logical deletions and new rows after the first reads built the index: it follows them.
    write_many(5, 3);
    write_many(40, 2, true);
    write_many(300, 12);
    expect_narrowed_exactly();
}

TEST_P(ChangeIndexTest, FindsTheFewRowsChangedAfterARecentInstantWithoutTheOthers) {
    write_many(0, 200);
    std::int64_t before = 0;
    for (const auto& s : read("CliFor", std::nullopt)) before = std::max(before, s.changed);
    ASSERT_EQ(read("CliFor", before).size(), 0u) << "nothing changed after the latest change";
    write_many(500, 3);
    EXPECT_EQ(read("CliFor", before).size(), 3u) << "the three rows written since, and no other";
}

INSTANTIATE_TEST_SUITE_P(Defects, ChangeIndexTest,
                         ::testing::Values(Defect::None, Defect::named("upsert-duplicates"),
                                           Defect::named("physical-deletion"), Defect::named("view-stale"),
                                           Defect::named("feed-misses-updates")),
                         [](const auto& p) {
                             std::string name(stub::info(p.param).name);
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

}  // namespace
}  // namespace bds::stub
