// The seeds' normative statements as data (spec/requirements.json, catalogue/requirements.hpp): ids unique and
// well formed, every member valid, the compiled-in copy the file's; and, where the seed documents are present,
// every quote the seeds' own words in the section it names, and every "not shown" of the seeds a statement of its
// own. Quotes are found by the matcher the checks' quotes are found by (catalogue/seed_quotes.hpp).
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>

#include "catalogue/requirements.hpp"
#include "catalogue/seed_quotes.hpp"
#include "catalogue/seed_tables.hpp"
#include "catalogue/seeds_test.hpp"
#include "test_paths.hpp"

namespace bds {
namespace {

const std::regex kSection("intro|[0-9]+(\\.[0-9]+)?");

TEST(Requirements, TheCompiledInCopyIsTheFile) {
    EXPECT_EQ(std::string(builtin_requirements_text()),
              test::read_text(test::source_dir() / "spec" / "requirements.json"))
        << "rebuild: spec/requirements.json changed since this program was built";
}

TEST(Requirements, IdsAreUniqueAndNameTheirDocumentAndSection) {
    std::set<std::string> ids;
    const std::regex slug("[a-z0-9]+(-[a-z0-9]+)*");
    for (const auto& r : requirements()) {
        EXPECT_TRUE(ids.insert(r.id).second) << "twice: " << r.id;
        const std::string prefix = r.doc + "-" + r.section + "-";
        EXPECT_EQ(r.id.rfind(prefix, 0), 0u) << r.id << ": expected it to start with " << prefix;
        EXPECT_TRUE(std::regex_match(r.id.substr(std::min(prefix.size(), r.id.size())), slug))
            << r.id << ": a lower-case slug of words joined by -";
    }
    EXPECT_GE(requirements().size(), 180u) << "every normative statement of both seeds";
}

TEST(Requirements, EveryMemberIsValid) {
    for (const auto& r : requirements()) {
        EXPECT_TRUE(r.doc == "000" || r.doc == "001") << r.id << ": doc " << r.doc;
        EXPECT_TRUE(std::regex_match(r.section, kSection)) << r.id << ": section " << r.section;
        EXPECT_FALSE(r.about.empty()) << r.id;
        EXPECT_FALSE(r.quote.empty()) << r.id;
        EXPECT_EQ(r.quote, test::normalised(r.quote)) << r.id << ": a quote has single spaces and no Markdown marks";
        EXPECT_TRUE(!r.quote.empty() && r.quote.front() != ' ' && r.quote.back() != ' ')
            << r.id << ": no blank at either end";
        EXPECT_EQ(test::quotes(r.quote).size(), 1u) << r.id << ": one statement, one quote (no \" … \")";
        EXPECT_NE(to_string(r.binds), "?") << r.id;
        EXPECT_NE(to_string(r.kind), "?") << r.id;
        if (r.quote.find("not shown") != std::string::npos) {
            EXPECT_EQ(r.kind, RequirementKind::NotShown) << r.id << " quotes \"not shown\": its kind is not-shown";
        }
    }
}

TEST(Requirements, EveryKindAndEveryPartyIsThere) {
    std::map<RequirementKind, int> kinds;
    std::map<Binds, int> binds;
    for (const auto& r : requirements()) ++kinds[r.kind], ++binds[r.binds];
    EXPECT_EQ(kinds.size(), 3u);
    EXPECT_EQ(binds.size(), 3u);
}

TEST(Requirements, FoundById) {
    const Requirement* r = find_requirement("000-8-pages-start-at-1");
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->quote, "Pages start at 1.");
    EXPECT_EQ(r->kind, RequirementKind::Rule);
    EXPECT_EQ(r->binds, Binds::Both);
    EXPECT_EQ(find_requirement("000-8-pages-start-at-0"), nullptr);
    EXPECT_EQ(shown_quote({"000-8-pages-start-at-1", "000-4.1-pagenumber"}), "Pages start at 1.");
    EXPECT_EQ(shown_quote({}), "");
    EXPECT_EQ(shown_quote({"000-8-pages-start-at-0"}), "");
}

TEST(Requirements, TheLoaderNamesTheEntryAtFault) {
    const auto message = [](const std::string& text) {
        try {
            requirements_from_text(text);
        } catch (const std::runtime_error& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    const std::string entry =
        R"({"id": "000-8-x", "doc": "000", "section": "8", "quote": "q", "binds": "server", "kind": "rule", "about": "a"})";
    EXPECT_EQ(requirements_from_text(R"({"requirements": [)" + entry + "]}").size(), 1u);
    EXPECT_NE(message(R"({"requirements": [)" + entry + "," + entry + "]}").find("000-8-x twice"), std::string::npos);
    EXPECT_NE(
        message(
            R"({"requirements": [{"id": "000-8-y", "doc": "000", "section": "8", "quote": "q", "binds": "client", "kind": "rule", "about": "a"}]})")
            .find("\"binds\" is \"client\", expected server, sender or both"),
        std::string::npos);
    EXPECT_NE(
        message(
            R"({"requirements": [{"id": "000-8-z", "doc": "000", "section": "8", "binds": "server", "kind": "rule", "about": "a"}]})")
            .find("000-8-z"),
        std::string::npos);
    EXPECT_NE(message("[]").find("an array \"requirements\""), std::string::npos);
}

using RequirementsInTheSeeds = test::SeedsTest;

TEST_F(RequirementsInTheSeeds, EveryQuoteIsTheSeedsWordForWordInItsSection) {
    for (const auto& r : requirements()) {
        const std::string section = test::seed_section(seed(r.doc), r.section);
        ASSERT_FALSE(section.empty()) << r.id << ": " << r.doc << " has no section " << r.section;
        for (const auto& q : test::not_in_seeds(r.quote, test::normalised(section)))
            ADD_FAILURE() << r.id << " quotes what " << r.doc << " §" << r.section << " does not say: \"" << q << "\"";
    }
}

/// The positions in `seed` (normalised) of "not shown" that no not-shown statement of `doc` quotes.
std::vector<std::size_t> unquoted_not_shown(const std::string& seed, const std::string& doc) {
    std::vector<std::pair<std::size_t, std::size_t>> quoted;  // [from, to) of each not-shown quote, wherever it stands
    for (const auto& r : requirements()) {
        if (r.doc != doc || r.kind != RequirementKind::NotShown) continue;
        const std::string q = test::normalised(r.quote);
        for (auto at = seed.find(q); at != std::string::npos; at = seed.find(q, at + 1))
            quoted.emplace_back(at, at + q.size());
    }
    const std::string kNotShown = "not shown";
    std::vector<std::size_t> out;
    for (auto at = seed.find(kNotShown); at != std::string::npos; at = seed.find(kNotShown, at + 1)) {
        bool covered = false;
        for (const auto& [from, to] : quoted) covered = covered || (from <= at && at + kNotShown.size() <= to);
        if (!covered) out.push_back(at);
    }
    return out;
}

TEST_F(RequirementsInTheSeeds, EveryNotShownOfTheSeedsIsAStatementOfItsOwn) {
    int found = 0;
    for (const std::string doc : {"000", "001"}) {
        const std::string text = test::normalised(seed(doc));
        for (const auto at : unquoted_not_shown(text, doc))
            ADD_FAILURE() << doc << " says \"not shown\" where no not-shown statement quotes it: \"…"
                          << text.substr(at > 100 ? at - 100 : 0, std::min<std::size_t>(at, 100) + 9) << "\"";
        for (auto at = text.find("not shown"); at != std::string::npos; at = text.find("not shown", at + 1)) ++found;
    }
    EXPECT_GE(found, 20) << "the seeds say \"not shown\" some twenty times";
}

TEST(RequirementsSections, ASectionRunsFromItsHeadingToTheNext) {
    const std::string doc =
        "# Title\n\nIntro text.\n\n## 4. Endpoints\n\nAll paths.\n\n### 4.1 GET\n\nRule one.\n\n## 5. Auth\n\nTokens.\n";
    EXPECT_EQ(test::seed_section(doc, "intro"), "# Title\n\nIntro text.\n\n");
    EXPECT_EQ(test::seed_section(doc, "4"), "## 4. Endpoints\n\nAll paths.\n\n");
    EXPECT_EQ(test::seed_section(doc, "4.1"), "### 4.1 GET\n\nRule one.\n\n");
    EXPECT_EQ(test::seed_section(doc, "5"), "## 5. Auth\n\nTokens.\n");
    EXPECT_EQ(test::seed_section(doc, "6"), "");
}

}  // namespace
}  // namespace bds
