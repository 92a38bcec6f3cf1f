// The defects of the platform's fields a client sends back (stub/variation/defects/platform_fields.hpp): each beside
// the faithful stub taking the same blocks, which ignores those fields (A-27=ignored); under the default choice, where
// the faithful stub refuses them, each takes them all the same.
#include "stub/defect_fixture.hpp"

namespace bds::test {
namespace {

using nlohmann::json;

class PlatformFieldsDefect : public StubDefect {
protected:
    /// Runs `scenario` on the faithful stub, then on one with the defect named `defect`, both under A-27=ignored and
    /// `more`: {faithful result, defective result}.
    template <class F>
    auto compare_taking(const char* defect, F scenario, const std::string& more = "") {
        stub::Choices choices;
        stub::apply_choices(choices, "A-27=ignored" + more);
        start(Defect::None, choices);
        auto faithful = scenario();
        start(Defect::named(defect), choices);
        auto defective = scenario();
        return std::make_pair(faithful, defective);
    }
    /// The CliFor record of `code` as `user` reads it.
    json read(const std::string& code, const std::string& user = "writer") {
        const json found = rows("CliFor", selection("cod_clifor = '" + code + "'"), user);
        return found.empty() ? json() : found.at(0);
    }
    /// The cod_clifor of every CliFor row `user` reads, in key order.
    std::vector<std::string> codes(const std::string& user) {
        std::vector<std::string> out;
        for (const auto& r : rows("CliFor", "", user)) out.push_back(r.at("cod_clifor").get<std::string>());
        return out;
    }
    /// clifor("C", code) carrying the platform fields of `row`.
    json sent_back(const std::string& code, const json& row) {
        json r = clifor("C", code);
        for (const char* f : {"Id", "ts_update", "dat_ultvar"}) r[f] = row.at(f);
        return r;
    }
};

TEST_F(PlatformFieldsDefect, MergeOnClientIdOverwritesAnotherTenantsRow) {
    for (const std::string numbering : {"per-tenant", "shared"}) {
        const auto [good, bad] = compare_taking(
            "merge-on-client-id",
            [&] {
                sync("CliFor", json::array({clifor("C", "A1")}));
                sync("CliFor", json::array({clifor("C", "B1")}), "other_tenant");
                sync("CliFor", json::array({sent_back("C1", read("B1", "other_tenant"))}));
                return std::make_pair(codes("writer"), codes("other_tenant"));
            },
            ",A-119=" + numbering);
        EXPECT_EQ(good.first, (std::vector<std::string>{"A1", "C1"})) << numbering;
        EXPECT_EQ(good.second, std::vector<std::string>{"B1"}) << numbering;
        EXPECT_EQ(bad.second, std::vector<std::string>{"C1"}) << numbering << ": B1 took the writer's key and values";
    }
}

TEST_F(PlatformFieldsDefect, MergeOnClientIdInTenantOverwritesAnotherRowOfTheTenant) {
    const auto [good, bad] = compare_taking("merge-on-client-id-in-tenant", [&] {
        sync("CliFor", json::array({clifor("C", "A1")}));
        sync("CliFor", json::array({clifor("C", "B1")}), "other_tenant");
        const json a = read("A1");
        sync("CliFor", json::array({sent_back("C1", a)}));
        return std::make_tuple(codes("writer"), codes("other_tenant"), read("C1").at("Id") == a.at("Id"));
    });
    EXPECT_EQ(std::get<0>(good), (std::vector<std::string>{"A1", "C1"}));
    EXPECT_FALSE(std::get<2>(good)) << "a new record, a new Id";
    EXPECT_EQ(std::get<0>(bad), std::vector<std::string>{"C1"}) << "A1's row took C1's key and values";
    EXPECT_TRUE(std::get<2>(bad)) << "and kept its Id";
    EXPECT_EQ(std::get<1>(bad), std::vector<std::string>{"B1"}) << "the other tenant is left alone";
}

TEST_F(PlatformFieldsDefect, PlatformFieldsStoredAsSentGoBackToAnotherRows) {
    const auto [good, bad] = compare_taking("platform-fields-stored-as-sent", [&] {
        sync("CliFor", json::array({clifor("C", "A1")}));
        const json a = read("A1");
        clock.advance(std::chrono::milliseconds(10));
        sync("CliFor", json::array({sent_back("C1", a)}));
        const json c = read("C1");
        return std::make_pair(c.at("ts_update") == a.at("ts_update"), c.at("dat_ultvar") == a.at("dat_ultvar"));
    });
    EXPECT_FALSE(good.first);
    EXPECT_FALSE(good.second);
    EXPECT_TRUE(bad.first);
    EXPECT_TRUE(bad.second);
}

TEST_F(PlatformFieldsDefect, EachTakesThePlatformFieldsTheDefaultRefuses) {
    for (const char* defect :
         {"merge-on-client-id", "merge-on-client-id-in-tenant", "platform-fields-stored-as-sent"}) {
        const auto [good, bad] = compare(Defect::named(defect), [&] {
            sync("CliFor", json::array({clifor("C", "A1")}));
            const json a = read("A1");
            const Answer r = post_json("/api/sync/CliFor", json::array({sent_back("C1", a)}), token());
            return std::make_pair(r.status, codes("writer"));
        });
        EXPECT_EQ(good.first, 400) << defect << ": A-27=refused, the default";
        EXPECT_EQ(good.second, std::vector<std::string>{"A1"}) << defect;
        EXPECT_EQ(bad.first, 200) << defect;
        EXPECT_NE(bad.second, std::vector<std::string>{"A1"}) << defect;
    }
}

TEST_F(PlatformFieldsDefect, WithoutPlatformFieldsEachKeepsToTheKey) {
    // A block without Id, ts_update or dat_ultvar is upserted by key under every one of them.
    for (const char* defect :
         {"merge-on-client-id", "merge-on-client-id-in-tenant", "platform-fields-stored-as-sent"}) {
        stub::Choices choices;
        stub::apply_choices(choices, "A-27=ignored");
        start(Defect::named(defect), choices);
        sync("CliFor", json::array({clifor("C", "A1")}));
        sync("CliFor", json::array({clifor("C", "B1")}), "other_tenant");
        sync("CliFor", json::array({clifor("C", "C1")}));
        EXPECT_EQ(codes("writer"), (std::vector<std::string>{"A1", "C1"})) << defect;
        EXPECT_EQ(codes("other_tenant"), std::vector<std::string>{"B1"}) << defect;
    }
}

}  // namespace
}  // namespace bds::test
