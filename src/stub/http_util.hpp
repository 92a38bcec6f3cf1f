#pragma once
/// Small pieces every route of the stub uses: JSON answers and authentication (errors: Variation::error).
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "stub/users.hpp"

namespace bds::stub {

class StubState;

/// Answers `status` with a JSON body.
void send_json(httplib::Response& res, int status, const nlohmann::json& body);

/// The user behind the request's bearer token; answers 401 (with WWW-Authenticate) and returns nullopt
/// when the header is missing, malformed, or the token unknown or expired.
std::optional<User> authenticate(StubState& state, const httplib::Request& req, httplib::Response& res);

}  // namespace bds::stub
