#include "report/connector_tolerance.hpp"

#include <algorithm>

#include "report/markdown_cells.hpp"

namespace bds::report {

void write_connector_tolerance(const ToleranceMatrix& m, const std::vector<ConnectorChoice>& choices,
                               std::ostream& out) {
    const auto described = [&](const std::string& label) {
        const auto it =
            std::find_if(choices.begin(), choices.end(), [&](const ConnectorChoice& c) { return c.label == label; });
        return it == choices.end() ? ConnectorChoice{label, "", ""} : *it;
    };
    out << "# Connector tolerance matrix\n\n"
        << "Written by `conformance selfcheck --connector` (seed " << m.seed << ", " << m.checks
        << " connector checks): `conformance certify` of the sample connector (`connector/sample_connector.cpp`), every scenario "
           "for CliFor and StoricoDocumentiT, under each of its choices (`bds-sample-connector --list-choices`) changed from the "
           "default, one at a time. Each is a behaviour a correct connector may have where the seeds leave a sender free "
           "(`spec/assumptions.md`, the row given), so a run is clean when it has no MUST failure, no error and no SHOULD "
           "failure the sample under its defaults does not have.\n\n"
        << "- clean runs: **" << m.clean() << " of " << m.rows.size() << "**\n\n";
    if (!m.complete()) {
        out << "## Not clean\n\n";
        for (const auto& r : m.rows)
            if (!r.clean()) {
                out << "- `" << r.label << "`: MUST failures " << joined(r.must) << "; errors " << joined(r.errors)
                    << "; new SHOULD failures " << joined(r.should) << "\n";
                for (const auto& why : r.why) out << "  - " << cell(why) << "\n";
            }
        out << "\n";
    }
    out << "## Choices\n\n| choice | row | what the values do | MUST failures | errors | new SHOULD failures |\n|---|---|---|---|---|---|\n";
    for (const auto& r : m.rows) {
        const auto c = described(r.label);
        out << "| `" << r.label << "` | " << (c.row.empty() ? "—" : c.row) << " | " << cell(c.description) << " | "
            << joined(r.must) << " | " << joined(r.errors) << " | " << joined(r.should) << " |\n";
    }
}

}  // namespace bds::report
