// The reporters: golden outputs of a hand-built run (every outcome and level, hostile server text) and of a
// real run against the embedded stub, plus what each format promises: JUnit is well-formed XML, JSON validates
// against reports/report.schema.json (with valijson), HTML is self-contained and escaped, nothing prints a
// secret.
//
// Goldens live in tests/report/golden/. After an intended change, regenerate them and review the diff:
//   BDS_UPDATE_GOLDEN=1 ./tests/bds_tests --gtest_filter='*Report*:Diff*'
//   git diff tests/report/golden
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

#include "client/exchange.hpp"
#include "report/golden_file.hpp"
#include "report/junit_xml.hpp"
#include "report/read_report.hpp"
#include "report/report_schema.hpp"
#include "report/reporters.hpp"
#include "bundled/embedded_stub.hpp"
#include "run/runner.hpp"
#include "test_paths.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

// Secrets the hand-built exchange is made from, redacted as the client redacts them: no report may print them.
constexpr const char* kToken = "s3cr3t-T0ken-value";
constexpr const char* kPassword = "hunter2-pw";
// Server text that would run or render if a reporter printed it raw.
constexpr const char* kHostile = "<script>alert('x')</script> & \"quoted\" | *bold* `tick` \x01 bad:\xff end";

client::Exchange exchange(std::string method, std::string url, int status, std::string request_body,
                          std::string response_body) {
    client::Exchange e;
    e.method = std::move(method);
    e.url = std::move(url);
    e.request_headers = {{"Accept", "application/json"},
                         {"Authorization", client::redact_header("Authorization", std::string("Bearer ") + kToken)}};
    e.request_body = client::redact_body(request_body);
    e.status = status;
    e.response_headers = {{"Content-Type", "application/json; charset=utf-8"}};
    e.response_body = client::redact_body(response_body);
    e.duration_ms = 3.25;
    return e;
}

run::CheckResult check(std::string id, std::string suite, Level level, std::vector<std::string> tags,
                       run::Outcome outcome) {
    run::CheckResult r;
    r.id = std::move(id);
    r.suite = std::move(suite);
    r.title = "title of " + r.id;
    r.spec = "000 §4.1 rule 1";
    r.seed_text = "The seed sentence of " + r.id + ".";
    r.level = level;
    r.tags = std::move(tags);
    r.outcome = outcome;
    r.requests = 2;
    r.duration_ms = 12.5;
    r.replay = "conformance run --check " + r.id + " --seed 42 --cases 5";
    return r;
}

