// The POST query body the harness sends (client/api.hpp query_body): the query's values and order through the
// target's template, "$OrderDirection" as SQL's ASC or DESC.
#include <gtest/gtest.h>

#include "client/api.hpp"

namespace bds::client {
namespace {

using nlohmann::json;

const json kSql = {{"RecordSelection", "$RecordSelection"},
                   {"OrderBy", "$OrderField $OrderDirection"},
                   {"PageSize", "$PageSize"},
                   {"PageNumber", "$PageNumber"}};
const json kNested = {{"RecordSelection", "$RecordSelection"},
                      {"OrderBy", json::array({{{"field", "$OrderField"}, {"desc", "$OrderDescending"}}})}};

TEST(QueryBody, TheOrderAsOneSqlText) {
    const ListQuery q{"des_indir_res = 'x'", 10, 2};
    EXPECT_EQ(query_body(kSql, q, QueryOrder{"cod_clifor", true}), (json{{"RecordSelection", "des_indir_res = 'x'"},
                                                                         {"OrderBy", "cod_clifor DESC"},
                                                                         {"PageSize", 10},
                                                                         {"PageNumber", 2}}));
    EXPECT_EQ(query_body(kSql, q, QueryOrder{"des_ragsoc", false})["OrderBy"], "des_ragsoc ASC");
    EXPECT_EQ(query_body(json{{"o", "$OrderDirection"}}, {}, QueryOrder{"x", true}), (json{{"o", "DESC"}}));
}

TEST(QueryBody, AQueryWithoutOrderDropsTheOrderWhateverItsForm) {
    const ListQuery q{"a = 1", std::nullopt, std::nullopt};
    EXPECT_EQ(query_body(kSql, q), (json{{"RecordSelection", "a = 1"}}));
    EXPECT_EQ(query_body(json{{"OrderBy", "$OrderField"}, {"desc", "$OrderDescending"}}, q), json::object());
    EXPECT_EQ(query_body(kNested, q), (json{{"RecordSelection", "a = 1"}, {"OrderBy", json::array()}}))
        << "the emptied entry goes, as before";
    EXPECT_EQ(query_body(kNested, q, QueryOrder{"cod_clifor", false})["OrderBy"],
              json::array({{{"field", "cod_clifor"}, {"desc", false}}}));
}

}  // namespace
}  // namespace bds::client
