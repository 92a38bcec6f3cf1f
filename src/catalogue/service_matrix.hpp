#pragma once
/// The rules the seeds state for the whole service (a token, one tenant per record, 403 for a resource the caller may
/// not use, case-sensitive names, the write permission, the platform's fields), crossed with every endpoint of 000 §4,
/// written once as data: each cell names the checks that judge it, or why it does not apply. The checks of a rule
/// read their cells from here (so a new endpoint is a column and a cell per rule, not a new check), `conformance
/// coverage` holds every cell to a check verifying the rule's statements, and the reports draw it (docs/service-
/// matrix.md).
#include <string>
#include <string_view>
#include <vector>

namespace bds {

/// A column: one endpoint of 000 §4, on the kind of resource it is called with.
struct MatrixEndpoint {
    std::string_view id;     ///< stable, e.g. "feed"
    std::string_view title;  ///< "GET /api/sync/{Resource}: CliFor, Articoli, StoricoDocumentiT"
};

/// A cell: the checks that judge the rule on the endpoint (their outcome there is the cell's) and the stub's defects
/// that break the rule there (each fails one of those checks on this cell:
/// tests/catalogue/service_matrix_proof_test.cpp), or why it does not apply (`not_applicable`, with both empty).
struct MatrixCell {
    std::string_view endpoint;
    std::vector<std::string_view> checks{};
    std::vector<std::string_view> proved_by{};
    std::string_view not_applicable{};
};

/// A row: a rule of the whole service, the identity of the target file it is tried as, the statements
/// (spec/requirements.json) it rests on, and one cell per column.
struct MatrixRule {
    std::string_view id;     ///< stable, e.g. "not-authorised"
    std::string_view title;  ///< "A resource the caller may not use gives 403"
    /// The target file's role the requests are sent as ("writer", "reader", "other_tenant", "limited"), or "none"
    /// (no token, or a token that is not one).
    std::string_view identity;
    std::vector<std::string_view> statements;
    std::vector<MatrixCell> cells;

    /// The cell of `endpoint`; std::out_of_range when the row has none.
    const MatrixCell& cell(std::string_view endpoint) const;
};

/// The columns, in the order the reports draw them.
const std::vector<MatrixEndpoint>& matrix_endpoints();
/// The rows, in the order the reports draw them.
const std::vector<MatrixRule>& matrix_rules();

/// A cell a check judges: its rule and endpoint.
struct JudgedCell {
    std::string_view rule;
    std::string_view endpoint;
};
/// The cells that name `check_id`, rule by rule in table order.
std::vector<JudgedCell> cells_judged_by(std::string_view check_id);

}  // namespace bds
