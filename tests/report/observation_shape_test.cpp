// Observation texts as wording and values: what counts as a value, and when two texts differ only in values.
#include <gtest/gtest.h>

#include "report/observation_shape.hpp"

namespace bds {
namespace {

TEST(ObservationShape, NumbersAloneAndQuotedTextsAreValues) {
    const auto shape = report::text_shape("malformed input answered 400 (10 of 10) by 'CliFor' (A-84, A-98..A-104)");
    EXPECT_EQ(shape.values, (std::vector<std::string>{"400", "10", "10", "'CliFor'"}));
    EXPECT_TRUE(report::text_shape("CHG-01, UTF8, key w960j3e, 3rd, baseline's text's end").values.empty())
        << "ids, words with digits and apostrophes are wording";
    EXPECT_EQ(report::text_shape("at 2026-11-26 21:01:37.807").values,
              (std::vector<std::string>{"2026", "11", "26", "21", "01", "37.807"}));
}

TEST(ObservationShape, AValueChangeIsSaidOnce) {
    EXPECT_EQ(report::value_change("answered 400 (A-19)", "answered 422 (A-19)"), "400 → 422");
    EXPECT_EQ(report::value_change("400 then 400 again, 3 rows", "422 then 422 again, 5 rows"), "400 → 422; 3 → 5");
    EXPECT_EQ(report::value_change("code 'a'", "code 'b'"), "'a' → 'b'");
    EXPECT_FALSE(report::value_change("answered 400 (A-19)", "answered 400 (A-19)")) << "nothing changed";
    EXPECT_FALSE(report::value_change("shows deleted rows (A-12)", "leaves deleted rows out (A-12)"));
    EXPECT_FALSE(report::value_change("answered 400 (A-19)", "answered 400 (A-84)")) << "an id is no value";
}

TEST(ObservationShape, AWordingChangeIsTheWordsBetween) {
    EXPECT_EQ(report::wording_change("GET shows deleted rows (A-12)", "GET leaves deleted rows out (A-12)"),
              "\"shows deleted rows\" → \"leaves deleted rows out\"");
    EXPECT_EQ(report::wording_change("status 400 (a JSON object {error})", "status 400 (text \"bad at 3\")"),
              "\"(a JSON object {error})\" → \"(text …)\"")
        << "values shown as …, so that other values read as the same change";
    EXPECT_FALSE(report::wording_change("answered 400", "answered 422")) << "a value change";
    EXPECT_EQ(report::value_change("(421 of 721 rows)", "(3,605 of 721 rows)"), "421 → 3,605") << "thousands";
}

}  // namespace
}  // namespace bds
