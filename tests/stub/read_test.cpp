// 000 §4.1, §8: lists, RecordSelection, PageSize/PageNumber, TotalRowsCount, envelopes.
#include <set>

#include "stub/stub_fixture.hpp"

namespace bds::test {
namespace {

using json = nlohmann::json;

class StubRead : public StubTest {
protected:
    void SetUp() override {
        StubTest::SetUp();
        json block = json::array();
        for (int i = 1; i <= 23; ++i)
            block.push_back(minimal(catalogue, "CliFor",
                                    {{"ind_clifor", i % 3 == 0 ? "F" : "C"},
                                     {"cod_clifor", "C" + std::to_string(100 + i)},
                                     {"des_ragsoc", i == 7 ? "L'Arte del Caffè" : "Ditta " + std::to_string(i)},
                                     {"num_priorita_evas", i}}));
        sync("CliFor", block);
    }
};

std::set<std::string> codes(const json& rows) {
    std::set<std::string> out;
    for (const auto& r : rows)
        out.insert(r.at("ind_clifor").get<std::string>() + r.at("cod_clifor").get<std::string>());
    return out;
}

TEST_F(StubRead, ListsEveryRowWithTotalRowsCount) {
    const Answer a = get("/api/resources/CliFor", token());
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(a.body.at("TotalRowsCount"), 23);
    EXPECT_EQ(a.body.at("Records").size(), 23u);
    const json& r = a.body.at("Records").at(0);
    EXPECT_EQ(r.size(), 191u) << "every field of CliFor, nulls included (A-13)";
}

TEST_F(StubRead, PagesPartitionTheResultAndCountItAll) {
    std::set<std::string> seen;
    for (int page = 1; page <= 5; ++page) {
        const Answer a = get("/api/resources/CliFor?PageSize=5&PageNumber=" + std::to_string(page), token());
        ASSERT_EQ(a.status, 200);
        EXPECT_EQ(a.body.at("TotalRowsCount"), 23) << "TotalRowsCount counts every matching row, not the page (A-10)";
        EXPECT_EQ(a.body.at("Records").size(), page < 5 ? 5u : 3u);
        for (const auto& c : codes(a.body.at("Records")))
            EXPECT_TRUE(seen.insert(c).second) << "page " << page << " repeats " << c;
    }
    EXPECT_EQ(seen, codes(rows("CliFor")));
    EXPECT_TRUE(rows("CliFor", "PageSize=5&PageNumber=6").empty()) << "the page past the end is empty";
    EXPECT_EQ(rows("CliFor", "PageSize=5"), rows("CliFor", "PageSize=5&PageNumber=1")) << "pages start at 1";
}

TEST_F(StubRead, RefusesBadPaging) {
    const std::string t = token();
    for (const char* q : {"PageSize=0", "PageSize=-1", "PageSize=abc", "PageSize=5&PageNumber=0", "PageSize=10001",
                          "PageSize=5&PageNumber=x"})
        EXPECT_EQ(get(std::string("/api/resources/CliFor?") + q, t).status, 400) << q;
}

TEST_F(StubRead, RecordSelectionFiltersAndTotalRowsCountFollowsIt) {
    EXPECT_EQ(total("CliFor", "RecordSelection=" + encode("ind_clifor = 'C'")), 16);
    EXPECT_EQ(total("CliFor", "RecordSelection=" + encode("ind_clifor = 'F'")), 7);
    EXPECT_EQ(total("CliFor", "RecordSelection=" + encode("ind_clifor = 'C' and num_priorita_evas > 20")), 2);
    EXPECT_EQ(total("CliFor", "RecordSelection=" + encode("ind_clifor = 'c'")), 16)
        << "case-insensitive by default (A-17)";
    const json r = rows("CliFor", "RecordSelection=" + encode("des_ragsoc = 'L''Arte del Caffè'"));
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].at("cod_clifor"), "C107");
    const json paged = rows("CliFor", "RecordSelection=" + encode("ind_clifor = 'C'") + "&PageSize=10&PageNumber=2");
    EXPECT_EQ(paged.size(), 6u);
}

