#pragma once
/// Everything the stub can be set to. Where the seeds are silent, `choices` says how it behaves (the defaults
/// are the reference stub's, spec/assumptions.md); `defect` breaks one rule on purpose (variation/defects.hpp).
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "stub/tokens.hpp"
#include "stub/users.hpp"
#include "stub/variation/choices.hpp"
#include "stub/variation/defects.hpp"

namespace bds::stub {

struct StubOptions {
    std::string host = "127.0.0.1";
    int port = 0;  ///< 0: any free port, reported by StubServer::start
    std::vector<User> users = demo_users();
    std::chrono::seconds token_ttl{3600};      ///< A-03 "configured"
    std::size_t max_body = 64 * 1024 * 1024;   ///< bytes per request
    int max_json_depth = 16;                   ///< nesting of arrays/objects in a request body
    int threads = 8;
    /// PEM files of a certificate (with its chain) and its private key: when both are set the stub serves HTTPS.
    std::string tls_cert, tls_key;
    Clock clock = [] { return std::chrono::system_clock::now(); };
    Choices choices;               ///< how it behaves where the seeds are silent
    Defect defect = Defect::None;  ///< one deliberate defect, for measuring the harness
};

}  // namespace bds::stub
