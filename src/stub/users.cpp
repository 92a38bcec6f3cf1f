#include "stub/users.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace bds::stub {

bool User::may_use(std::string_view resource) const {
    return std::any_of(resources.begin(), resources.end(),
                       [&](const std::string& r) { return r == "*" || r == resource; });
}

std::vector<User> users_from_json(const nlohmann::json& doc) {
    if (!doc.is_object() || !doc.contains("users") || !doc.at("users").is_array())
        throw std::runtime_error("users file: expected an object {\"users\": [...]}");
    std::vector<User> users;
    std::set<std::string> names;
    for (std::size_t i = 0; i < doc.at("users").size(); ++i) {
        const auto& u = doc.at("users").at(i);
        const std::string where = "users file: users[" + std::to_string(i) + "]";
        try {
            User user{u.at("username").get<std::string>(), u.at("password").get<std::string>(),
                      u.at("customer_ID").get<int>(), u.value("can_write", false),
                      u.value("resources", std::vector<std::string>{"*"})};
            if (user.username.empty()) throw std::runtime_error("empty username");
            if (!names.insert(user.username).second)
                throw std::runtime_error("username \"" + user.username + "\" given twice");
            users.push_back(std::move(user));
        } catch (const std::exception& e) {
            throw std::runtime_error(where + ": " + e.what());
        }
    }
    return users;
}

std::vector<User> demo_users() {
    return {{"writer", "writer-pw", 1, true, {"*"}},
            {"reader", "reader-pw", 1, false, {"*"}},
            {"limited", "limited-pw", 1, true, {"CliFor", "MCPArticoli", "MCPResources"}},
            {"other_tenant", "other-pw", 2, true, {"*"}}};
}

}  // namespace bds::stub