/// Every outcome at every level, findings with a counterexample and an exchange, a skip, an error, observations.
run::RunResult hand_built_run() {
    run::RunResult run;
    run.target = "http://127.0.0.1:8080";
    run.harness_version = "0.1.0";
    run.catalogue_sha256 = std::string(64, 'a');
    run.seed = 42;
    run.cases = 5;
    run.started_at = "2026-01-02T03:04:05Z";
    run.duration_ms = 1234.5;
    run.requests = 17;
    run.envelope = "object";
    run.run_prefix = "k3x";
    run.records_written = 3;
    run.notes = {"clean-up of 1 CliFor record refused: 500"};
    run.shard = "2/3";
    run.baseline = run::BaselineComparison{"reports/<baseline>.json", {"AUTH-02"}, {"PAG-01"}, {"ACC-01"}};

    run.results.push_back(check("AUTH-01", "auth", Level::Must, {"auth"}, run::Outcome::Pass));
    auto token = check("AUTH-02", "auth", Level::Must, {"auth"}, run::Outcome::Fail);
    token.findings.push_back(
        {.expected = "200 and an access_token",
         .actual = "401",
         .exchange = exchange("POST", "http://127.0.0.1:8080/token", 401,
                              std::string("grant_type=password&username=writer&password=") + kPassword,
                              std::string("{\"access_token\":\"") + kToken + "\"}")});
    run.results.push_back(token);
    run.results.push_back(check("AUTH-06", "auth", Level::Must, {"auth", "*"}, run::Outcome::Skip));
    run.results.back().reason = "tokens live 3600 s, longer than token_expiry_wait_s (5 s)";
    run.results.push_back(check("PAG-01", "pagination", Level::Must, {"pagination", "CliFor"}, run::Outcome::Pass));
    auto pag4 = check("PAG-04", "pagination", Level::Observe, {"pagination", "CliFor"}, run::Outcome::Pass);
    pag4.observations.push_back({"PageSize=100000 → 400 with a JSON body",
                                 exchange("GET", "http://127.0.0.1:8080/api/resources/CliFor?PageSize=100000", 400, "",
                                          std::string("{\"message\":\"") + "too big" + "\"}")});
    pag4.observations.push_back({"no exchange, only a note", std::nullopt});
    run.results.push_back(pag4);
    auto syn = check("SYN-03", "sync", Level::Must, {"sync", "*"}, run::Outcome::Fail);
    syn.cases = 5;
    syn.findings.push_back(
        {.expected = "the record as sent",
         .actual = kHostile,
         .pointer = "/0/des_ragsoc",
         .exchange = exchange("POST", "http://127.0.0.1:8080/api/resources/CliFor/sync", 200,
                              "[{\"cod_clifor\":\"k3x01A\",\"des_ragsoc\":\"é\"}]", "{\"echo\":\"<iframe src=x>\"}"),
         .counterexample = "[{\"cod_clifor\":\"k3x01A\",\"des_ragsoc\":\"é\"}]"});
    syn.findings.push_back({.expected = "no second problem", .actual = "a second one"});
    run.results.push_back(syn);
    auto fil = check("FIL-08", "filters", Level::Should, {"filters", "Articoli"}, run::Outcome::Fail);
    fil.findings.push_back({.expected = "a 2xx for a long RecordSelection", .actual = "414"});
    run.results.push_back(fil);
    auto rob = check("ROB-02", "robustness", Level::Must, {"robustness", "CliFor"}, run::Outcome::Error);
    rob.reason = std::string("transport: connection refused ") + kHostile;
    run.results.push_back(rob);
    auto view = check("VIEW-06", "views", Level::Must, {"views", "query", "CliFor", "MCPClienti"}, run::Outcome::Pass);
    view.observations.push_back({"query answered with " + std::string(kHostile), std::nullopt});
    run.results.push_back(view);
    run.results.push_back(check("CHG-03", "changes", Level::Observe, {"changes", "*"}, run::Outcome::Skip));
    run.results.back().reason = "read-only target";
    return run;
}

/// The hand-built run with a check judging service-matrix cells one by one (Context::cell): refused on GET resources,
/// served on GET sync, skipped on POST query, not come to on POST sync.
run::RunResult with_cells() {
    run::RunResult run = hand_built_run();
    auto acc = check("ACC-03", "access", Level::Must, {"access", "*"}, run::Outcome::Fail);
    acc.findings.push_back({.expected = "status 403 for GET /api/sync/Articoli", .actual = "status 200"});
    acc.cells = {{"not-authorised", "list", run::Outcome::Pass},
                 {"not-authorised", "feed", run::Outcome::Fail},
                 {"not-authorised", "query", run::Outcome::Skip, "no POST query template"}};
    run.results.push_back(acc);
    return run;
}

/// A real run of a few checks against the embedded stub: MUST, SHOULD and OBSERVE; a pass, a skip, observations
/// with exchanges. None writes, so no generated record (nor the run prefix) is in the output.
run::RunResult stub_run() {
    static const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    run::RunOptions options;
    options.seed = 42;
    options.cases = 3;
    options.harness_version = "0.1.0";
    options.adapt_in_flight = false;  // the limit's story follows the machine's speed: not a golden's
    return run::run_checks(
        cat, stub.target,
        select_checks(all_checks(), {}, {"AUTH-01", "AUTH-02", "AUTH-06", "AUTH-08", "ACC-01", "ACC-02", "ACC-06"}),
        options);
}

