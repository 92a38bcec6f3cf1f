// The HTML report: one page a person opens after a run. Self-contained (inline CSS, one small inline script
// for "copy curl"; readable without it), every printed text escaped (server bodies may hold markup).
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <vector>

#include "common/http_text.hpp"
#include "report/reporters.hpp"
#include "report/requirements_view.hpp"
#include "schema/json_limits.hpp"
#include "run/baseline.hpp"
#include "run/matrix_outcome.hpp"

namespace bds::report {
namespace {

std::string h(std::string_view text) { return escape_xml(text); }

std::string fixed(double value, int decimals) { return fixed_decimals(value, decimals); }

// After report::kPageStyle.
constexpr std::string_view kStyle =
    R"(.verdict{font-size:1.2em;font-weight:600;padding:.4em .8em;border-radius:4px;display:inline-block}
.pass{background:#dafbe1}.fail{background:#ffd7d5}.error,.incomplete,.interrupted{background:#ffe7c2}.skip{background:#eaeef2}.observed{background:#ddf4ff}
.none{background:#fff;color:#8c959f}
.badge{font-size:.8em;font-weight:600;padding:.1em .5em;border-radius:3px;text-transform:uppercase}
.level{font-size:.8em;color:#57606a;border:1px solid #d0d7de;border-radius:3px;padding:0 .4em}
table.matrix td{text-align:center;min-width:4.5em;font-size:.85em}table.matrix th.row{white-space:nowrap}
table.matrix th.rule{max-width:16em}
article{border:1px solid #d0d7de;border-radius:6px;padding:.2em 1em 1em;margin:1em 0}
blockquote{margin:.4em 0;padding:.2em 1em;border-left:4px solid #d0d7de;color:#424a53}
pre{background:#f6f8fa;padding:.6em;overflow-x:auto;white-space:pre-wrap;word-break:break-all;margin:.3em 0}
details{margin:.4em 0}summary{cursor:pointer;font-family:ui-monospace,monospace}
.curl{position:relative}.curl button{position:absolute;right:.4em;top:.4em}
)";

// Only a convenience: without script the curl line is still there to select.
constexpr std::string_view kScript =
    "function copyCurl(b){navigator.clipboard.writeText(b.nextElementSibling.textContent)"
    ".then(function(){b.textContent='copied'})}";

std::string_view outcome_word(const run::CheckResult& r) {
    if (r.level == Level::Observe && r.outcome == run::Outcome::Pass) return "observed";
    return run::to_string(r.outcome);
}

/// Worse outcomes win a matrix cell: a failure is what a reader must see first. A skip shows only where nothing
/// ran: it is missing evidence, not a problem, and must not hide the passes beside it.
int rank(std::string_view word) {
    static const std::map<std::string_view, int> ranks{
        {"observed", 0}, {"skip", 1}, {"pass", 2}, {"error", 3}, {"fail", 4}};
    return ranks.at(word);
}

/// A body as a person reads it: compact JSON indented, anything else as it came. Only when indenting loses
/// nothing (parsing would reword 1.10 as 1.1, or round a long decimal, and a reader must see what came).
std::string readable_body(const std::string& body) {
    if (json_depth(body, kMaxJsonDepth) > kMaxJsonDepth) return body;
    const auto json = nlohmann::ordered_json::parse(body, nullptr, false);
    if (json.is_discarded() || !(json.is_object() || json.is_array())) return body;
    if (json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) != body) return body;
    // Indenting deep nesting multiplies the text (an 8,000-deep array became ~128 MB): compact past a bound.
    std::string pretty = json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    return pretty.size() > 4 * body.size() + 1024 ? body : pretty;
}

/// A relative file path as an href: each segment percent-encoded ('#', '?', spaces in a file name).
std::string href_of(const std::string& path) {
    std::string out;
    std::size_t start = 0;
    while (true) {
        const auto slash = path.find('/', start);
        out += url_encoded(path.substr(start, slash - start));
        if (slash == std::string::npos) return out;
        out += '/';
        start = slash + 1;
    }
}

/// `har_href`: the run's HAR file, relative to this page ("" when the run wrote none).
void exchange_html(const client::Exchange& e, bool open, const std::string& har_href, std::ostream& out) {
    out << "<details class=\"exchange\"" << (open ? " open" : "") << "><summary>" << h(e.summary()) << "</summary>\n";
    if (!har_href.empty() && e.serial != 0)
        out << "<p><a href=\"" << h(href_of(har_href)) << "\">HAR entry " << e.serial << "</a></p>\n";
    out << "<div class=\"curl\"><button type=\"button\" onclick=\"copyCurl(this)\">copy</button><pre>" << h(e.curl())
        << "</pre></div>\n";
    std::string request = e.method + " " + e.url + "\n";
    for (const auto& [k, v] : e.request_headers) request.append(k).append(": ").append(v).append("\n");
    if (!e.request_body.empty()) request.append("\n").append(readable_body(e.request_body));
    out << "<pre>" << h(request) << "</pre>\n";
    std::string response;
    if (e.status == 0) {
        response = "no response: " + e.error;
    } else {
        response = std::to_string(e.status) + "\n";
        for (const auto& [k, v] : e.response_headers) response.append(k).append(": ").append(v).append("\n");
        if (!e.response_body.empty()) response.append("\n").append(readable_body(e.response_body));
    }
    out << "<pre>" << h(response) << "</pre>\n</details>\n";
}

/// A check's heading: outcome, id, level, title, spec, the seed it tests, and why it ended as it did.
void heading(const run::CheckResult& r, std::ostream& out) {
    const auto word = outcome_word(r);
    out << "<h3><span class=\"badge " << word << "\">" << word << "</span> " << h(r.id) << " <span class=\"level\">"
        << to_string(r.level) << "</span> " << h(r.title) << "</h3>\n";
    out << "<p>" << h(r.spec) << " · suite " << h(r.suite)
        << (r.verifies.empty() ? "" : " · verifies " + statement_links(r)) << "</p>\n";
    if (!r.seed_text.empty()) out << "<blockquote>" << h(r.seed_text) << "</blockquote>\n";
    if (!r.reason.empty()) out << "<p><b>Reason:</b> " << h(r.reason) << "</p>\n";
    if (!r.caused_by.empty())
        out << "<p><b>Probably follows from</b> the failure of " << h(run::id_list(r.caused_by))
            << ", which this check relies on: look there first.</p>\n";
}

void failure_html(const run::CheckResult& r, const std::string& har_href, std::ostream& out) {
    out << "<article id=\"check-" << h(r.id) << "\">\n";
    heading(r, out);
    for (const auto& f : r.findings) {
        out << "<table>\n<tr><th>expected</th><td>" << h(f.expected) << "</td></tr>\n<tr><th>actual</th><td>"
            << h(f.actual) << "</td></tr>\n";
        if (!f.pointer.empty()) out << "<tr><th>at</th><td><code>" << h(f.pointer) << "</code></td></tr>\n";
        out << "</table>\n";
        if (!f.counterexample.empty())
            out << "<p>Minimal counterexample:</p>\n<pre>" << h(f.counterexample) << "</pre>\n";
        if (f.exchange) exchange_html(*f.exchange, true, har_href, out);
    }
    if (const auto cut = run::not_kept_text(r); !cut.empty()) out << "<p>" << h(cut) << ".</p>\n";
    if (!r.replay.empty()) out << "<p>Replay: <code>" << h(r.replay) << "</code></p>\n";
    out << "</article>\n";
}

void observations_html(const run::CheckResult& r, const std::string& har_href, std::ostream& out) {
    out << "<article id=\"observed-" << h(r.id) << "\">\n";
    heading(r, out);
    if (r.observations.empty()) {
        out << "<p>Nothing recorded.</p>\n</article>\n";
        return;
    }
    out << "<ul>\n";
    for (const auto& o : r.observations) {
        out << "<li>" << h(o.text);
        if (o.exchange) exchange_html(*o.exchange, false, har_href, out);
        out << "</li>\n";
    }
    out << "</ul>\n";
    if (const auto cut = run::not_kept_text(r); !cut.empty()) out << "<p>" << h(cut) << ".</p>\n";
    out << "</article>\n";
}

void summary_html(const run::RunResult& run, std::ostream& out) {
    Tally levels[3], all;
    for (const auto& r : run.results) {
        levels[static_cast<int>(r.level)].add(r.outcome);
        all.add(r.outcome);
    }
    out << "<section id=\"summary\"><h2>Summary</h2>\n<table>\n<tr><th>level</th><th>pass</th><th>fail</th><th>skip</th>"
           "<th>error</th><th>total</th></tr>\n";
    const auto row = [&out](std::string_view name, const Tally& t) {
        out << "<tr><th>" << name << "</th>";
        for (int n : {t.pass, t.fail, t.skip, t.error, t.total()}) out << "<td class=\"n\">" << n << "</td>";
        out << "</tr>\n";
    };
    for (Level level : {Level::Must, Level::Should, Level::Observe})
        row(to_string(level), levels[static_cast<int>(level)]);
    row("all", all);
    out << "</table>\n<p>An OBSERVE check passes when it could record what the target chose; it never fails the gate.</p>\n"
           "</section>\n";
}

/// Rows: the catalogue's resources (all, so an untested one shows), then other records a check names, then
/// checks that name none. Columns: capabilities (a check's first tag). Cell: the worst outcome there.
void matrix_html(const run::RunResult& run, const Catalogue& catalogue, std::ostream& out) {
    const std::string kNone = "(no resource)";
    std::vector<std::string> rows, columns;
    for (const Record* r : catalogue.resources()) rows.push_back(r->name);
    const std::vector<std::string> all_resources = rows;
    std::map<std::pair<std::string, std::string>, std::vector<const run::CheckResult*>> cells;
    for (const auto& r : run.results) {
        const std::string capability = r.tags.empty() ? r.suite : r.tags.front();
        if (std::find(columns.begin(), columns.end(), capability) == columns.end()) columns.push_back(capability);
        std::set<std::string> touched;
        for (std::size_t i = r.tags.empty() ? 0 : 1; i < r.tags.size(); ++i) {
            if (r.tags[i] == "*") {
                touched.insert(all_resources.begin(), all_resources.end());
            } else if (catalogue.find(r.tags[i])) {
                touched.insert(r.tags[i]);
                if (std::find(rows.begin(), rows.end(), r.tags[i]) == rows.end()) rows.push_back(r.tags[i]);
            }
        }
        if (touched.empty()) touched.insert(kNone);
        for (const auto& resource : touched) cells[{resource, capability}].push_back(&r);
    }
    if (std::any_of(cells.begin(), cells.end(), [&](const auto& c) { return c.first.first == kNone; }))
        rows.push_back(kNone);

    out << "<section id=\"matrix\"><h2>Resources × capabilities</h2>\n<table class=\"matrix\">\n<tr><th></th>";
    for (const auto& c : columns) out << "<th>" << h(c) << "</th>";
    out << "</tr>\n";
    for (const auto& row : rows) {
        out << "<tr><th class=\"row\">" << h(row) << "</th>";
        for (const auto& column : columns) {
            const auto it = cells.find({row, column});
            if (it == cells.end()) {
                out << "<td class=\"none\">·</td>";
                continue;
            }
            std::string_view worst = "observed";
            std::string title;
            for (const auto* r : it->second) {
                if (rank(outcome_word(*r)) > rank(worst)) worst = outcome_word(*r);
                title.append(title.empty() ? "" : ", ").append(r->id).append(" ").append(outcome_word(*r));
            }
            const auto count = std::count_if(it->second.begin(), it->second.end(),
                                             [&](const auto* r) { return outcome_word(*r) == worst; });
            const std::string shown =
                std::to_string(count) +
                (count == static_cast<long>(it->second.size()) ? "" : "/" + std::to_string(it->second.size()));
            out << "<td class=\"" << worst << "\" title=\"" << h(title) << "\">" << worst << " " << shown << "</td>";
        }
        out << "</tr>\n";
    }
    out << "</table>\n<p>A cell: the worst outcome of the checks there, and how many of them had it (\"pass 3/4\": three "
           "passed, the fourth was skipped or observed); their ids on hover. Fail, error, pass, skip, observed, from worst.</p>\n</section>\n";
}

/// The service matrix (catalogue/service_matrix.hpp): each rule of the whole service, as whom it is tried, against
/// each endpoint; a cell coloured by the worst outcome of the checks judging it there, "n/a" where the rule does
/// not apply (the reason on hover).
void service_matrix_html(const run::RunResult& run, std::ostream& out) {
    out << "<section id=\"service-matrix\"><h2>Rules × endpoints</h2>\n<table class=\"matrix\">\n<tr><th>rule</th>"
           "<th>as</th>";
    for (const auto& e : matrix_endpoints()) out << "<th title=\"" << h(e.title) << "\">" << h(e.id) << "</th>";
    out << "</tr>\n";
    for (const auto& rule : matrix_rules()) {
        out << "<tr><th class=\"rule\">" << h(rule.title) << "</th><td>" << h(rule.identity) << "</td>";
        for (const auto& e : matrix_endpoints()) {
            const run::CellView view = run::cell_view(run, rule, rule.cell(e.id));
            if (view.outcome == "n/a") {
                out << "<td class=\"none\" title=\"" << h(view.not_applicable) << "\">n/a</td>";
                continue;
            }
            std::string title, ids;
            for (const auto& c : view.checks) {
                title.append(title.empty() ? "" : "; ")
                    .append(c.id + " " + std::string(to_string(c.level)) + " " + c.outcome)
                    .append(c.reason.empty() ? "" : ": " + c.reason);
                ids.append(ids.empty() ? "" : " ").append(c.id);
            }
            const std::string css = view.outcome == "not run" ? "skip" : view.outcome;
            out << "<td class=\"" << css << "\" title=\"" << h(title) << "\">" << h(view.outcome) << "<br><small>"
                << h(ids) << "</small></td>";
        }
        out << "</tr>\n";
    }
    out << "</table>\n<p>Each rule the seeds state for the whole service, tried as the target file's user in the second "
           "column, on each endpoint (its path on hover): the worst outcome of the checks judging it there, each "
           "check's level and outcome on hover; n/a where the rule does not apply, and why on hover "
           "(docs/service-matrix.md).</p>\n</section>\n";
}

void checks_html(const run::RunResult& run, std::ostream& out) {
    out << "<section id=\"checks\"><h2>All checks</h2>\n<table>\n<tr><th>id</th><th>level</th><th>outcome</th><th>suite</th>"
           "<th>title</th><th>spec</th><th>statements</th><th>ms</th><th>requests</th><th>cases</th></tr>\n";
    for (const auto& r : run.results) {
        const auto word = outcome_word(r);
        // The id leads to the check's detail further up, where there is one.
        const bool failed = r.outcome == run::Outcome::Fail || r.outcome == run::Outcome::Error;
        const bool detailed = failed || r.level == Level::Observe || !r.observations.empty();
        out << "<tr><td>";
        if (detailed)
            out << "<a href=\"#" << (failed ? "check-" : "observed-") << h(r.id) << "\">" << h(r.id) << "</a>";
        else
            out << h(r.id);
        out << "</td><td>" << to_string(r.level) << "</td><td class=\"" << word << "\">" << word << "</td><td>"
            << h(r.suite) << "</td><td>" << h(r.title);
        if (r.outcome == run::Outcome::Skip) out << "<br><small>" << h(r.reason) << "</small>";
        if (!r.reruns.empty()) out << "<br><small class=\"rerun\">" << h(run::rerun_text(r)) << "</small>";
        out << "</td><td>" << h(r.spec) << "</td><td>" << statement_links(r) << "</td><td class=\"n\">"
            << fixed(r.duration_ms, 1) << "</td><td class=\"n\">" << r.requests << "</td><td class=\"n\">" << r.cases
            << "</td></tr>\n";
    }
    out << "</table>\n</section>\n";
}

}  // namespace

void write_html(const run::RunResult& run, const Catalogue& catalogue, std::ostream& out) {
    const run::Verdict verdict = run.verdict();
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        << "<title>Conformance report: " << h(run.target) << "</title>\n<style>" << kPageStyle << kStyle
        << "</style>\n</head>\n<body>\n";
    out << "<header><h1>Conformance report</h1>\n<p class=\"verdict " << run::to_string(verdict) << "\">"
        << h(run::verdict_text(run)) << "</p>\n<dl class=\"meta\">\n";
    const std::pair<std::string_view, std::string> meta[] = {
        {"target", run.target},
        {"started", run.started_at},
        {"duration", fixed(run.duration_ms / 1000, 1) + " s"},
        {"requests", std::to_string(run.requests)},
        {"seed", std::to_string(run.seed)},
        {"cases per property", std::to_string(run.cases)},
        {"list envelope", run.envelope},
        {"records written (then deleted)", std::to_string(run.records_written)},
        {"harness", run.harness_version},
        {"catalogue sha256", run.catalogue_sha256},
        {"shard", run.shard.empty() ? "all checks" : run.shard},
    };
    for (const auto& [k, v] : meta) out << "<dt>" << k << "</dt><dd>" << h(v) << "</dd>\n";
    out << "</dl>\n";
    if (run.baseline) {
        out << "<p class=\"baseline\">Against the baseline " << h(run.baseline->source)
            << ": <strong>new MUST failures: " << h(run::id_list(run.baseline->new_failures))
            << "</strong> (these fail the gate); known: " << h(run::id_list(run.baseline->known_failures))
            << "; fixed: " << h(run::id_list(run.baseline->fixed)) << "</p>\n";
    }
    out << "</header>\n";
    if (!run.notes.empty()) {
        out << "<section id=\"notes\"><h2>Notes</h2>\n<ul>\n";
        for (const auto& n : run.notes) out << "<li>" << h(n) << "</li>\n";
        out << "</ul>\n</section>\n";
    }
    summary_html(run, out);
    matrix_html(run, catalogue, out);
    service_matrix_html(run, out);

    std::size_t failed = 0;
    for (const auto& r : run.results) failed += r.outcome == run::Outcome::Fail || r.outcome == run::Outcome::Error;
    out << "<section id=\"failures\"><h2>Failures and errors (" << failed << ")</h2>\n";
    if (failed == 0)
        out << "<p>None.</p>\n";
    else if (!run.token_command.empty())
        out << "<p>The curl lines read the bearer token from <code>$TOKEN</code>; set it with:</p><pre>"
            << h(run.token_command) << "</pre>\n";
    // Root causes first, then what probably follows from them.
    for (const bool root : {true, false})
        for (const auto& r : run.results)
            if ((r.outcome == run::Outcome::Fail || r.outcome == run::Outcome::Error) && r.caused_by.empty() == root)
                failure_html(r, run.har_href, out);
    out << "</section>\n";

    out << "<section id=\"observe\"><h2>Observations</h2>\n<p>What this implementation chose where the seeds are silent: "
           "the OBSERVE checks first, then what other checks noted.</p>\n";
    for (const bool observe_level : {true, false})
        for (const auto& r : run.results)
            if ((r.level == Level::Observe) == observe_level && (observe_level || !r.observations.empty()))
                observations_html(r, run.har_href, out);
    out << "</section>\n";

    requirements_html(run, out);
    checks_html(run, out);
    out << "<script>" << kScript << "</script>\n</body>\n</html>\n";
}

}  // namespace bds::report
