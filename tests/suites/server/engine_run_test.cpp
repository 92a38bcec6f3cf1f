// Suite "engine", a whole run: every check's own reads use the literal forms ENG-03 found, so a server on SQLite, which
// refuses T-SQL's N'…', is judged on its rules, not on the harness's spelling. A whole run at 10 cases: in the engine
// harness's optimised program (tests/engine_harness.cmake), not under the sanitizers.
#include <gtest/gtest.h>
#include <httplib.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>

#include "bundled/embedded_stub.hpp"
#include "certify/temp_dir.hpp"
#include "run/suite_fixture.hpp"
#include "stub/variation/choices.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

using test::observed;

/// The RecordSelections a recorded check sent (query strings and POST query bodies), decoded.
std::vector<std::string> sent_selections(const std::filesystem::path& jsonl) {
    std::vector<std::string> out;
    std::ifstream in(jsonl);
    for (std::string line; std::getline(in, line);) {
        const auto e = nlohmann::json::parse(line);
        const std::string url = e.value("url", "");
        if (const auto at = url.find("RecordSelection="); at != std::string::npos)
            out.push_back(httplib::detail::decode_url(url.substr(at, url.find('&', at) - at), true));
        if (e.value("method", "") == "POST" && url.find("/query") != std::string::npos)
            out.push_back(e.value("request_body", ""));
    }
    return out;
}

/// Whether `selection` holds an N'…' literal (an N before a quote that opens a text, not inside one).
bool has_national_literal(const std::string& selection) {
    bool in_text = false;
    for (std::size_t i = 0; i < selection.size(); ++i) {
        const char c = selection[i];
        if (c == '\'') {
            if (in_text && i + 1 < selection.size() && selection[i + 1] == '\'')
                ++i;  // a doubled quote inside the text
            else
                in_text = !in_text;
        } else if (!in_text && (c == 'N' || c == 'n') && i + 1 < selection.size() && selection[i + 1] == '\'' &&
                   (i == 0 ||
                    !(std::isalnum(static_cast<unsigned char>(selection[i - 1])) || selection[i - 1] == '_'))) {
            return true;
        }
    }
    return false;
}

TEST(Eng03, NationalLiteralsAreFoundOutsideTextsOnly) {
    EXPECT_TRUE(has_national_literal("a = N'x'"));
    EXPECT_TRUE(has_national_literal("a = 'y' AND b = n'x'"));
    EXPECT_FALSE(has_national_literal("a = 'x N''y' AND b = 'zN'"));
}

TEST(Eng03, EveryOwnReadOfARunOnSqliteUsesTheFormsItAccepts) {
    // The stub on SQLite: N'…' is a syntax error there, '…' any Unicode text.
    const Catalogue cat = builtin_catalogue();
    stub::StubOptions stub_options;
    stub::apply_choices(stub_options.choices, "A-115=sqlite");
    auto stub = bundled::start_embedded_stub(cat, stub_options);
    const certify::TempDir dir("bds-dialect");
    run::RunOptions options;
    options.seed = 42;
    options.cases = 10;
    options.jobs = 2;
    options.record_dir = dir.path().string();
    const auto result = run::run_checks(cat, stub.target, suites::all_checks(), options);

    EXPECT_EQ(result.must_failures(), 0) << test::describe(result);
    for (const auto& r : result.results) EXPECT_NE(r.outcome, run::Outcome::Error) << r.id << ": " << r.reason;
    const auto& fil10 = test::result_of(result, "FIL-10");
    EXPECT_EQ(fil10.outcome, run::Outcome::Skip) << "N'…' is T-SQL's, not SQLite's";
    EXPECT_NE(fil10.reason.find("reads no N'"), std::string::npos) << fil10.reason;
    const auto& eng03 = test::result_of(result, "ENG-03");
    EXPECT_EQ(observed(eng03, "the literal forms fit"), "the literal forms fit: SQLite");
    const std::string fit = observed(test::result_of(result, "ENG-02"), "the RecordSelection answers fit");
    EXPECT_NE(fit.find("SQLite"), std::string::npos) << fit;
    EXPECT_EQ(fit.find("SQL Server"), std::string::npos) << fit;
    // Conditions under test (generated, quoted, malformed, injected, the probes) are sent as written; every other
    // read is the harness's own.
    static const std::regex under_test("^(FIL|ROB|ENG)-");
    int own = 0;
    for (const auto& file : std::filesystem::directory_iterator(dir.path())) {
        const std::string check = file.path().stem().string();
        if (std::regex_search(check, under_test)) continue;
        for (const auto& selection : sent_selections(file.path())) {
            ++own;
            EXPECT_FALSE(has_national_literal(selection)) << check << " sent " << selection;
        }
    }
    EXPECT_GT(own, 50) << "the run read its own records";
}

}  // namespace
}  // namespace bds
