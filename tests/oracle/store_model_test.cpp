// The store model: keys as SQL Server's unique index compares them, replacement on upsert, logical deletion,
// marks for the change feed; and, for random sequences of upserts, deletions and undeletions (keys reused, some
// differing only by case or trailing spaces), the stub ends up holding exactly what the model expects.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "generate/record_gen.hpp"
#include "oracle/compare.hpp"
#include "oracle/store_model.hpp"
#include "sql/datetime.hpp"
#include "sql/text.hpp"
#include "stub/stub_fixture.hpp"

#include "test_records.hpp"
namespace bds::oracle {
namespace {

using json = nlohmann::json;

const Catalogue& catalogue() { return test::catalogue(); }

json famiglia(const std::string& code, const json& des, bool deleted = false) {
    return {{"cod_famiglia", code}, {"des_famiglia", des}, {"flg_isdeleted", deleted}};
}

std::vector<std::string> descriptions(const std::vector<ModelRecord>& records) {
    std::vector<std::string> out;
    for (const auto& r : records) out.push_back(r.record.value("des_famiglia", std::string("?")));
    return out;
}

TEST(StoreModel, AnUpsertReplacesTheRecordOfTheSameKeyAsTheUniqueIndexComparesIt) {
    StoreModel model(catalogue());
    model.upsert("Famiglia", famiglia("abc", "first"));
    model.upsert("Famiglia", famiglia("ABC  ", nullptr));
    model.upsert("Famiglia", famiglia("abd", "other"));
    EXPECT_EQ(model.count("Famiglia"), 2u);
    const ModelRecord* r = model.find("Famiglia", {{"cod_famiglia", "Abc"}});
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->record, famiglia("ABC  ", nullptr)) << "the last record sent, not a merge (A-60)";
    EXPECT_EQ(model.find("Famiglia", {{"cod_famiglia", "abx"}}), nullptr);