TEST_F(StubRead, AMalformedSelectionIs400WithAClearMessageAndNothingLeaks) {
    const std::string t = token();
    for (const char* bad : {"ind_clifor = ", "ind_clifor = 'C'; DROP TABLE CliFor", "1=1 UNION SELECT * FROM CliFor",
                            "nope = 1", "ind_clifor = 'C' --", "(((ind_clifor = 'C')"}) {
        const Answer a = get("/api/resources/CliFor?RecordSelection=" + encode(bad), t);
        EXPECT_EQ(a.status, 400) << bad;
        EXPECT_NE(a.body.value("message", std::string()).find("RecordSelection"), std::string::npos) << a.text;
    }
    EXPECT_EQ(total("CliFor"), 23) << "still serving, nothing lost";
}

TEST_F(StubRead, EveryResourceOfTheCatalogueIsReadable) {
    const std::string t = token();
    for (const Record* r : catalogue.resources()) EXPECT_EQ(get("/api/resources/" + r->name, t).status, 200) << r->name;
}

TEST_F(StubRead, AQueryBodyNestedTooDeepIs400NotACrash) {
    // The query route once parsed any depth, then printed the unknown OrderBy field into its error message,
    // recursively: a million arrays deep overflowed the stack and took the stub down.
    const std::string deep = std::string(1'000'000, '[') + std::string(1'000'000, ']');
    for (const std::string& body :
         {R"({"OrderBy": [{"field": )" + deep + "}]}", R"({"RecordSelection": )" + deep + "}"}) {
        const Answer a = post("/api/resources/MCPClienti/query", body, token());
        EXPECT_EQ(a.status, 400);
        EXPECT_EQ(a.body.value("error", std::string()), "too_deep") << a.text.substr(0, 200);
    }
    EXPECT_EQ(total("CliFor"), 23) << "still serving";
}

TEST_F(StubRead, AListAfterAWriteShowsTheWrittenRowNotTheTextKeptFromAnEarlierRead) {
    // Rows keep their answered text between reads (RowText); a write must replace it, in a table and in a view.
    for (const char* list : {"/api/resources/CliFor?PageSize=3", "/api/resources/MCPClienti?PageSize=3"}) {
        SCOPED_TRACE(list);
        const std::string first = get(list, token()).body.at("Records").at(0).at("des_ragsoc").get<std::string>();
        const std::string renamed = first + " (renamed)";
        sync("CliFor", json::array({minimal(catalogue, "CliFor",
                                            {{"ind_clifor", "C"}, {"cod_clifor", "C101"}, {"des_ragsoc", renamed}})}));
        EXPECT_EQ(get(list, token()).body.at("Records").at(0).at("des_ragsoc"), renamed);
    }
}

class StubHeaderEnvelope : public StubRead {
    void configure(stub::StubOptions& o) override { o.choices.envelope = stub::Choices::Envelope::Header; }
};

TEST_F(StubHeaderEnvelope, PutsTotalRowsCountInAHeaderAndAnswersABareArray) {
    const Answer a = get("/api/resources/CliFor?PageSize=4", token());
    ASSERT_EQ(a.status, 200);
    ASSERT_TRUE(a.body.is_array());
    EXPECT_EQ(a.body.size(), 4u);
    EXPECT_EQ(a.headers.find("TotalRowsCount")->second, "23");
}

class StubRowFieldEnvelope : public StubRead {
    void configure(stub::StubOptions& o) override { o.choices.envelope = stub::Choices::Envelope::RowField; }
};

TEST_F(StubRowFieldEnvelope, PutsTotalRowsCountInEveryRow) {
    const Answer a = get("/api/resources/CliFor?PageSize=4", token());
    ASSERT_TRUE(a.body.is_array());
    for (const auto& r : a.body) EXPECT_EQ(r.at("TotalRowsCount"), 23);
    EXPECT_EQ(a.body.at(0).size(), 192u) << "every field of CliFor and TotalRowsCount";
}

class StubCaseSensitive : public StubRead {
    void configure(stub::StubOptions& o) override { o.choices.collation = stub::Choices::Collation::Cs; }
};

TEST_F(StubCaseSensitive, ComparesTextCaseSensitively) {
    EXPECT_EQ(total("CliFor", "RecordSelection=" + encode("ind_clifor = 'c'")), 0);
    EXPECT_EQ(total("CliFor", "RecordSelection=" + encode("ind_clifor = 'C'")), 16);
}

}  // namespace
}  // namespace bds::test
