// The reports of a run against a server with a seeded defect: the JUnit output (read by a real XML parser) and
// the JSON report (valid against its schema) show the defect as a failure of the check that catches it.
#include <gtest/gtest.h>

#include <sstream>

#include "report/junit_xml.hpp"
#include "report/report_schema.hpp"
#include "report/reporters.hpp"
#include "run/suite_fixture.hpp"

namespace bds {
namespace {

using nlohmann::json;

std::string render(const std::string& format, const run::RunResult& run) {
    std::ostringstream out;
    report::reporters().at(format)(run, out);
    return out.str();
}

TEST(DefectReports, ASeededDefectShowsAsAFailureWithItsCheckId) {
    // The defect: every page's TotalRowsCount counts the page, not the matching rows.
    test::Broken b({}, [](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "GET" || req.path.rfind("/api/resources/", 0) != 0 || res.status != 200) return;
        auto doc = json::parse(res.body);
        doc["TotalRowsCount"] = test::records_of(doc).size();
        res.body = doc.dump();
    });
    for (const auto* target : {&b.stub.target, &b.target}) {
        const bool broken = target == &b.target;
        const auto run = test::run_all(b.cat, *target, {"PAG-", "ACC-01"});
        const auto junit = test::parse_junit(render("junit", run));
        ASSERT_EQ(junit.error, "");
        ASSERT_EQ(junit.cases.size(), run.results.size());
        const json report = json::parse(render("json", run));
        EXPECT_TRUE(test::schema_errors(report).empty()) << test::schema_errors(report).front();
        for (std::size_t i = 0; i < junit.cases.size(); ++i) {
            const auto& c = junit.cases[i];
            const auto& check = report["checks"][i];
            // PAG-01 (a selection's pages) and PAG-02 (a whole resource's) both count the rows.
            const bool catches = c.name == "PAG-01" || c.name == "PAG-02";
            if (broken && catches) {
                EXPECT_EQ(c.result, "failure") << c.name;
                EXPECT_NE(c.message.find("000 §4.1"), std::string::npos) << c.message;
                EXPECT_EQ(check["outcome"], "fail");
                // PAG-01 is a property: its finding carries the minimal page size.
                if (check["id"] == "PAG-01") {
                    EXPECT_NE(check["findings"][0]["counterexample"].get<std::string>(), "");
                }
            } else if (check["level"] != "OBSERVE") {
                EXPECT_EQ(c.result, "") << c.name << (broken ? " through the defect" : " on the faithful stub") << ": "
                                        << c.message;
                EXPECT_EQ(check["outcome"], "pass") << check["id"];
            }
        }
        EXPECT_EQ(report["must_failures"], broken ? 2 : 0);
    }
}

}  // namespace
}  // namespace bds
