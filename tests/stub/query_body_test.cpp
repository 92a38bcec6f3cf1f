// The stub's POST query body shapes (stub/variation/query_body.hpp, A-41): each shape read into one request, the
// SQL ORDER BY text of the `sql` shape parsed or refused.
#include <gtest/gtest.h>

#include "stub/variation/query_body.hpp"

namespace bds::test {
namespace {

using json = nlohmann::json;
using Shape = stub::Choices::QueryBody;

const Record& clienti() {
    static const Catalogue catalogue = builtin_catalogue();
    return *catalogue.find("MCPClienti");
}

/// The order as "field asc, field desc", for short expectations.
std::string order_text(const std::vector<stub::OrderBy>& order) {
    std::string out;
    for (const auto& o : order) out += (out.empty() ? "" : ", ") + o.field + (o.desc ? " desc" : " asc");
    return out;
}

/// The message a refusal of `text` as ORDER BY gives, or "accepted".
std::string refusal(const std::string& text) {
    try {
        stub::order_by_text(text, clienti());
        return "accepted";
    } catch (const stub::BadRequest& e) {
        EXPECT_EQ(e.code, "invalid_query");
        return e.message;
    }
}

TEST(StubQueryBody, EachShapeReadsTheSameRequest) {
    const json nested = {{"RecordSelection", "cod_clifor = 'C1'"},
                         {"OrderBy", json::array({{{"field", "des_ragsoc"}, {"desc", true}}})},
                         {"PageSize", 5},
                         {"PageNumber", "2"}};
    const json flat = {{"filter", "cod_clifor = 'C1'"},
                       {"orderBy", "des_ragsoc"},
                       {"descending", true},
                       {"pageSize", 5},
                       {"page", "2"}};
    const json sql = {
        {"RecordSelection", "cod_clifor = 'C1'"}, {"OrderBy", "des_ragsoc DESC"}, {"PageSize", 5}, {"PageNumber", "2"}};
    for (const auto& [shape, body] :
         {std::pair{Shape::Nested, nested}, std::pair{Shape::Flat, flat}, std::pair{Shape::Sql, sql}}) {
        const auto r = stub::read_query_body(shape, body, clienti());
        EXPECT_EQ(r.selection, "cod_clifor = 'C1'");
        EXPECT_EQ(r.page_size, "5");
        EXPECT_EQ(r.page_number, "2");
        EXPECT_EQ(order_text(r.order_by), "des_ragsoc desc") << body;
    }
    EXPECT_TRUE(stub::read_query_body(Shape::Sql, json::object(), clienti()).order_by.empty());
    EXPECT_TRUE(stub::read_query_body(Shape::Sql, {{"OrderBy", nullptr}}, clienti()).order_by.empty());
}

TEST(StubQueryBody, TheSqlShapeTakesAnOrderByText) {
    EXPECT_EQ(order_text(stub::order_by_text("cod_clifor DESC, des_ragsoc", clienti())),
              "cod_clifor desc, des_ragsoc asc");
    EXPECT_EQ(order_text(stub::order_by_text("  des_ragsoc\tasc ,cod_clifor desc ", clienti())),
              "des_ragsoc asc, cod_clifor desc")
        << "white space around, keywords in any case";
    EXPECT_EQ(order_text(stub::order_by_text("[cod_clifor] Desc", clienti())), "cod_clifor desc")
        << "T-SQL's bracketed name";
    EXPECT_EQ(order_text(stub::order_by_text("COD_CLIFOR", clienti())), "cod_clifor asc")
        << "names as RecordSelection matches them";
}

TEST(StubQueryBody, AMalformedOrderByTextIsRefused) {
    EXPECT_NE(refusal("nope DESC").find("unknown field \"nope\""), std::string::npos);
    for (const char* text : {"", "   ", "cod_clifor DOWN", "cod_clifor DESC NULLS LAST", "cod_clifor,", ", cod_clifor",
                             "cod_clifor DESC,, des_ragsoc", "cod_clifor; DROP TABLE x", "DESC"})
        EXPECT_NE(refusal(text), "accepted") << "\"" << text << "\"";
    EXPECT_NE(refusal("cod_clifor DOWN").find("field [ASC|DESC]"), std::string::npos) << refusal("cod_clifor DOWN");
    EXPECT_THROW(stub::read_query_body(Shape::Sql, {{"OrderBy", json::array({{{"field", "cod_clifor"}}})}}, clienti()),
                 stub::BadRequest)
        << "the sql shape takes text, not the nested shape's entries";
    EXPECT_THROW(stub::read_query_body(Shape::Sql, json::array(), clienti()), stub::BadRequest);
}

}  // namespace
}  // namespace bds::test
