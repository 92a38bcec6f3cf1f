#pragma once
/// `conformance selfcheck --connector`: the connector kill matrix (reports/connector-kill-matrix.md).
#include <cstdint>
#include <string>
#include <vector>

namespace bds::cli {

struct ConnectorSelfcheck {
    std::string sample;  ///< the sample connector; "": bds-sample-connector beside this program
    std::string out = "reports/connector-kill-matrix.md";
    std::vector<std::string> only;  ///< defects to run (default: all)
    std::uint64_t seed = 1;
    int jobs = 2;
};

/// Certifies the sample connector and each of its defects, writes the matrix, prints a summary; ExitError(kFailure)
/// when a defect is not caught or the sample fails a MUST check.
void run_connector_selfcheck(const ConnectorSelfcheck& options);

}  // namespace bds::cli