void zero_durations(std::optional<client::Exchange>& e) {
    if (e) e->duration_ms = 0;
}

/// The HTML report's stylesheet, out of the goldens: a change of style rewrites no golden
/// (HtmlCarriesItsStylesheet checks that it is there).
std::string without_stylesheet(std::string html) {
    const auto open = html.find("<style>"), close = html.find("</style>");
    if (open == std::string::npos || close == std::string::npos || close < open) return html;
    return html.replace(open, close + 8 - open, "<style>STYLESHEET</style>");
}

/// What changes from run to run leaves the report: durations, the port, the run prefix, dates. (The seed is
/// fixed by the runs themselves.) The stub run's checks write nothing, so the prefix is in no body. The HTML
/// report's stylesheet leaves it too (without_stylesheet).
std::string normalised(const std::string& format, run::RunResult run) {
    run.run_prefix = "PREFIX";
    run.duration_ms = 0;
    run.started_at = "2000-01-01T00:00:00Z";
    run.catalogue_sha256 = std::string(64, '0');
    for (auto& r : run.results) {
        r.duration_ms = r.started_ms = 0;
        for (auto& f : r.findings) zero_durations(f.exchange);
        for (auto& o : r.observations) zero_durations(o.exchange);
    }
    std::ostringstream out;
    report::reporters().at(format)(run, out);
    std::string text = out.str();
    text = std::regex_replace(text, std::regex(R"(127\.0\.0\.1:\d+)"), "127.0.0.1:PORT");
    text = std::regex_replace(text, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z?)"), "DATE");
    return format == "html" ? without_stylesheet(text) : text;
}

std::string render(const std::string& format, const run::RunResult& run) {
    std::ostringstream out;
    report::reporters().at(format)(run, out);
    return out.str();
}

class ReportTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() { stub_ = new run::RunResult(stub_run()); }
    static void TearDownTestSuite() {
        delete stub_;
        stub_ = nullptr;
    }
    static const run::RunResult& stub_result() { return *stub_; }
    run::RunResult hand = hand_built_run();

private:
    static inline run::RunResult* stub_ = nullptr;
};

const char* const kFormats[] = {"html", "json", "junit", "md"};

/// Whether `markup` stands in `out` as markup: Markdown makes it literal with a backslash before its `<`
/// (markdown_cells.hpp), the other formats with an entity.
bool raw_markup(const std::string& out, const std::string& markup) {
    for (auto at = out.find(markup); at != std::string::npos; at = out.find(markup, at + 1))
        if (at == 0 || out[at - 1] != '\\') return true;
    return false;
}
const std::map<std::string, std::string> kExtension{{"html", "html"}, {"json", "json"}, {"junit", "xml"}, {"md", "md"}};

TEST_F(ReportTest, EveryFormatIsRegistered) {
    for (const char* f : kFormats) EXPECT_TRUE(report::reporters().contains(f)) << f;
}

TEST_F(ReportTest, HandBuiltRunMatchesTheGoldens) {
    for (const char* f : kFormats) test::expect_golden(std::string("hand.") + kExtension.at(f), normalised(f, hand));
}

TEST_F(ReportTest, StubRunMatchesTheGoldens) {
    for (const char* f : kFormats)
        test::expect_golden(std::string("stub.") + kExtension.at(f), normalised(f, stub_result()));
}

TEST_F(ReportTest, StubRunHasWhatTheGoldenNeeds) {
    // So the golden keeps covering a pass, a skip and observations with exchanges as the suites change.
    bool pass = false, skip = false, observed = false;
    for (const auto& r : stub_result().results) {
        pass = pass || r.outcome == run::Outcome::Pass;
        skip = skip || r.outcome == run::Outcome::Skip;
        for (const auto& o : r.observations) observed = observed || o.exchange.has_value();
    }
    EXPECT_TRUE(pass && skip && observed) << render("md", stub_result());
}

