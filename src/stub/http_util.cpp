#include "stub/http_util.hpp"

#include <algorithm>
#include <cctype>

#include "stub/state.hpp"

namespace bds::stub {

void send_json(httplib::Response& res, int status, const nlohmann::json& body) {
    res.status = status;
    // Invalid UTF-8 cannot reach a body (nlohmann refuses it on parse); replace rather than throw anyway.
    res.set_content(body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
                    "application/json; charset=utf-8");
}

std::optional<User> authenticate(StubState& state, const httplib::Request& req, httplib::Response& res) {
    const User* first = state.options.users.empty() ? nullptr : &state.options.users.front();
    auto refuse = [&](const std::string& token, const std::string& why, bool invalid) -> std::optional<User> {
        if (auto admitted = state.variation.policy().unauthenticated_user(req, token, first)) return admitted;
        if (const auto challenge = state.variation.policy().challenge(invalid))
            res.set_header("WWW-Authenticate", *challenge);
        state.variation.error(res, 401, "unauthorized", why);
        return std::nullopt;
    };
    if (!req.has_header("Authorization"))
        return refuse("", "the Authorization: Bearer <token> header is missing", false);
    const std::string value = req.get_header_value("Authorization");
    const std::string scheme = "bearer ";
    std::string head = value.substr(0, scheme.size());
    std::transform(head.begin(), head.end(), head.begin(), [](unsigned char c) { return std::tolower(c); });
    if (head != scheme) return refuse("", "expected \"Authorization: Bearer <token>\"", true);
    std::string token = value.substr(scheme.size());
    token.erase(0, token.find_first_not_of(' '));
    const auto grant = state.tokens.check(token);
    if (!grant) return refuse(token, "the token is invalid or has expired", true);
    const User* user = state.user(grant->username);
    if (!user) return refuse(token, "the token's user no longer exists", true);
    return *user;
}

}  // namespace bds::stub
