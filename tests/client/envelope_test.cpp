#include <gtest/gtest.h>

#include "client/envelope.hpp"

namespace bds::client {
namespace {

HttpResponse response(const std::string& body, Headers headers = {}) {
    HttpResponse r;
    r.status = 200;
    r.body = body;
    r.headers = std::move(headers);
    return r;
}

TEST(Envelope, AutoReadsEachOfTheThreeShapes) {
    auto object = read_list(response(R"({"TotalRowsCount": 5, "Data": [{"a": 1}, {"a": 2}]})"), std::nullopt);
    ASSERT_TRUE(std::holds_alternative<ListPage>(object)) << std::get<std::string>(object);
    EXPECT_EQ(std::get<ListPage>(object).total, 5);
    EXPECT_EQ(std::get<ListPage>(object).rows.size(), 2u);
    EXPECT_EQ(std::get<ListPage>(object).rows_member, "Data");  // any name: the seeds do not show it

    auto header = read_list(response(R"([{"a": 1}])", {{"totalrowscount", "9"}}), std::nullopt);
    ASSERT_TRUE(std::holds_alternative<ListPage>(header));
    EXPECT_EQ(std::get<ListPage>(header).envelope, Envelope::Header);
    EXPECT_EQ(std::get<ListPage>(header).total, 9);

    auto row = read_list(response(R"([{"a": 1, "TotalRowsCount": 3}, {"a": 2, "TotalRowsCount": 3}])"), std::nullopt);
    ASSERT_TRUE(std::holds_alternative<ListPage>(row));
    EXPECT_EQ(std::get<ListPage>(row).envelope, Envelope::RowField);
    EXPECT_EQ(std::get<ListPage>(row).total, 3);
    EXPECT_FALSE(std::get<ListPage>(row).rows[0].contains("TotalRowsCount"));  // rows come back clean

    auto empty = read_list(response("[]"), std::nullopt);
    ASSERT_TRUE(std::holds_alternative<ListPage>(empty));
    EXPECT_FALSE(std::get<ListPage>(empty).total.has_value());
}

TEST(Envelope, RefusesWhatIsNotAList) {
    auto problem = [](const std::string& body, std::optional<Envelope> s, Headers h = {}) {
        auto r = read_list(response(body, h), s);
        return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : std::string("accepted");
    };
    EXPECT_NE(problem(R"({"Records": []})", std::nullopt).find("TotalRowsCount"), std::string::npos);
    EXPECT_NE(problem(R"({"TotalRowsCount": 1, "A": [], "B": []})", std::nullopt).find("exactly one array"),
              std::string::npos);
    EXPECT_NE(problem(R"({"TotalRowsCount": -1, "A": []})", std::nullopt).find("non-negative"), std::string::npos);
    EXPECT_NE(
        problem(R"([{"a": 1, "TotalRowsCount": 1}, {"a": 2, "TotalRowsCount": 2}])", std::nullopt).find("differs"),
        std::string::npos);
    EXPECT_NE(problem("not json", std::nullopt).find("JSON"), std::string::npos);
    // A fixed setting accepts only its own shape.
    EXPECT_NE(problem(R"([{"a": 1}])", Envelope::Header).find("header"), std::string::npos);
    EXPECT_NE(problem(R"({"TotalRowsCount": 1, "A": []})", Envelope::RowField).find("array"), std::string::npos);
}

}  // namespace
}  // namespace bds::client
