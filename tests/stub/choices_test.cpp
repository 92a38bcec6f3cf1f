// The stub's choices (stub/variation/choices.hpp): the table, the spec the command line takes, random draws, and
// spec/assumptions.md, which must say for every row where the stub acts what it can choose or why it cannot.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "stub/variation/choices.hpp"
#include "test_paths.hpp"

namespace bds::test {
namespace {

TEST(StubChoices, EveryChoiceHasTwoValuesOrMoreAndAUniqueId) {
    std::set<std::string_view> ids;
    for (const auto& c : stub::choice_table()) {
        EXPECT_TRUE(std::regex_match(std::string(c.id), std::regex("A-[0-9]{2,3}"))) << c.id;
        EXPECT_TRUE(ids.insert(c.id).second) << "twice: " << c.id;
        EXPECT_GE(c.values.size(), 2u) << c.id;
        EXPECT_EQ(c.values.size(), c.meanings.size()) << c.id;
        stub::Choices choices;
        for (std::size_t i = 0; i < c.values.size(); ++i) {
            c.set(choices, i);
            EXPECT_EQ(c.get(choices), i) << c.id << " value " << c.values[i] << " is its own";
        }
    }
    EXPECT_GE(stub::choice_table().size(), 40u);
}

TEST(StubChoices, SpecsSetChoicesAndSayWhatIsWrong) {
    stub::Choices c;
    stub::apply_choices(c, "A-08=5000,A-61=utf8");
    EXPECT_EQ(c.page_cap, stub::Choices::PageCap::C5000);
    EXPECT_EQ(c.max_page_size(), 5000u);
    EXPECT_EQ(c.code_page, stub::Choices::CodePage::Utf8);
    EXPECT_EQ(stub::describe(c), "A-08=5000,A-61=utf8");
    EXPECT_EQ(stub::describe(stub::Choices{}), "");
    try {
        stub::apply_choices(c, "A-08=7");
        FAIL() << "an unknown value";
    } catch (const stub::ChoiceError& e) {
        EXPECT_NE(e.message.find("its values: 10000, none, 100, 5000"), std::string::npos) << e.message;
    }
    EXPECT_THROW(stub::apply_choices(c, "A-99=x"), stub::ChoiceError);
    EXPECT_THROW(stub::apply_choices(c, "random:x"), stub::ChoiceError);
}

TEST(StubChoices, RandomChoicesAreReproducibleAndVaried) {
    EXPECT_EQ(stub::describe(stub::random_choices(7)), stub::describe(stub::random_choices(7)));
    std::set<std::string> seen;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) seen.insert(stub::describe(stub::random_choices(seed)));
    EXPECT_EQ(seen.size(), 20u);
    stub::Choices c;
    stub::apply_choices(c, "random:7,A-26=ignored");
    EXPECT_EQ(c.tenant_in_body, stub::Choices::TenantInBody::Ignored) << "a later item overrides the random draw";
}

std::string assumptions() { return read_text(source_dir() / "spec" / "assumptions.md"); }

TEST(StubChoices, EveryChoiceIsARowOfTheAssumptionsWithItsValues) {
    const std::string text = assumptions();
    for (const auto& c : stub::choice_table()) {
        const std::regex row("\\n\\| " + std::string(c.id) + " \\|[^\\n]*\\*\\*Choices:\\*\\*[^\\n]*`" +
                             std::string(c.id) + "`[^\\n]*");
        std::smatch m;
        ASSERT_TRUE(std::regex_search(text, m, row)) << c.id << " has no row naming its choices";
        for (const auto v : c.values)
            EXPECT_NE(m.str().find("`" + std::string(v) + "`"), std::string::npos) << c.id << " value " << v;
    }
}

TEST(StubChoices, EveryRowWhereTheStubActsSaysItsChoicesOrWhyNone) {
    const std::string text = assumptions();
    const auto catalogue_section = text.find("## The catalogue itself");
    ASSERT_NE(catalogue_section, std::string::npos);
    const std::regex row("\\n\\| (A-[0-9]{2,3}) \\|([^\\n]*)");
    int rows = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.begin() + static_cast<long>(catalogue_section), row);
         it != std::sregex_iterator(); ++it) {
        ++rows;
        const std::string line = (*it)[2];
        EXPECT_TRUE(line.find("**Choices:**") != std::string::npos ||
                    line.find("**One behaviour:**") != std::string::npos)
            << (*it)[1] << " says neither its choices nor why there is one behaviour";
    }
    EXPECT_GE(rows, 60);
}

}  // namespace
}  // namespace bds::test
