#pragma once
/// `conformance run --record DIR`: every exchange of a run, whole (reports show bodies cut), one JSON line each in
/// DIR/<check id>.jsonl, like Schemathesis' cassettes. Secrets are redacted as in reports.
#include <filesystem>
#include <mutex>
#include <string>

#include "client/exchange.hpp"

namespace bds::client {

class Recorder {
public:
    /// Creates `dir`; std::runtime_error if it cannot.
    explicit Recorder(std::filesystem::path dir);
    /// Appends one exchange to <dir>/<name>.jsonl; `request_body` and `response_body` whole, as sent and received.
    void record(const std::string& name, const Exchange& exchange, const std::string& request_body,
                const std::string& response_body);

private:
    std::filesystem::path dir_;
    std::mutex mutex_;
};

}  // namespace bds::client
