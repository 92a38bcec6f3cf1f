#pragma once
/// What a connector sent in one scenario, request by request, with the stub's answer and the fault injected.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "client/exchange.hpp"

namespace bds::certify {

/// One request as the stub received it, whole (bodies are not cut here; exchange() cuts and redacts them).
struct Received {
    int seq = 0;       ///< 1 for the first request of the scenario
    double at_ms = 0;  ///< since the scenario's server started
    std::string method, path;
    std::vector<std::pair<std::string, std::string>> params;  ///< query parameters, decoded, in order
    client::Headers headers;
    std::string body;
    std::string bearer;        ///< the token of its Authorization: Bearer header, "" without one
    bool token_known = false;  ///< the bearer is a token the stub issued, not expired when the request came
    int status = 0;            ///< the answer's status; 0 when no complete answer was written
    client::Headers response_headers;
    std::string response_body;
    std::string fault;  ///< the fault that answered it instead of the stub, e.g. "refused-block"

    /// The value of header `name` (case-insensitive), "" when absent.
    std::string header(const std::string& name) const;
    /// The value of query parameter `name` (exact case), nullopt when absent.
    std::optional<std::string> param(const std::string& name) const;
    bool is(const std::string& m, const std::string& path_prefix) const {
        return method == m && path.rfind(path_prefix, 0) == 0;
    }
    /// POST /api/sync/{Resource}: a block.
    bool is_block() const { return is("POST", "/api/sync/"); }
    /// For reports: the request and its answer, secrets redacted, bodies cut.
    client::Exchange exchange(const std::string& base_url) const;
};

struct Recording {
    std::vector<Received> requests;
    std::vector<std::string> tokens;  ///< every access token the stub issued (secrets: scrubbed from reports)
    std::string flood;                ///< why the request budget ran out, or empty
    double last_request_ms = 0;
};

}  // namespace bds::certify
