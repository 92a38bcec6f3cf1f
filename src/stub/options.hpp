#pragma once
/// Everything the stub can be set to. Where the seeds are silent, `choices` says how it behaves (the defaults
/// are the reference stub's, spec/assumptions.md); `defect` breaks one rule on purpose (variation/defects.hpp).
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "stub/sql_engine.hpp"
#include "stub/tokens.hpp"
#include "stub/users.hpp"
#include "stub/variation/choices.hpp"
#include "stub/variation/defects.hpp"

namespace httplib {
struct Request;
struct Response;
}  // namespace httplib

namespace bds::stub {

/// Sees every request to an endpoint before the stub answers it, and every request's answer once written:
/// `conformance certify` records a connector's requests through it and injects faults. Called from the server's
/// threads, concurrently.
class Interceptor {
public:
    virtual ~Interceptor() = default;
    /// A request to one of the stub's endpoints, body read: true when `res` is the answer (the stub's is not made).
    virtual bool before(const httplib::Request& req, httplib::Response& res) = 0;
    /// The stub's own answer to a request before() let through, before it is written.
    virtual void answered(const httplib::Request& req, const httplib::Response& res) = 0;
    /// Any request (a path no endpoint serves too), after its answer was written.
    virtual void after(const httplib::Request& req, const httplib::Response& res) = 0;
};

struct StubOptions {
    std::string host = "127.0.0.1";
    int port = 0;  ///< 0: any free port, reported by StubServer::start
    std::vector<User> users = demo_users();
    std::chrono::seconds token_ttl{3600};     ///< A-03 "configured"
    std::size_t max_body = 64 * 1024 * 1024;  ///< bytes per request
    int max_json_depth = 16;                  ///< nesting of arrays/objects in a request body
    /// Workers. cpp-httplib keeps one per open keep-alive connection, and a connection beyond them waits for one to
    /// close (up to its keep-alive time-out, 5 s): room for a run at --jobs 8 (a client per check, up to eight lanes
    /// each: run/at_once.hpp; its waiting checks and token client) and another beside.
    int threads = 160;
    /// PEM files of a certificate (with its chain) and its private key: when both are set the stub serves HTTPS.
    std::string tls_cert, tls_key;
    Clock clock = [] { return std::chrono::system_clock::now(); };
    Choices choices;               ///< how it behaves where the seeds are silent
    Defect defect = Defect::None;  ///< one deliberate defect, for measuring the harness
    /// The fraction of requests the defect shows on, in (0, 1]: drawn once per request (every question of one request
    /// has one answer), the reference's answers on the others; a rule kept only sometimes, for testing the detection
    /// of flaky rules. 1: on every request (the matrices').
    double defect_rate = 1.0;
    /// Seeds the draws of defect_rate: the same requests in the same order draw the same answers.
    std::uint64_t defect_seed = 0;
    std::shared_ptr<Interceptor> interceptor;  ///< none by default
    /// The database RecordSelection and a query's ordering are passed into (a test's PostgreSQL or MariaDB); unset:
    /// the one choice A-115 names (the stub's own evaluator by default).
    std::shared_ptr<SqlEngine> sql_engine;
};

}  // namespace bds::stub
