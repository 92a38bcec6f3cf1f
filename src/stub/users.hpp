#pragma once
/// The stub's users: who may get a token, their tenant, whether they may write, which resources they use.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace bds::stub {

struct User {
    std::string username;
    std::string password;
    int customer_ID = 0;  ///< the tenant every read and write of this user is confined to
    bool can_write = false;
    std::vector<std::string> resources{"*"};  ///< resource names, or "*" for every resource

    bool may_use(std::string_view resource) const;
};

/// Reads a users file: {"users": [{"username", "password", "customer_ID", "can_write", "resources"}]}.
/// Throws std::runtime_error naming the entry at fault.
std::vector<User> users_from_json(const nlohmann::json& doc);

/// The users of the demo data set (fixtures/users.json): writer, reader and limited in tenant 1,
/// other_tenant in tenant 2.
std::vector<User> demo_users();

}  // namespace bds::stub
