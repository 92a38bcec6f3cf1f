// The history's HTML page (src/history/history_html.cpp) of a hand-built view (tests/history/history_sample.cpp):
// read back with expat (the page is well-formed XML), so that each promise is checked on the elements themselves:
// the sections, a cell per judged run, the flaky marks and rows first, the behaviour that started, the timing's
// gaps, hostile text escaped, no script and no external URL, the same bytes for the same view.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "history/history_sample.hpp"
#include "history/xml_tree.hpp"
#include "report/reporters.hpp"

namespace bds {
namespace {

std::string hist_page(const history::HistoryView& view) {
    std::ostringstream out;
    history::write_history_html(view, out);
    return out.str();
}

test::XmlTree hist_tree(const std::string& page) {
    auto tree = test::parse_xml_tree(page);
    EXPECT_EQ(tree.error, "") << "the page is not well-formed XML";
    return tree;
}

bool hist_has_class(const test::XmlElement& e, const std::string& cls) {
    const std::string classes = " " + e.attribute("class") + " ";
    return classes.find(" " + cls + " ") != std::string::npos;
}

std::vector<const test::XmlElement*> hist_with_class(const test::XmlElement& root, const std::string& element,
                                                     const std::string& cls) {
    std::vector<const test::XmlElement*> out;
    for (const auto* e : root.descendants(element))
        if (hist_has_class(*e, cls)) out.push_back(e);
    return out;
}

// An SVG <text>'s own character data (XmlElement::text) is what it shows; all_text() adds its <title>'s.

/// The text of an element's <title> child (its tooltip), "" when none.
std::string hist_title(const test::XmlElement& e) {
    for (const auto& c : e.children)
        if (c->name == "title") return c->all_text();
    return "";
}

std::size_t hist_count(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
    return n;
}

TEST(HistoryHtml, HasItsSectionsAndNoScriptNorExternalUrl) {
    const auto view = test::sample_history();
    const auto page = hist_page(view);
    const auto tree = hist_tree(page);
    ASSERT_TRUE(tree.root);
    for (const char* id : {"timeline", "grid", "checks", "behaviour", "timing", "legend", "statement-grid",
                           "check-grid", "runs", "timing-chart"})
        EXPECT_TRUE(tree.root->by_id(id)) << id;
    EXPECT_EQ(hist_with_class(*tree.root->by_id("grid"), "svg", "grid").size(), 1u);
    EXPECT_NE(page.find("<meta name=\"generator\" content=\"conformance history\"/>"), std::string::npos);
    for (const char* banned : {"<script", "<link", "<img", "<iframe", "@import", "url(", "src=", "href="})
        EXPECT_EQ(page.find(banned), std::string::npos) << banned;
    // A URL only as the SVG namespace and as the runs' target, a text: nothing the page would load.
    std::string rest = page;
    for (const std::string& allowed : {std::string("xmlns=\"http://www.w3.org/2000/svg\""), view.runs[0].target})
        for (auto at = rest.find(allowed); at != std::string::npos; at = rest.find(allowed))
            rest.erase(at, allowed.size());
    EXPECT_EQ(rest.find("http://"), std::string::npos);
    EXPECT_EQ(rest.find("https://"), std::string::npos);
}

TEST(HistoryHtml, HeaderNamesTheFileRunsAndReleases) {
    const auto tree = hist_tree(hist_page(test::sample_history()));
    ASSERT_TRUE(tree.root);
    const auto header = tree.root->descendants("header");
    ASSERT_EQ(header.size(), 1u);
    const auto text = header[0]->all_text();
    for (const char* part : {"Run history", "nightly-history.sqlite", "2025-06-01T02:00:01Z", "2025-06-08T02:00:08Z",
                             "2.3.0, 2.4.0", "https://erp-staging.example/bds"})
        EXPECT_NE(text.find(part), std::string::npos) << part;
}

TEST(HistoryHtml, TimelineHasAMarkPerRunWithItsTooltip) {
    const auto view = test::sample_history();
    const auto tree = hist_tree(hist_page(view));
    ASSERT_TRUE(tree.root);
    const auto marks = hist_with_class(*tree.root->by_id("timeline"), "rect", "mark");
    ASSERT_EQ(marks.size(), view.runs.size());
    for (std::size_t i = 0; i < marks.size(); ++i) {
        const auto& run = view.runs[i];
        EXPECT_TRUE(hist_has_class(*marks[i], run.verdict)) << run.id;
        const auto title = hist_title(*marks[i]);
        for (const std::string& part : {"run " + std::to_string(run.id), run.started_at, run.release,
                                        "seed " + std::to_string(run.seed), run.verdict})
            EXPECT_NE(title.find(part), std::string::npos) << title << " lacks " << part;
    }
    std::vector<std::string> releases;
    for (const auto* t : hist_with_class(*tree.root->by_id("timeline"), "text", "release")) releases.push_back(t->text);
    EXPECT_EQ(releases, (std::vector<std::string>{"2.3.0", "2.4.0"}));
}

TEST(HistoryHtml, GridHasACellPerJudgedRunAndNoneElsewhere) {
    const auto view = test::sample_history();
    const auto tree = hist_tree(hist_page(view));
    ASSERT_TRUE(tree.root);
    for (const auto& [svg_id, tracks] :
         {std::pair{"statement-grid", &view.statements}, std::pair{"check-grid", &view.checks}}) {
        const auto* grid = tree.root->by_id(svg_id);
        ASSERT_TRUE(grid) << svg_id;
        std::size_t judged = 0, failed = 0, flaky = 0;
        for (const auto& t : *tracks)
            for (const auto& c : t.cells) {
                judged += c.has_value();
                failed += c && c->outcome == run::Outcome::Fail;
                flaky += c && c->flaky;
            }
        EXPECT_EQ(hist_with_class(*grid, "rect", "cell").size(), judged) << svg_id;
        EXPECT_EQ(hist_with_class(*grid, "rect", "fail").size(), failed) << svg_id;
        EXPECT_EQ(hist_with_class(*grid, "line", "flaky-mark").size(), flaky) << svg_id;
        EXPECT_GT(flaky, 0u);
    }
    // 000-4-get-sync was not judged in runs 1 and 2: no cell of it names them.
    std::vector<std::string> titles;
    for (const auto* r : hist_with_class(*tree.root->by_id("statement-grid"), "rect", "cell"))
        if (hist_title(*r).starts_with("000-4-get-sync ")) titles.push_back(hist_title(*r));
    ASSERT_EQ(titles.size(), 6u);
    EXPECT_NE(titles[0].find("run 3 (2.3.0)"), std::string::npos) << titles[0];
}

TEST(HistoryHtml, FlakyThenFailingStatementsComeFirstWithTheirMarkAndRate) {
    const auto tree = hist_tree(hist_page(test::sample_history()));
    ASSERT_TRUE(tree.root);
    const auto* grid = tree.root->by_id("statement-grid");
    ASSERT_TRUE(grid);
    std::vector<std::string> labels, rates;
    for (const auto* t : hist_with_class(*grid, "text", "label")) labels.push_back(t->text);
    for (const auto* t : hist_with_class(*grid, "text", "rate")) rates.push_back(t->text);
    ASSERT_EQ(labels.size(), 40u);
    ASSERT_EQ(rates.size(), labels.size());
    const auto at = [&](const std::string& label) {
        const auto it = std::find(labels.begin(), labels.end(), label);
        EXPECT_NE(it, labels.end()) << label;
        return it == labels.end() ? -1 : it - labels.begin();
    };
    // The flaky two first (in the view's order), then the one that failed, then the rest as the view has them.
    EXPECT_EQ(at("≈ 000-4.4-blocks"), 0);
    EXPECT_EQ(at("≈ 000-4.4-check"), 1);
    EXPECT_EQ(at("000-1-json-utf8"), 2);
    EXPECT_EQ(at("000-1-rest-json"), 3);
    EXPECT_LT(at("≈ 000-4.4-check"), at("000-4.1-pagesize"));
    EXPECT_EQ(rates[1], "62% ≈ flaky");  // 5 of 8: rounded down
    EXPECT_EQ(rates[2], "62%");
    EXPECT_EQ(rates[at("000-4.1-pagesize")], "100%");
    EXPECT_EQ(rates[at("000-4.2-query")], "–");        // skipped in every run: nothing decided
    EXPECT_EQ(hist_count(grid->all_text(), "≈"), 4u);  // two flaky rows: label and rate each
    // The quote is the label's tooltip.
    for (const auto* t : hist_with_class(*grid, "text", "label"))
        if (t->text == "≈ 000-4.4-check") {
            EXPECT_NE(hist_title(*t).find("after sending, read GET /api/resources/{Resource}"), std::string::npos);
        }
}

TEST(HistoryHtml, BehaviourThatStartedIsListedWithItsFirstRun) {
    const auto tree = hist_tree(hist_page(test::sample_history()));
    ASSERT_TRUE(tree.root);
    const auto* changed = tree.root->by_id("behaviour-changed");
    const auto* steady = tree.root->by_id("behaviour-steady");
    ASSERT_TRUE(changed && steady);
    const auto row_of = [](const test::XmlElement& table, const std::string& text) -> const test::XmlElement* {
        for (const auto* tr : table.descendants("tr")) {
            const auto cells = tr->descendants("td");
            for (const auto* td : cells)
                if (td->all_text() == text) return tr;
        }
        return nullptr;
    };
    const auto* row = row_of(*changed, "without PageSize (A-12): 500 records per page");
    ASSERT_TRUE(row);
    const auto cells = row->descendants("td");
    ASSERT_EQ(cells.size(), 7u);  // first, last, seen, span, check, observation, change
    EXPECT_EQ(cells[0]->all_text(), "5 (2.4.0)");
    EXPECT_EQ(cells[1]->all_text(), "8 (2.4.0)");
    EXPECT_EQ(cells[2]->all_text(), "4 of 8");
    EXPECT_EQ(cells[4]->all_text(), "PAG-04");
    EXPECT_EQ(hist_with_class(*cells[3], "rect", "seen").size(), 1u);
    EXPECT_EQ(cells[6]->all_text(), "");  // made alike in every run that made it
    // Made in every run: folded away; SCH-03's in the 5 of 5 runs that ran it too.
    EXPECT_FALSE(row_of(*changed, "fields left out of an upsert (A-60): 3 became null, 0 kept"));
    EXPECT_TRUE(row_of(*steady, "fields left out of an upsert (A-60): 3 became null, 0 kept"));
    EXPECT_TRUE(row_of(*steady, "TotalRowsCount written as a JSON number (A-118)"));
    EXPECT_EQ(changed->descendants("tr").size(), 1u + 4u);
}

TEST(HistoryHtml, TimingChartBreaksItsLineWhereARunSentNoRequest) {
    const auto view = test::sample_history();
    const auto tree = hist_tree(hist_page(view));
    ASSERT_TRUE(tree.root);
    const auto* chart = tree.root->by_id("timing-chart");
    ASSERT_TRUE(chart);
    // Six suites; views has a gap in run 3 (two lines), changes none before run 3 (one line).
    EXPECT_EQ(chart->descendants("polyline").size(), 7u);
    std::size_t points = 0;
    for (const auto& s : view.timing)
        for (const auto& v : s.ms_per_request) points += v.has_value();
    EXPECT_EQ(chart->descendants("circle").size(), points);
    std::vector<std::string> ticks;
    for (const auto* t : hist_with_class(*chart, "text", "tick"))
        if (t->attribute("text-anchor") == "end") ticks.push_back(t->text);
    EXPECT_EQ(ticks, (std::vector<std::string>{"0", "10", "20", "30"}));
    const auto* table = tree.root->by_id("timing-table");
    ASSERT_TRUE(table);
    const auto rows = table->descendants("tr");
    ASSERT_EQ(rows.size(), 1u + view.runs.size());
    EXPECT_EQ(rows[1]->descendants("td")[2]->all_text(), "–");  // changes, run 1
    EXPECT_EQ(rows[3]->descendants("td")[2]->all_text(), "18.2");
}

TEST(HistoryHtml, HostileTextsAreEscaped) {
    const std::string hostile = "</svg><script>alert(1)</script> \xff\xfe & \"q\" 'a' \x01";
    auto view = test::sample_history();
    view.file = hostile;
    view.runs[0].release = hostile;
    view.runs[1].target = hostile;
    view.runs[2].verdict = hostile;
    view.statements[0].id = hostile;
    view.statements[1].text = hostile;
    view.checks[0].text = hostile;
    view.behaviour[1].text = hostile;
    view.behaviour[1].check = hostile;
    view.timing[0].suite = hostile;
    const auto page = hist_page(view);
    EXPECT_EQ(page.find("<script"), std::string::npos);
    EXPECT_EQ(page.find("</svg><"), std::string::npos);
    EXPECT_EQ(report::valid_utf8(page), page) << "invalid UTF-8 reached the page";
    EXPECT_GT(hist_count(page, "&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), 8u);
    const auto tree = hist_tree(page);
    ASSERT_TRUE(tree.root);
    // Read back, it is the text it was (invalid bytes and control characters as U+FFFD).
    bool found = false;
    for (const auto* t : hist_with_class(*tree.root->by_id("statement-grid"), "text", "label"))
        found = found || hist_title(*t) ==
                             "MUST: </svg><script>alert(1)</script> \xEF\xBF\xBD\xEF\xBF\xBD & \"q\" 'a' "
                             "\xEF\xBF\xBD";
    EXPECT_TRUE(found);
}

TEST(HistoryHtml, SameViewSameBytesAndAnEmptyViewIsAPage) {
    EXPECT_EQ(hist_page(test::sample_history()), hist_page(test::sample_history()));
    history::HistoryView empty;
    empty.file = "empty.sqlite";
    const auto page = hist_page(empty);
    const auto tree = hist_tree(page);
    ASSERT_TRUE(tree.root);
    EXPECT_NE(page.find("No runs."), std::string::npos);
    EXPECT_TRUE(tree.root->by_id("grid"));
    EXPECT_TRUE(tree.root->by_id("timing"));
}

}  // namespace
}  // namespace bds
