#include "report/requirements_view.hpp"

#include <map>
#include <vector>

#include "catalogue/requirements.hpp"
#include "report/reporters.hpp"

namespace bds::report {
namespace {

/// Worst first: a statement is as good as the worst of its checks (a skip or an error decides nothing).
int badness(run::Outcome o) {
    switch (o) {
        case run::Outcome::Fail: return 3;
        case run::Outcome::Error: return 2;
        case run::Outcome::Skip: return 1;
        case run::Outcome::Pass: return 0;
    }
    return 0;
}

}  // namespace

std::string statement_links(const run::CheckResult& r) {
    std::string out;
    for (const auto& id : r.verifies)
        out += (out.empty() ? "" : ", ") + std::string("<a href=\"#req-") + escape_xml(id) + "\">" + escape_xml(id) +
               "</a>";
    return out;
}

void requirements_html(const run::RunResult& run, std::ostream& out) {
    std::map<std::string, std::vector<const run::CheckResult*>, std::less<>> by_statement;
    for (const auto& r : run.results)
        for (const auto& id : r.verifies) by_statement[id].push_back(&r);
    out << "<section id=\"requirements\"><h2>Requirements judged (" << by_statement.size() << " statements)</h2>\n"
        << "<p>Each statement of the seeds a check of this run verifies: the strongest level it was judged at, the worst "
           "outcome of its checks (a skip or an error decides nothing), and the checks.</p>\n<table>\n"
           "<tr><th>statement</th><th>the seed</th><th>level</th><th>outcome</th><th>checks</th></tr>\n";
    for (const auto& statement : requirements()) {
        const auto found = by_statement.find(statement.id);
        if (found == by_statement.end()) continue;
        Level level = Level::Observe;
        run::Outcome worst = run::Outcome::Pass;
        std::string checks;
        for (const auto* r : found->second) {
            if (static_cast<int>(r->level) < static_cast<int>(level)) level = r->level;
            if (badness(r->outcome) > badness(worst)) worst = r->outcome;
            checks += (checks.empty() ? "" : ", ") + escape_xml(r->id) + " " + std::string(run::to_string(r->outcome));
        }
        out << "<tr id=\"req-" << escape_xml(statement.id) << "\"><td><code>" << escape_xml(statement.id)
            << "</code></td><td>" << escape_xml(statement.quote) << "</td><td>" << to_string(level)
            << "</td><td class=\"" << run::to_string(worst) << "\">" << run::to_string(worst) << "</td><td>" << checks
            << "</td></tr>\n";
    }
    out << "</table>\n</section>\n";
}

}  // namespace bds::report