TEST_F(ReportTest, NoFormatPrintsASecretOrRawServerMarkup) {
    for (const char* f : kFormats) {
        const std::string out = render(f, hand);
        EXPECT_EQ(out.find(kToken), std::string::npos) << f;
        EXPECT_EQ(out.find(kPassword), std::string::npos) << f;
        if (std::string(f) != "json") {  // JSON carries server text as data, escaped by being JSON
            EXPECT_FALSE(raw_markup(out, "<script>alert")) << f;
            EXPECT_FALSE(raw_markup(out, "<iframe")) << f;
        }
        EXPECT_EQ(report::valid_utf8(out), out) << f << " is not valid UTF-8";
    }
}

TEST_F(ReportTest, JunitIsWellFormedXmlWithATestcasePerCheck) {
    for (const run::RunResult* run : std::initializer_list<const run::RunResult*>{&hand, &stub_result()}) {
        const std::string xml = render("junit", *run);
        const auto doc = test::parse_junit(xml);
        EXPECT_EQ(doc.error, "") << xml;
        ASSERT_EQ(doc.cases.size(), run->results.size());
        for (std::size_t i = 0; i < doc.cases.size(); ++i) {
            EXPECT_EQ(doc.cases[i].suite, run->results[i].suite);
            EXPECT_EQ(doc.cases[i].name, run->results[i].id) << "named by its id alone: CI keeps history by name";
        }
    }
    const std::string xml = render("junit", hand);
    EXPECT_NE(xml.find("<testsuites name=\"bds-conformance\" tests=\"10\" failures=\"3\" errors=\"1\" skipped=\"3\""),
              std::string::npos)
        << xml;
    EXPECT_NE(xml.find("<failure type=\"SHOULD\""), std::string::npos);
    EXPECT_NE(xml.find("minimal counterexample: [{&quot;cod_clifor&quot;"), std::string::npos);
    EXPECT_NE(xml.find("spec: 000 §4.1 rule 1"), std::string::npos);
}

TEST_F(ReportTest, JsonValidatesAgainstItsSchema) {
    for (const run::RunResult* run : std::initializer_list<const run::RunResult*>{&hand, &stub_result()}) {
        const auto doc = nlohmann::json::parse(render("json", *run));
        const auto errors = test::schema_errors(doc);
        EXPECT_TRUE(errors.empty()) << errors.front();
    }
    run::RunResult interrupted = hand;
    interrupted.interrupted = "SIGINT";
    interrupted.stopped = "interrupted by SIGINT";
    const auto cut = nlohmann::json::parse(render("json", interrupted));
    EXPECT_EQ(test::schema_errors(cut), std::vector<std::string>{});
    EXPECT_EQ(cut["verdict"], "interrupted");
    EXPECT_EQ(cut["must_failures"], 2) << "the failures found before the interrupt stay";
    auto bad = nlohmann::json::parse(render("json", hand));
    bad["checks"][0]["level"] = "MAY";
    EXPECT_FALSE(test::schema_errors(bad).empty()) << "the schema accepts level MAY";
    bad = nlohmann::json::parse(render("json", hand));
    bad["checks"][1]["findings"][0].erase("exchange");
    EXPECT_FALSE(test::schema_errors(bad).empty()) << "the schema accepts a finding without exchange";
}

TEST_F(ReportTest, JsonKeepsTheRunAsData) {
    const auto doc = nlohmann::json::parse(render("json", hand));
    EXPECT_EQ(doc["seed"], 42);
    EXPECT_EQ(doc["must_failures"], 2);
    EXPECT_EQ(doc["checks"].size(), hand.results.size());
    const auto& syn = doc["checks"][5];
    EXPECT_EQ(syn["id"], "SYN-03");
    EXPECT_EQ(syn["findings"][0]["actual"], report::valid_utf8(kHostile));  // invalid UTF-8 shown as U+FFFD
    EXPECT_EQ(syn["findings"][0]["exchange"]["request_headers"][1][1], "Bearer <redacted>");
}

