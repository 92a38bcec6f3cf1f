// The RecordSelection rewrites of the filter edge-case defects (stub/variation/defects/filter_edges.hpp): each text as
// the defective server reads it, and every rewrite still a condition the stub reads.
#include <gtest/gtest.h>

#include <string>

#include "catalogue/catalogue.hpp"
#include "selection/selection.hpp"
#include "stub/variation/defects.hpp"
#include "stub/variation/policy.hpp"

namespace bds {
namespace {

/// `text` as the defect `name` applies it to a GET resources read.
std::string edge_rewrite(const char* name, const std::string& text) {
    const auto policy = stub::make_policy(stub::Defect::named(name));
    const auto out = policy->selection_applied(text, stub::Endpoint::Resources);
    return out ? *out : "<none>";
}

TEST(FilterEdgeDefectRewrites, EachDefectRewritesItsConstruct) {
    const std::string s = "m = 'x' and (";
    const std::vector<std::tuple<const char*, std::string, std::string>> cases = {
        {"ne-matches-null", "t <> 'abc'", "(t <> 'abc' OR t IS NULL)"},
        {"ne-matches-null", "-1 != n", "(-1 != n OR n IS NULL)"},
        {"not-two-valued", "NOT (t = 'abc')", "(NOT (t = 'abc') OR t IS NULL)"},
        {"not-two-valued", "NOT u = 'p' AND n = 2", "(NOT u = 'p' OR u IS NULL) AND n = 2"},
        {"not-two-valued", "t NOT IN ('a') AND u IS NOT NULL", "t NOT IN ('a') AND u IS NOT NULL"},
        {"not-in-drops-null", "t NOT IN ('abc', NULL)", "t NOT IN ('abc')"},
        {"not-in-drops-null", "t IN (NULL, NULL, 'a', NULL)", "t IN ('a')"},
        {"not-in-drops-null", "t IN (NULL)", "t IN (NULL)"},
        {"and-or-left-to-right", "u = 'p' OR u = 'q' AND n = 2", "(u = 'p' OR u = 'q') AND n = 2"},
        {"and-or-left-to-right", "a = 1 AND n BETWEEN 1 AND 2 OR b = 1", "(a = 1 AND n BETWEEN 1 AND 2) OR b = 1"},
        {"and-or-left-to-right", "a = 1 AND b = 2 AND c = 3", "a = 1 AND b = 2 AND c = 3"},
        {"not-binds-loosely", "NOT u = 'p' AND n = 2", "NOT (u = 'p' AND n = 2)"},
        {"not-binds-loosely", "NOT u = 'p' AND n = 2 OR c = 1", "NOT (u = 'p' AND n = 2) OR c = 1"},
        {"not-binds-loosely", "NOT u = 'p' OR n = 2", "NOT u = 'p' OR n = 2"},
        {"between-exclusive", "n BETWEEN 2 AND 3", "(n > 2 AND n < 3)"},
        {"between-exclusive", "n NOT BETWEEN -2 AND 3", "NOT (n > -2 AND n < 3)"},
        {"between-swaps-bounds", "n BETWEEN 3 AND 2", "n BETWEEN 2 AND 3"},
        {"between-swaps-bounds", "n BETWEEN -1 AND -2.5", "n BETWEEN -2.5 AND -1"},
        {"between-swaps-bounds", "n BETWEEN 2 AND 3", "n BETWEEN 2 AND 3"},
        {"like-underscore-literal", "t LIKE 'a_c'", "t LIKE 'a!_c' ESCAPE '!'"},
        {"like-underscore-literal", "t LIKE N'a!_''c'", "t LIKE N'a!!!_''c' ESCAPE '!'"},
        {"like-underscore-literal", "t LIKE 'a#__c' ESCAPE '#'", "t LIKE 'a#_#_c' ESCAPE '#'"},
        {"like-escape-ignored", "t LIKE 'a!_c' ESCAPE '!'", "t LIKE 'a!_c'"},
    };
    for (const auto& [name, condition, expected] : cases) {
        EXPECT_EQ(edge_rewrite(name, condition), expected) << name;
        EXPECT_EQ(edge_rewrite(name, s + condition + ")"), s + expected + ")") << name << ", parenthesised";
    }
}

TEST(FilterEdgeDefectRewrites, QuotedTextAndTextThatDoesNotLexAreLeftAlone) {
    for (const char* name : {"ne-matches-null", "not-two-valued", "and-or-left-to-right", "not-binds-loosely",
                             "between-exclusive", "like-escape-ignored"}) {
        EXPECT_EQ(edge_rewrite(name, "t = 'NOT a <> b OR c AND d BETWEEN 2 AND 1 ESCAPE'"),
                  "t = 'NOT a <> b OR c AND d BETWEEN 2 AND 1 ESCAPE'")
            << name;
        EXPECT_EQ(edge_rewrite(name, "t <> 'a' -- OR NOT"), "t <> 'a' -- OR NOT") << name;
        EXPECT_EQ(edge_rewrite(name, "(t <> 'a' OR b = 1 AND NOT c = 2"), "(t <> 'a' OR b = 1 AND NOT c = 2") << name;
    }
}

TEST(FilterEdgeDefectRewrites, TheRewrittenTextsStillParse) {
    const Catalogue cat = builtin_catalogue();
    const Record& clifor = *cat.find("CliFor");
    const std::string t = "des_campo_libero1", u = "des_campo_libero2", n = "val_campo_libero1";
    const std::string condition = "des_ragsoc = 'm' and (NOT (" + t + " <> 'a' OR " + u + " NOT IN ('p', NULL)) AND " +
                                  n + " BETWEEN 3 AND 2 OR " + t + " LIKE 'a_!c' AND NOT " + n +
                                  " NOT BETWEEN 1 AND 2)";
    for (const char* name :
         {"ne-matches-null", "not-two-valued", "not-in-drops-null", "and-or-left-to-right", "not-binds-loosely",
          "between-exclusive", "between-swaps-bounds", "like-underscore-literal", "like-escape-ignored"}) {
        const std::string out = edge_rewrite(name, condition);
        EXPECT_NO_THROW(Selection::parse(out, clifor)) << name << ": " << out;
    }
}

}  // namespace
}  // namespace bds
