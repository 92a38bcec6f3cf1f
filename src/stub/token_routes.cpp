// POST /Token (OAuth 2.0 password grant, A-01) and GET /api/Account/TokenInfo.
#include "common/http_text.hpp"
#include "stub/http_util.hpp"
#include "stub/routes.hpp"

namespace bds::stub {

void add_token_routes(httplib::Server& server, StubState& state) {
    server.Post(
        "/Token", intercepted(state, [&state](const httplib::Request& req, httplib::Response& res) {
            const Variation& variation = state.variation;
            const std::string type = req.get_header_value("Content-Type");
            if (type.rfind("application/x-www-form-urlencoded", 0) != 0)
                return variation.token_refusal(
                    res, "invalid_request",
                    "expected an application/x-www-form-urlencoded body (RFC 6749 §4.3.2), got \"" + type + "\"");
            const auto form = query_params(req.body);
            auto field = [&](const char* name) {
                const auto it = form.find(name);
                return it == form.end() ? std::string() : it->second;
            };
            if (field("grant_type") != "password")
                return variation.token_refusal(res, "unsupported_grant_type",
                                               "expected grant_type=password, got \"" + field("grant_type") + "\"");
            const User* user = state.user(field("username"));
            // Same answer for an unknown user and a wrong password: nothing to learn about which users exist.
            if (!user || !variation.policy().password_accepted(*user, field("password")))
                return variation.token_refusal(res, "invalid_grant", "unknown user or wrong password");
            variation.token_answer(res, state.tokens.issue(user->username), *user, state.tokens.ttl());
        }));

    server.Get("/api/Account/TokenInfo",
               intercepted(state, [&state](const httplib::Request& req, httplib::Response& res) {
                   if (!state.variation.policy().serves_token_info())
                       return state.variation.error(res, 404, "not_found", "no such route");
                   if (const auto user = authenticate(state, req, res)) state.variation.token_info(res, *user);
               }));
}

}  // namespace bds::stub