TEST_F(ReportTest, JsonKeepsTheCellsACheckJudgedOneByOne) {
    const auto doc = nlohmann::json::parse(render("json", with_cells()));
    const auto errors = test::schema_errors(doc);
    EXPECT_TRUE(errors.empty()) << errors.front();
    const auto& acc = doc["checks"].back();
    ASSERT_EQ(acc["cells"].size(), 3u);
    EXPECT_EQ(acc["cells"][1],
              (nlohmann::json{{"rule", "not-authorised"}, {"endpoint", "feed"}, {"outcome", "fail"}, {"reason", ""}}));
    EXPECT_FALSE(doc["checks"][0].contains("cells")) << "only a check that judged cells one by one has them";
    // Read back (merge, --baseline, diff) as written.
    const auto back = report::from_json(doc);
    ASSERT_EQ(back.results.back().cells.size(), 3u);
    EXPECT_EQ(back.results.back().cells[2].reason, "no POST query template");
    EXPECT_EQ(back.results.back().cells[1].outcome, run::Outcome::Fail);
}

TEST_F(ReportTest, HtmlIsSelfContained) {
    const std::string html = render("html", hand);
    // Server text is escaped, so a real tag is the only place a '<' opens: none loads anything.
    EXPECT_FALSE(std::regex_search(html, std::regex(R"(<[^>]*\s(src=|href="[^#])|<link|@import)")))
        << "an external resource";
    const auto style = html.substr(html.find("<style>"), html.find("</style>") - html.find("<style>"));
    EXPECT_EQ(style.find("url("), std::string::npos) << "CSS loads nothing";
    std::size_t scripts = 0;
    for (std::size_t at = html.find("<script"); at != std::string::npos; at = html.find("<script", at + 1)) ++scripts;
    EXPECT_EQ(scripts, 1U) << "only the copy-curl script";
    EXPECT_NE(html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"), std::string::npos);
}

TEST_F(ReportTest, HtmlCarriesItsStylesheet) {
    // The goldens leave the stylesheet out (without_stylesheet): here it is, once, in the head, styling what
    // the report marks up.
    const std::string html = render("html", hand);
    const auto open = html.find("<style>"), close = html.find("</style>");
    ASSERT_NE(open, std::string::npos);
    ASSERT_NE(close, std::string::npos);
    EXPECT_LT(close, html.find("</head>"));
    EXPECT_EQ(html.find("<style>", open + 1), std::string::npos) << "one stylesheet";
    const std::string style = html.substr(open, close - open);
    for (const char* rule : {"body{", ".verdict{", ".pass{", ".fail{", ".error,", ".skip{", ".observed{", ".badge{",
                             ".level{", "table.matrix td{", "pre{"})
        EXPECT_NE(style.find(rule), std::string::npos) << rule;
    EXPECT_EQ(without_stylesheet(html).find("body{"), std::string::npos);
}

TEST_F(ReportTest, HtmlMatrixShowsTheWorstOutcomePerResourceAndCapability) {
    const std::string html = render("html", hand);
    // sync touches "*": every resource row has a failing sync cell, with the id as its title.
    EXPECT_NE(html.find("<tr><th class=\"row\">CliFor</th>"), std::string::npos);
    EXPECT_NE(html.find("<td class=\"fail\" title=\"SYN-03 fail\">fail 1</td>"), std::string::npos);
    // pagination on CliFor: a pass and an OBSERVE → pass.
    EXPECT_NE(html.find("<td class=\"pass\" title=\"PAG-01 pass, PAG-04 observed\">pass 1/2</td>"), std::string::npos);
    // auth: AUTH-01 names no resource; AUTH-06 ("*") skipped on every resource.
    EXPECT_NE(
        html.find(
            "<tr><th class=\"row\">(no resource)</th><td class=\"fail\" title=\"AUTH-01 pass, AUTH-02 fail\">fail 1/2"),
        std::string::npos);
    EXPECT_NE(html.find("<td class=\"skip\" title=\"AUTH-06 skip\">skip 1</td>"), std::string::npos);
    // "query" is no resource: VIEW-06's rows are CliFor and MCPClienti only.
    EXPECT_EQ(html.find("<th class=\"row\">query</th>"), std::string::npos);
}

TEST_F(ReportTest, HtmlServiceMatrixShowsEachCellsOutcome) {
    const std::string html = render("html", with_cells());
    const auto at = html.find("<section id=\"service-matrix\">");
    ASSERT_NE(at, std::string::npos);
    const std::string section = html.substr(at, html.find("</section>", at) - at);
    const auto row = [&](const std::string& title) {
        const auto start = section.find("<tr><th class=\"rule\">" + title + "</th>");
        return start == std::string::npos ? std::string() : section.substr(start, section.find("</tr>", start) - start);
    };
    const std::string limited = row("A resource the caller may not use: 403");
    ASSERT_FALSE(limited.empty()) << section;
    // ACC-03's own cells: a pass, a failure, a skip with its reason; n/a where the rule does not apply.
    EXPECT_NE(limited.find("<td class=\"pass\" title=\"ACC-03 MUST pass\">pass<br><small>ACC-03</small></td>"),
              std::string::npos)
        << limited;
    EXPECT_NE(limited.find("<td class=\"fail\" title=\"ACC-03 MUST fail\">fail"), std::string::npos) << limited;
    EXPECT_NE(limited.find("<td class=\"skip\" title=\"ACC-03 MUST skip: no POST query template\">skip"),
              std::string::npos)
        << limited;
    EXPECT_NE(limited.find("<td class=\"none\" title=\"TokenInfo names no resource\">n/a</td>"), std::string::npos);
    // A cell ACC-03 judges one by one but did not come to (send) is not run; checks not in the run likewise.
    EXPECT_NE(limited.find("title=\"ACC-03 MUST not run: the check judged other cells, not this one\">not run"),
              std::string::npos)
        << limited;
    EXPECT_NE(row("Rows are the caller&#39;s tenant&#39;s only").find("TEN-01 MUST not run: not in this run"),
              std::string::npos);
    // A check judging its cells as a whole: AUTH-06's skip is its outcome on every cell of its row.
    EXPECT_NE(row("An expired token: 401").find("<td class=\"skip\" title=\"AUTH-06 MUST skip: tokens live"),
              std::string::npos);
}

TEST_F(ReportTest, MarkdownIsShortAndInert) {
    const std::string md = render("md", hand);
    EXPECT_NE(md.find("### Conformance: ❌ fail: 1 new MUST failure; also 2 MUST checks undecided"), std::string::npos)
        << md;
    EXPECT_NE(md.find("| MUST | 3 | 2 | 1 | 1 |"), std::string::npos) << md;
    EXPECT_FALSE(raw_markup(md, "<script"));
    EXPECT_NE(md.find("\\<script"), std::string::npos) << "the server's text shown, made inert";
    EXPECT_LT(md.size(), 4000U);
}

TEST_F(ReportTest, MarkdownListsAtMostThirtyFailures) {
    run::RunResult many = hand;
    many.results.clear();
    for (int i = 0; i < 40; ++i) many.results.push_back(hand.results[1]);  // AUTH-02, failed
    const std::string md = render("md", many);
    EXPECT_NE(md.find("- … and 10 more: see the HTML or JSON report"), std::string::npos) << md;
}

TEST_F(ReportTest, EscapingHelpers) {
    EXPECT_EQ(report::escape_xml("a<b>&\"'\x01"), "a&lt;b&gt;&amp;&quot;&#39;\xEF\xBF\xBD");
    EXPECT_EQ(report::valid_utf8("ok \xff é"), "ok \xEF\xBF\xBD é");
    EXPECT_EQ(report::shorten("abcé", 4), "abc…");
    EXPECT_EQ(report::shorten("abc", 4), "abc");
}

}  // namespace
}  // namespace bds
