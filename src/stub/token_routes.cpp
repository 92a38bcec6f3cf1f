// POST /Token (OAuth 2.0 password grant, A-01) and GET /api/Account/TokenInfo.
#include "sql/datetime.hpp"
#include "stub/http_util.hpp"
#include "stub/routes.hpp"

namespace bds::stub {

void add_token_routes(httplib::Server& server, StubState& state) {
    server.Post("/Token", [&state](const httplib::Request& req, httplib::Response& res) {
        const std::string type = req.get_header_value("Content-Type");
        if (type.rfind("application/x-www-form-urlencoded", 0) != 0)
            return send_error(res, 400, "invalid_request", "expected an application/x-www-form-urlencoded body (RFC 6749 §4.3.2), got \"" + type + "\"");
        httplib::Params form;
        httplib::detail::parse_query_text(req.body, form);
        auto field = [&](const char* name) {
            const auto it = form.find(name);
            return it == form.end() ? std::string() : it->second;
        };
        if (field("grant_type") != "password")
            return send_error(res, 400, "unsupported_grant_type", "expected grant_type=password, got \"" + field("grant_type") + "\"");
        const User* user = state.user(field("username"));
        // Same answer for an unknown user and a wrong password: nothing to learn about which users exist.
        if (!user || user->password != field("password")) return send_error(res, 400, "invalid_grant", "unknown user or wrong password");
        res.set_header("Cache-Control", "no-store");
        send_json(res, 200, {{"access_token", state.tokens.issue(user->username)}, {"token_type", "bearer"},
                             {"expires_in", state.tokens.ttl().count()}});
    });

    server.Get("/api/Account/TokenInfo", [&state](const httplib::Request& req, httplib::Response& res) {
        const auto user = authenticate(state, req, res);
        if (!user) return;
        send_json(res, 200, {{"userName", user->username}, {"customer_ID", user->customer_ID}, {"canWrite", user->can_write},
                             {"resources", user->resources}});
    });
}

}  // namespace bds::stub
