#include "report/requirements_view.hpp"

#include "catalogue/requirements.hpp"
#include "report/reporters.hpp"
#include "run/statement_outcome.hpp"

namespace bds::report {

std::string statement_links(const run::CheckResult& r) {
    std::string out;
    for (const auto& id : r.verifies)
        out += (out.empty() ? "" : ", ") + std::string("<a href=\"#req-") + escape_xml(id) + "\">" + escape_xml(id) +
               "</a>";
    return out;
}

void requirements_html(const run::RunResult& run, std::ostream& out) {
    const auto by_statement = run::statement_outcomes(run);
    out << "<section id=\"requirements\"><h2>Requirements judged (" << by_statement.size() << " statements)</h2>\n"
        << "<p>Each statement of the seeds a check of this run verifies: the strongest level it was judged at, the worst "
           "outcome of its checks (a skip or an error decides nothing), and the checks.</p>\n<table>\n"
           "<tr><th>statement</th><th>the seed</th><th>level</th><th>outcome</th><th>checks</th></tr>\n";
    for (const auto& statement : requirements()) {
        const auto found = by_statement.find(statement.id);
        if (found == by_statement.end()) continue;
        const auto& judged = found->second;
        std::string checks;
        for (const auto* r : judged.checks)
            checks += (checks.empty() ? "" : ", ") + escape_xml(r->id) + " " + std::string(run::to_string(r->outcome));
        const auto worst = run::to_string(judged.outcome);
        out << "<tr id=\"req-" << escape_xml(statement.id) << "\"><td><code>" << escape_xml(statement.id)
            << "</code></td><td>" << escape_xml(statement.quote) << "</td><td>" << to_string(judged.level)
            << "</td><td class=\"" << worst << "\">" << worst << "</td><td>" << checks << "</td></tr>\n";
    }
    out << "</table>\n</section>\n";
}

}  // namespace bds::report
