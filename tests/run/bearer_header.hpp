#pragma once
// A bearer header for a role of a target, asked for directly with cpp-httplib (not through the harness's own client):
// tests that read what a target holds after a run, independently of what they test.
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "client/target.hpp"

namespace bds::test {

/// `Authorization: Bearer …` for the target file's user `role`; throws when no token comes.
inline httplib::Headers bearer_header(httplib::Client& http, const client::TargetConfig& target,
                                      const std::string& role) {
    const auto& user = target.users.at(role);
    const auto token = http.Post(
        target.token_path,
        httplib::Params{{"grant_type", "password"}, {"username", user.username}, {"password", user.password}});
    if (!token || token->status != 200) throw std::runtime_error("no token for " + role);
    return {{"Authorization", "Bearer " + nlohmann::json::parse(token->body).at("access_token").get<std::string>()}};
}

}  // namespace bds::test
