// Suite "filters": each check passes on the faithful stub and fails on a server that breaks its rule.
#include <gtest/gtest.h>

#include <cctype>
#include <functional>
#include <string>

#include "common/http_text.hpp"
#include "run/suite_fixture.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

using test::BreakingProxy;
using test::Broken;

/// A server that reads RecordSelection of list reads as `change` turns it.
BreakingProxy::Rewrite rewrite_selection(std::function<std::string(const std::string&)> change) {
    return [change](std::string& target, httplib::Headers&, std::string&) {
        const auto q = target.find('?');
        if (target.rfind("/api/resources/", 0) != 0 || q == std::string::npos) return;
        std::string rebuilt = target.substr(0, q + 1), query = target.substr(q + 1);
        std::size_t start = 0;
        while (start <= query.size()) {
            const auto end = std::min(query.find('&', start), query.size());
            std::string param = query.substr(start, end - start);
            const std::string name = "RecordSelection=";
            if (param.rfind(name, 0) == 0) param = name + url_encoded(change(url_decoded(param.substr(name.size()))));
            rebuilt += (start ? "&" : "") + param;
            start = end + 1;
        }
        target = rebuilt;
    };
}

/// Keeps the condition up to its first " and ": the rest of a conjunction is ignored.
std::string first_conjunct(const std::string& selection) {
    const auto at = selection.find(" and ");
    return at == std::string::npos ? selection : selection.substr(0, at);
}

TEST(FiltersChecks, PassOnTheFaithfulStub) {
    Broken b({});
    for (const char* id : {"FIL-01", "FIL-02", "FIL-03", "FIL-04", "FIL-06", "FIL-07", "FIL-08"})
        b.expect_pass_without_proxy(id);
}

TEST(FiltersChecks, IgnoringAllButTheFirstConjunctFailsEveryFilterCheck) {
    Broken b({}, {}, rewrite_selection(first_conjunct));
    for (const char* id : {"FIL-01", "FIL-02", "FIL-03", "FIL-04", "FIL-06", "FIL-07"}) b.expect_fail(id);
}

TEST(FiltersChecks, WithoutADeclaredCollationTheChecksStillJudge) {
    // Conditions whose result depends on the collation are passed over; the rest still catch a broken server.
    Broken b({}, {}, rewrite_selection(first_conjunct));
    b.stub.target.collation.reset();
    b.target.collation.reset();
    for (const char* id : {"FIL-01", "FIL-06", "FIL-07"}) {
        b.expect_pass_without_proxy(id);
        b.expect_fail(id);
    }
}

TEST(FiltersChecks, AFailingPropertyShowsTheConditionAsItsCounterexample) {
    Broken b({}, {}, rewrite_selection(first_conjunct));
    for (const char* id : {"FIL-01", "FIL-06"}) {
        const auto r = b.expect_fail(id);
        ASSERT_FALSE(r.findings.empty());
        const std::string& shown = r.findings.front().counterexample;
        EXPECT_FALSE(shown.empty());
        EXPECT_EQ(shown.find("<\?\?\?>"), std::string::npos) << shown;  // the condition's text, not an opaque value
    }
}

/// FIL-09 alone against `target` at the default number of cases (kDefaultCases), under `seed`.
run::CheckResult fil09_at_default_cases(const Catalogue& cat, const client::TargetConfig& target, std::uint64_t seed) {
    run::RunOptions options;
    options.seed = seed;
    const auto result = run::run_checks(cat, target, select_checks(all_checks(), {}, {"FIL-09"}), options);
    return test::result_of(result, "FIL-09");
}

TEST(FiltersChecks, ALikeComparingCaseBesideAFoldingEqualsFailsFil09) {
    // The target declares ci (the stub's collation): every engine with a case-insensitive = folds case in LIKE too
    // (oracle/engine_profiles.hpp), so a row a LIKE matches only without case must come back.
    const Catalogue cat = builtin_catalogue();
    stub::StubOptions options;
    options.defect = stub::Defect::named("like-case-sensitive-under-ci");
    auto broken = bundled::start_embedded_stub(cat, options);
    ASSERT_EQ(broken.target.collation, Collation::CaseInsensitive);
    const auto r = fil09_at_default_cases(cat, broken.target, 42);
    EXPECT_EQ(r.outcome, run::Outcome::Fail) << r.reason;
    ASSERT_FALSE(r.findings.empty());
    std::string shown = r.findings.front().counterexample;
    for (char& c : shown) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    EXPECT_NE(shown.find("LIKE"), std::string::npos) << r.findings.front().counterexample;
    auto faithful = bundled::start_embedded_stub(cat, {});
    EXPECT_EQ(fil09_at_default_cases(cat, faithful.target, 42).outcome, run::Outcome::Pass);
}

TEST(FiltersChecks, UnicodeLiteralsReadAsWindows1252FailFil10) {
    // N'…' taken for '…': every character outside ASCII becomes '?', as a non-Unicode conversion would make it.
    Broken b({}, {}, rewrite_selection([](const std::string& s) {
                 if (s.find("N'") == std::string::npos) return s;
                 std::string out;
                 for (std::size_t i = 0; i < s.size(); ++i) {
                     const unsigned char c = static_cast<unsigned char>(s[i]);
                     if (c < 0x80) {
                         if (!(c == 'N' && i + 1 < s.size() && s[i + 1] == '\'')) out += s[i];
                     } else if ((c & 0xC0) == 0xC0) {
                         out += '?';  // a lead byte; continuation bytes are dropped
                     }
                 }
                 return out;
             }));
    b.expect_fail("FIL-10");
    b.expect_pass("FIL-04");  // plain quotes, ASCII: untouched
}

TEST(FiltersChecks, A5xxForAMalformedSelectionFailsFil08) {
    Broken b({}, [](const httplib::Request& req, httplib::Response& res) {
        if (req.path.rfind("/api/resources/", 0) == 0 && res.status == 400) res.status = 500;
    });
    b.expect_fail("FIL-08");
}

TEST(FiltersChecks, RowsBeyondTheScopeOnAMalformedSelectionFailFil08) {
    // A server that answers a condition it cannot read with every row of the resource; other CliFor rows exist.
    Broken b({}, {}, rewrite_selection([](const std::string& s) {
                 return s.find(" and (") != std::string::npos ? std::string("flg_isdeleted = 0 or flg_isdeleted = 1")
                                                              : s;
             }));
    const auto other = test::run_all(b.cat, b.stub.target, {"FIL-02"});
    ASSERT_EQ(test::result_of(other, "FIL-02").outcome, run::Outcome::Pass) << test::describe(other);
    b.expect_fail("FIL-08");
}

TEST(FiltersChecks, Fil05ObservesTheStatuses) {
    Broken b({});
    const auto r = b.expect_pass_without_proxy("FIL-05");
    ASSERT_FALSE(r.observations.empty());
    EXPECT_NE(r.observations.front().text.find("answered 400"), std::string::npos) << r.observations.front().text;
}

}  // namespace
}  // namespace bds
