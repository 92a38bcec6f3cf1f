// `conformance coverage`: the requirement map on the console and in its three report formats, exit 0 while every
// statement is held and every stated rule judged is proved; a format it cannot write is a usage error.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "certify/temp_dir.hpp"
#include "test_paths.hpp"

namespace bds {
namespace {

test::ProcessResult conformance(const std::string& args) { return test::run_conformance(args, true); }

TEST(CoverageCommand, PrintsALinePerStatementAndExitsZeroWhenEveryStatementIsHeld) {
    const auto r = conformance("coverage");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("000-4.4-check "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" 0 untraced"), std::string::npos) << r.out;
    const auto quiet = conformance("coverage --quiet");
    EXPECT_EQ(quiet.code, 0);
    EXPECT_EQ(quiet.out.find("000-4.4-check "), std::string::npos) << "--quiet prints the counts only";
}

TEST(CoverageCommand, WritesTheMapAsMarkdownJsonAndHtml) {
    const certify::TempDir tmp("bds-coverage-test");
    const auto md = tmp.path() / "requirements.md", js = tmp.path() / "requirements.json",
               html = tmp.path() / "requirements.html";
    const auto r = conformance("coverage --quiet --report md=" + md.string() + " --report json=" + js.string() +
                               " --report html=" + html.string());
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(test::read_text(md), test::read_text(test::source_dir() / "reports" / "requirements.md"));
    const auto doc = nlohmann::json::parse(test::read_text(js));
    EXPECT_TRUE(doc.at("complete").get<bool>());
    EXPECT_EQ(doc.at("statements").size(), doc.at("counts").at("statements").get<std::size_t>());
    EXPECT_NE(test::read_text(html).find("<tr class=\"judged\"><td id=\"000-4.4-check\">"), std::string::npos);
}

TEST(CoverageCommand, AFormatItCannotWriteIsAUsageError) {
    const certify::TempDir tmp("bds-coverage-test");
    EXPECT_EQ(conformance("coverage --report junit=" + (tmp.path() / "x.xml").string()).code, 2);
    EXPECT_EQ(conformance("coverage --report md=/nonexistent-dir/x.md").code, 2);
}

}  // namespace
}  // namespace bds
