#pragma once
/// `conformance selfcheck --connector`: the connector kill matrix (reports/connector-kill-matrix.md) and the
/// connector tolerance matrix (reports/connector-tolerance-matrix.md).
#include <cstdint>
#include <string>
#include <vector>

namespace bds::cli {

struct ConnectorSelfcheck {
    std::string sample;  ///< the sample connector; "": bds-sample-connector beside this program
    std::string out = "reports/connector-kill-matrix.md";
    std::string tolerance_out = "reports/connector-tolerance-matrix.md";
    std::vector<std::string> only;  ///< defects to run (default: all); every choice of the sample runs either way
    std::uint64_t seed = 1;
    int jobs = 2;
};

/// Certifies the sample connector, each of its defects (or those in `only`) and each of its choices, writes the
/// matrices, prints a summary; ExitError(kFailure) when a defect is not caught, when the sample fails a MUST check or
/// errs, or when a choice gives a MUST failure, an error or a SHOULD failure the defaults do not give.
void run_connector_selfcheck(const ConnectorSelfcheck& options);

}  // namespace bds::cli
