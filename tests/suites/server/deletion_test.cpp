// Suite "deletion": each check passes on the faithful stub and fails on a server that breaks its rule.
#include <gtest/gtest.h>

#include <mutex>
#include <set>

#include "oracle/compare.hpp"
#include "run/suite_fixture.hpp"

namespace bds {
namespace {

using nlohmann::json;
using test::Broken;

/// Deleted rows vanish from every read: deletion is physical.
void hide_deleted(const httplib::Request& req, httplib::Response& res) {
    if (req.method != "GET" || res.status != 200 || req.path.rfind("/api/", 0) != 0 ||
        req.path.find("TokenInfo") != std::string::npos)
        return;
    test::keep_rows(res, [](const json& r) { return r.value("flg_isdeleted", false) != true; });
}

TEST(DeletionChecks, PhysicalDeletionFailsDel01) {
    Broken b({}, hide_deleted);
    b.expect_fail("DEL-01");
    b.expect_pass_without_proxy("DEL-01");
}

TEST(DeletionChecks, AnUndeletionIgnoredFailsDel02) {
    // Once deleted, a key stays deleted whatever is sent.
    const Catalogue cat = builtin_catalogue();
    auto deleted = std::make_shared<std::set<std::string>>();
    auto mutex = std::make_shared<std::mutex>();
    Broken b({}, {}, [&cat, deleted, mutex](std::string& target, httplib::Headers&, std::string& body) {
        const Record* record = target.rfind("/api/sync/", 0) == 0 ? cat.find(target.substr(10)) : nullptr;
        json block = json::parse(body, nullptr, false);
        if (!record || !block.is_array()) return;
        std::lock_guard lock(*mutex);
        for (auto& r : block) {
            const std::string key = record->name + "/" + oracle::index_key(*record, r, Collation::CaseInsensitive);
            if (r.value("flg_isdeleted", false) == true) deleted->insert(key);
            if (deleted->contains(key)) r["flg_isdeleted"] = true;
        }
        body = block.dump();
    });
    b.expect_fail("DEL-02");
    b.expect_pass_without_proxy("DEL-02");
}

TEST(DeletionChecks, AMissingFlagTakenAsFalseFailsDel03) {
    Broken b({}, {}, [](std::string& target, httplib::Headers&, std::string& body) {
        json block = json::parse(body, nullptr, false);
        if (target.rfind("/api/sync/", 0) != 0 || !block.is_array()) return;
        for (auto& r : block)
            if (r.is_object() && !r.contains("flg_isdeleted")) r["flg_isdeleted"] = false;
        body = block.dump();
    });
    b.expect_fail("DEL-03");
    b.expect_pass_without_proxy("DEL-03");
}

TEST(DeletionChecks, Del04ObservesWhetherReadsShowDeletedRecords) {
    Broken b({}, hide_deleted);
    const auto hidden = test::run_all(b.cat, b.target, {"DEL-04"});
    ASSERT_EQ(test::result_of(hidden, "DEL-04").observations.size(), 2u) << test::describe(hidden);
    EXPECT_NE(test::result_of(hidden, "DEL-04").observations[0].text.find("leaves"), std::string::npos);
    const auto shown = test::run_all(b.cat, b.stub.target, {"DEL-04"});
    EXPECT_NE(test::result_of(shown, "DEL-04").observations[0].text.find("shows"), std::string::npos);
    EXPECT_NE(test::result_of(shown, "DEL-04").observations[1].text.find("still listed"), std::string::npos);
}

}  // namespace
}  // namespace bds
