#pragma once
/// Everything the stub can be set to. The defaults are the choices recorded in spec/assumptions.md; the
/// other values exist so the suites can be run against deliberately different but correct servers.
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "schema/record_validator.hpp"
#include "selection/selection.hpp"
#include "stub/defects.hpp"
#include "stub/tokens.hpp"
#include "stub/users.hpp"

namespace bds::stub {

/// Where TotalRowsCount stands in a list response (its position is not shown: A-07).
enum class Envelope {
    Object,    ///< {"TotalRowsCount": n, "Records": [...]}
    Header,    ///< a bare array, TotalRowsCount in a response header
    RowField,  ///< a bare array whose rows each carry TotalRowsCount
};

struct StubOptions {
    std::string host = "127.0.0.1";
    int port = 0;  ///< 0: any free port, reported by StubServer::start
    std::vector<User> users = demo_users();
    std::chrono::seconds token_ttl{3600};
    Envelope envelope = Envelope::Object;
    Collation collation = Collation::CaseInsensitive;
    SqlProfile sql;  ///< decimal precision and scale (A-16)
    std::size_t max_page_size = 10000;
    std::size_t max_block = 10000;             ///< records per POST sync
    std::size_t max_body = 64 * 1024 * 1024;   ///< bytes per request
    int max_json_depth = 16;                   ///< nesting of arrays/objects in a request body
    int threads = 8;
    Clock clock = [] { return std::chrono::system_clock::now(); };
    Defect defect = Defect::None;  ///< one deliberate defect (defects.hpp), for measuring the harness
};

}  // namespace bds::stub
