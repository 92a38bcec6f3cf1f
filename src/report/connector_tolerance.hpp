#pragma once
/// The connector tolerance matrix (`conformance selfcheck --connector`): the sample connector certified under each
/// of its choices (`bds-sample-connector --list-choices`), each a behaviour a correct connector may have where the
/// seeds leave a sender free (how it reports, where it keeps a body, what it does after comparing TotalRowsCount).
/// The runs are classified by report::tolerance_matrix against the sample under its defaults: a choice is clean
/// with no MUST failure, no error and no SHOULD failure the defaults do not have.
#include <ostream>
#include <string>
#include <vector>

#include "report/tolerance_matrix.hpp"

namespace bds::report {

/// One choice of the sample connector, as its --list-choices gives it.
struct ConnectorChoice {
    std::string label;        ///< "short-count=report": what --choose was given
    std::string row;          ///< the spec/assumptions.md row of the open point, "A-97"
    std::string description;  ///< what the choice's values do
};

/// reports/connector-tolerance-matrix.md: the count of clean choices, the ones not clean first (with why), then
/// every choice with its row and what failed. `choices` describe the rows of `matrix` by label. No timings.
void write_connector_tolerance(const ToleranceMatrix& matrix, const std::vector<ConnectorChoice>& choices,
                               std::ostream& out);

}  // namespace bds::report
