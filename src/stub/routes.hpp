#pragma once
/// The stub's endpoints (000 §4), registered on a cpp-httplib server.
#include <httplib.h>

#include "stub/state.hpp"

namespace bds::stub {

/// `handler` preceded by the options' interceptor, which may answer instead (once the body is read: cpp-httplib's
/// pre-routing handler runs before it is).
httplib::Server::Handler intercepted(StubState& state, httplib::Server::Handler handler);

/// POST /Token and GET /api/Account/TokenInfo (000 §5).
void add_token_routes(httplib::Server& server, StubState& state);
/// GET /api/resources/{Resource}, GET /api/sync/{Resource}, POST /api/resources/{Resource}/query.
void add_read_routes(httplib::Server& server, StubState& state);
/// POST /api/sync/{Resource} (000 §4.4).
void add_write_routes(httplib::Server& server, StubState& state);

}  // namespace bds::stub