    StoreModel cs(catalogue(), Collation::CaseSensitive);
    cs.upsert("Famiglia", famiglia("abc", "first"));
    cs.upsert("Famiglia", famiglia("ABC", "second"));
    cs.upsert("Famiglia", famiglia("abc ", "third"));
    EXPECT_EQ(cs.count("Famiglia"), 2u);
    EXPECT_EQ(cs.find("Famiglia", {{"cod_famiglia", "abc"}})->record.at("des_famiglia"), "third");
}

TEST(StoreModel, KeysHaveEveryKeyFieldButTheTenant) {
    StoreModel model(catalogue());
    model.upsert("CliFor", {{"customer_ID", 1}, {"ind_clifor", "C"}, {"cod_clifor", "X1"}, {"flg_isdeleted", false}});
    model.upsert("CliFor", {{"ind_clifor", "F"}, {"cod_clifor", "X1"}, {"flg_isdeleted", false}});
    model.upsert("CliFor", {{"customer_ID", 2}, {"ind_clifor", "C"}, {"cod_clifor", "x1"}, {"flg_isdeleted", true}});
    EXPECT_EQ(model.count("CliFor"), 2u);
    EXPECT_TRUE(model.find("CliFor", {{"ind_clifor", "C"}, {"cod_clifor", "X1"}})->deleted);
    EXPECT_FALSE(model.find("CliFor", {{"ind_clifor", "F"}, {"cod_clifor", "X1"}})->deleted);
    EXPECT_EQ(model.resources(), std::vector<std::string>{"CliFor"});
}

TEST(StoreModel, DeletionIsAFlagTheRecordStays) {
    StoreModel model(catalogue());
    model.upsert("Famiglia", famiglia("a", "1"));
    model.upsert("Famiglia", famiglia("b", "2"));
    model.upsert("Famiglia", famiglia("a", "1", true));
    EXPECT_EQ(model.count("Famiglia"), 2u);
    EXPECT_EQ(model.live_count("Famiglia"), 1u);
    const auto all = model.records("Famiglia");
    ASSERT_EQ(all.size(), 2u);
    EXPECT_TRUE(all[0].deleted);
    EXPECT_FALSE(all[1].deleted);
    ASSERT_EQ(model.live("Famiglia").size(), 1u);
    EXPECT_EQ(model.live("Famiglia")[0].at("cod_famiglia"), "b");
    model.upsert("Famiglia", famiglia("A", "1", false));  // undeleted
    EXPECT_EQ(model.live_count("Famiglia"), 2u);
}

TEST(StoreModel, ChangedSinceAMarkIsExactlyTheLaterWrites) {
    StoreModel model(catalogue());
    const Mark start = model.mark();
    model.upsert("Famiglia", famiglia("a", "1"));
    model.upsert("Famiglia", famiglia("b", "2"));
    const Mark middle = model.mark();
    model.upsert("Famiglia", famiglia("b", "2"));  // the same values again: still a write
    model.upsert("Famiglia", famiglia("c", "3", true));
    model.upsert("AliquoteIva", {{"cod_iva", "22"}, {"flg_isdeleted", false}});
    EXPECT_EQ(descriptions(model.changed_since("Famiglia", start)), (std::vector<std::string>{"1", "2", "3"}));
    EXPECT_EQ(descriptions(model.changed_since("Famiglia", middle)), (std::vector<std::string>{"2", "3"}));
    EXPECT_TRUE(model.changed_since("Famiglia", model.mark()).empty());
    EXPECT_EQ(model.changed_since("AliquoteIva", middle).size(), 1u);
    EXPECT_EQ(model.writes(), 5u);
}

TEST(StoreModel, AHeaderUpsertReplacesItsLines) {
    StoreModel model(catalogue());
    model.upsert("StoricoDocumentiT",
                 {{"key_documento", "D1"}, {"flg_isdeleted", false}, {"StoricoDocumentiR", {{{"n", 1}}, {{"n", 2}}}}});
    model.upsert("StoricoDocumentiT",
                 {{"key_documento", "d1"}, {"flg_isdeleted", false}, {"StoricoDocumentiR", {{{"n", 3}}}}});
    EXPECT_EQ(model.find("StoricoDocumentiT", {{"key_documento", "D1"}})->record.at("StoricoDocumentiR").size(), 1u);
}

TEST(StoreModel, RefusesWhatCannotBeKeyedAndKeepsABlockWhole) {
    StoreModel model(catalogue());
    auto refused = [&](auto&& write, const std::string& words) {
        try {
            write();
            ADD_FAILURE() << "accepted; expected a refusal naming " << words;
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        }
    };
    refused([&] { model.upsert("Nope", famiglia("a", "1")); }, "\"Nope\"");
    refused([&] { model.upsert("Famiglia", {{"des_famiglia", "x"}}); }, "cod_famiglia is missing");
    refused([&] { model.upsert("Famiglia", {{"cod_famiglia", nullptr}}); }, "cod_famiglia is null");
    refused([&] { model.upsert("Famiglia", json::array()); }, "expected a record");
    refused(
        [&] {
            model.upsert_block("Famiglia", json::array({famiglia("a", "1"), {{"des_famiglia", "x"}}}));
        },
        "block record 1");
    EXPECT_EQ(model.count("Famiglia"), 0u) << "nothing of a refused block is recorded";
    EXPECT_EQ(model.writes(), 0u);
    model.upsert_block("Famiglia", json::array({famiglia("a", "1"), famiglia("b", "2")}));
    EXPECT_EQ(model.count("Famiglia"), 2u);
}

// ---- against the stub ----

/// What differs between the model's records of `resource` and the rows a target returned (all of them this
/// run's): missing or extra keys, flags, values (compare_record). Empty when they agree.
std::string disagreement(const StoreModel& model, const Record& resource, const json& rows,
                         const std::vector<ModelRecord>& expected) {
    std::string out;
    std::set<std::string> seen;
    for (const auto& row : rows) {
        const std::string key = index_key(resource, row, model.collation());
        seen.insert(key);
        const auto it = std::find_if(expected.begin(), expected.end(), [&](const ModelRecord& m) {
            return index_key(resource, m.record, model.collation()) == key;
        });
        if (it == expected.end()) {
            out += "a row the model does not expect: " + row.dump() + "\n";
            continue;
        }
        if (row.value("flg_isdeleted", json()) != json(it->deleted))
            out += "flg_isdeleted differs for " + it->record.dump() + "\n";
        const auto d = compare_record(catalogue(), resource, it->record, row);
        if (!d.empty()) out += format_differences(d) + "\n";
    }
    for (const auto& m : expected)
        if (!seen.count(index_key(resource, m.record, model.collation())))
            out += "a record the target lacks: " + m.record.dump() + "\n";
    return out;
}

class StoreModelOnStub : public test::StubTest {
protected:
    json read(const std::string& path) {
        if (bearer.empty()) bearer = token();
        const auto a = get(path, bearer);
        RC_ASSERT(a.status == 200);
        return a.body.at("Records");
    }
    void send(StoreModel& model, const Record& resource, const json& block) {
        if (bearer.empty()) bearer = token();
        const auto a = post_json("/api/sync/" + resource.name, block, bearer);
        if (a.status != 200) RC_FAIL("POST sync " + resource.name + ": " + std::to_string(a.status) + " " + a.text);
        model.upsert_block(resource.name, block);
    }
    std::string bearer;
};

TEST_F(StoreModelOnStub, AModelThatDiffersFromTheTargetIsReported) {
    const Record& fam = *catalogue.find("Famiglia");
    sync("Famiglia", json::array({famiglia("a", "1"), famiglia("b", "2", true)}));
    const json rows = this->rows("Famiglia");
    StoreModel model(catalogue);
    model.upsert_block("Famiglia", json::array({famiglia("a", "1"), famiglia("b", "2", true)}));
    EXPECT_EQ(disagreement(model, fam, rows, model.records("Famiglia")), "");

    StoreModel extra = model;
    extra.upsert("Famiglia", famiglia("c", "3"));
    EXPECT_NE(disagreement(extra, fam, rows, extra.records("Famiglia")).find("a record the target lacks"),
              std::string::npos);
    StoreModel fewer(catalogue);
    fewer.upsert("Famiglia", famiglia("a", "1"));
    EXPECT_NE(disagreement(fewer, fam, rows, fewer.records("Famiglia")).find("a row the model does not expect"),
              std::string::npos);
    StoreModel changed = model;
    changed.upsert("Famiglia", famiglia("a", "one"));
    EXPECT_NE(disagreement(changed, fam, rows, changed.records("Famiglia")).find("/des_famiglia"), std::string::npos);
    StoreModel undeleted = model;
    undeleted.upsert("Famiglia", famiglia("b", "2", false));
    EXPECT_NE(disagreement(undeleted, fam, rows, undeleted.records("Famiglia")).find("flg_isdeleted differs"),
              std::string::npos);
}

/// A generated record the stub accepts as it is: document lines repeat their header's key_documento.
json sendable(const Record& resource, json record) {
    if (resource.name == "StoricoDocumentiT" && record.contains("StoricoDocumentiR") &&
        record["StoricoDocumentiR"].is_array())
        for (auto& line : record["StoricoDocumentiR"]) line["key_documento"] = record["key_documento"];
    return record;
}

/// The same key spelled differently: ASCII letters' case toggled, or trailing spaces added where they fit.
json key_variant(const Record& resource, json record) {
    for (const auto& name : resource.key) {
        const Field* f = resource.field(name);
        if (f->tenant || !f->type.is_text() || !f->values.empty() || !record[name].is_string()) continue;
        std::string text = record[name].get<std::string>();
        const int how = *rc::gen::inRange(0, 3);
        if (how == 1) {
            for (char& c : text)
                if (c >= 'a' && c <= 'z')
                    c = static_cast<char>(c - 'a' + 'A');
                else if (c >= 'A' && c <= 'Z')
                    c = static_cast<char>(c - 'A' + 'a');
        } else if (how == 2) {
            const auto units = sql::utf16_length(*sql::utf8_to_u32(text));
            const auto max = f->type.max_length();
            if (!max || *max < 0 || units + 2 <= static_cast<std::size_t>(*max)) text += "  ";
        }
        record[name] = text;
    }
    return record;
}

/// LastUtcRun (000 §4.3 form) for "after everything read so far": the latest dat_ultvar the target returned,
/// rounded up to the millisecond (records within LastUtcRun's millisecond may or may not come: A-20).
std::string last_utc_run(const json& rows) {
    sql::Ticks latest = 0;
    for (const auto& row : rows)
        if (row.value("dat_ultvar", json()).is_string())
            latest = std::max(latest, *sql::parse_datetime(row.at("dat_ultvar").get<std::string>(), SqlKind::Datetime2,
                                                           sql::TimeSource::Record)
                                           .ticks);
    if (latest == 0) return "1900-01-01 00:00:00.000";
    latest = (latest + 9'999) / 10'000 * 10'000;
    std::string text = sql::format_datetime(latest, SqlKind::Datetime2).substr(0, 23);
    text[10] = ' ';
    return text;
}

RC_GTEST_FIXTURE_PROP(StoreModelOnStub, TheTargetHoldsWhatTheModelExpects, ()) {
    std::vector<std::string> writable;
    for (const Record* r : catalogue.resources())
        if (r->writable()) writable.push_back(r->name);
    const Record& resource = *catalogue.find(*rc::gen::elementOf(writable));
    gen::RecordGenOptions options;
    options.run_prefix = "sm";
    const auto records = gen::sent_record_gen(catalogue, resource, options);
    StoreModel model(catalogue);
    std::vector<json> sent;

    const int steps = *rc::gen::inRange(1, 16);
    const int mark_at = *rc::gen::inRange(0, steps + 1);
    Mark mark;
    std::string since;
    for (int step = 0; step <= steps; ++step) {
        if (step == mark_at) {
            since = last_utc_run(read("/api/resources/" + resource.name));
            mark = model.mark();
            clock.advance(std::chrono::milliseconds(10));  // later writes fall in a later millisecond
        }
        if (step == steps) break;
        const int op = sent.empty() ? 0 : *rc::gen::inRange(0, 5);  // new, update, update, delete, undelete
        json record;
        if (op == 0) {
            record = *records;
        } else {
            const json existing = key_variant(resource, *rc::gen::elementOf(sent));
            const ModelRecord* last = model.find(resource.name, existing);
            if (!last) RC_FAIL("the model lost the record of " + existing.dump());
            record = op <= 2 ? *records : last->record;
            for (const auto& k : resource.key)
                if (existing.contains(k)) record[k] = existing[k];
            if (op >= 3) record["flg_isdeleted"] = op == 3;
        }
        record = sendable(resource, record);
        send(model, resource, json::array({record}));
        sent.push_back(record);
    }

    const json rows = read("/api/resources/" + resource.name);
    const std::string all = disagreement(model, resource, rows, model.records(resource.name));
    if (!all.empty()) RC_FAIL(resource.name + " after " + std::to_string(steps) + " writes:\n" + all);
    std::size_t live = 0;
    for (const auto& row : rows) live += row.at("flg_isdeleted") == false ? 1 : 0;
    RC_ASSERT(live == model.live_count(resource.name));

    const json changed = read("/api/sync/" + resource.name + "?LastUtcRun=" + encode(since));
    const std::string feed = disagreement(model, resource, changed, model.changed_since(resource.name, mark));
    if (!feed.empty()) RC_FAIL(resource.name + " changes after " + since + ":\n" + feed);
}

}  // namespace
}  // namespace bds::oracle
