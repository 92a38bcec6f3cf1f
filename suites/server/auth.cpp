// Suite "auth" (000 §5): tokens, TokenInfo, and 401 for a missing, malformed, forged or expired token.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <string_view>

#include "catalogue/service_matrix.hpp"
#include "client/tokens.hpp"
#include "schema/json_limits.hpp"
#include "suites/registry.hpp"
#include "suites/common/endpoints.hpp"
#include "suites/common/support.hpp"

namespace bds::suites {
namespace {

/// An Authorization header to send (none: nullopt), and how a message says what it was.
struct Authorization {
    std::optional<std::string> header;
    std::string what;
};

/// Sends every endpoint of each matrix cell this check judges (the bearer endpoints of 000 §4) with each of `tries`,
/// and expects 401 from each, cell by cell: on every resource where each is listed (`every_resource`: a route that
/// forgot its token check), else on one resource per endpoint (the header's reading, which an endpoint's routes share).
void expect_401_everywhere(Context& ctx, const std::vector<Authorization>& tries, bool every_resource = false) {
    for (const auto& [rule, endpoint] : cells_judged_by(ctx.check.id))
        ctx.cell(rule, endpoint, [&, endpoint = endpoint] {
            auto resources = endpoint_resources(ctx.catalogue, endpoint);
            if (!every_resource) resources.resize(1);
            for (const auto& a : tries)
                for (const Record* resource : resources) {
                    const auto request = endpoint_request(endpoint, resource ? resource->name : "");
                    expect_status(ctx, send_with(ctx, a.header, request), 401, request.text() + " " + a.what);
                }
        });
}

std::string fresh_token(Context& ctx) {
    return client::request_token(ctx.api.http(), ctx.target, *ctx.target.user(client::kWriter)).access_token;
}

void token_issued(Context& ctx) {
    for (const auto& [role, user] : ctx.target.users) {
        try {
            const auto t = client::request_token(ctx.api.http(), ctx.target, user);
            if (!t.expires_in) ctx.observe("the token for " + role + " came without expires_in", t.exchange);
            // The members of the answer and the lifetime it states; values other than expires_in are
            // secret.
            const auto body = parse_bounded(t.exchange.response_body);
            std::string members;
            if (body.is_object())
                for (const auto& [k, v] : body.items()) members += (members.empty() ? "" : ", ") + k;
            ctx.observe("a token response holds " + (members.empty() ? std::string("no JSON object") : members) +
                            (t.expires_in ? "; expires_in " + std::to_string(*t.expires_in) : std::string()) +
                            " (A-01, A-03)",
                        t.exchange);
        } catch (const client::TokenError& e) {
            ctx.finding({.expected = "POST /Token issues a token to user \"" + user.username + "\" (role " + role + ")",
                         .actual = e.what(),
                         .exchange = e.exchange()});
        }
    }
}

void token_info_with_token(Context& ctx) {
    const auto r = ctx.api.token_info(client::kWriter);
    if (expect_status(ctx, r, 200, "GET /api/Account/TokenInfo with a valid token"))
        ctx.observe("TokenInfo body (shape not shown, A-02): " + body_shape(r), r.exchange);
    // Rate limits: a burst of 30 reads; a 429 is waited out as Retry-After says, and counted.
    const long before = ctx.api.http().throttled();
    for (int i = 0; i < 30; ++i) ctx.answered(ctx.api.token_info(client::kWriter));
    const long throttled = ctx.api.http().throttled() - before;
    ctx.observe(
        "30 TokenInfo reads in a row: " +
        (throttled == 0 ? std::string("never answered 429") : "answered 429 " + std::to_string(throttled) + " times") +
        " (A-44)");
}

void no_token(Context& ctx) { expect_401_everywhere(ctx, {{std::nullopt, "without an Authorization header"}}, true); }

void malformed_token(Context& ctx) {
    const std::string valid = fresh_token(ctx);
    std::vector<Authorization> tries;
    for (const std::string& bad :
         {std::string("Bearer"), std::string("Bearer "), "Basic " + valid, valid, std::string("Bearer \"\"")})
        tries.push_back({bad, "with Authorization: " + client::redact_header("Authorization", bad)});
    expect_401_everywhere(ctx, tries);
}

void forged_token(Context& ctx) {
    const std::string valid = fresh_token(ctx);
    std::string flipped = valid;
    flipped[flipped.size() / 2] = flipped[flipped.size() / 2] == 'A' ? 'B' : 'A';
    // Both hold all but a character of the real token: secrets too, wherever a target echoes them (the HAR report
    // shows every exchange).
    if (auto* limits = ctx.api.http().limits()) {
        limits->add_secret(flipped);
        limits->add_secret(valid.substr(0, valid.size() - 1));
    }
    std::vector<Authorization> tries;
    for (const std::string& forged : {flipped, valid.substr(0, valid.size() - 1), std::string(valid.size(), 'x'),
                                      std::string("eyJhbGciOiJub25lIn0.eyJzdWIiOiJ3cml0ZXIifQ.")})
        tries.push_back({"Bearer " + forged, "with a forged token"});
    expect_401_everywhere(ctx, tries);
}

void expired_token(Context& ctx) {
    const auto* user = ctx.target.user(client::kWriter);
    const auto t = client::request_token(ctx.api.http(), ctx.target, *user);
    if (!t.expires_in)
        ctx.skip(
            "the token response gives no expires_in (token lifetime is not shown: A-03), so no expiry can be awaited: give the target's "
            "tokens an expires_in, or --exclude AUTH-06 to leave this rule unjudged");
    if (*t.expires_in > ctx.target.token_expiry_wait_s)
        ctx.skip("tokens live " + std::to_string(*t.expires_in) + " s, longer than token_expiry_wait_s (" +
                 std::to_string(ctx.target.token_expiry_wait_s) + " s): set token_expiry_wait_s to " +
                 std::to_string(*t.expires_in) +
                 " or more in the target file (the check then waits that long), "
                 "give the target shorter-lived tokens, or --exclude AUTH-06");
    ctx.wait_for(std::chrono::seconds(*t.expires_in + 1));
    expect_401_everywhere(ctx, {{"Bearer " + t.access_token, "with a token past its expires_in"}});
}

void wrong_password(Context& ctx) {
    client::UserCredentials wrong = *ctx.target.user(client::kWriter);
    wrong.password += "-wrong";
    try {
        const auto t = client::request_token(ctx.api.http(), ctx.target, wrong);
        ctx.fail(
            {.expected =
                 "no token for a wrong password (OAuth 2.0 password grant: RFC 6749 §4.3.2 validates the credentials)",
             .actual = "a token was issued",
             .exchange = t.exchange});
    } catch (const client::TokenError& e) {
        ctx.answered(client::HttpResponse{e.exchange().status, {}, "", e.exchange()});
        ctx.observe("a wrong password is answered " + std::to_string(e.exchange().status) + " (A-01)", e.exchange());
    }
}

void unauthenticated_unknown_resource(Context& ctx) {
    const auto r = ctx.api.http().request("GET", "/api/resources/NoSuchResource");
    ctx.answered(r);
    ctx.observe("no token and an unknown resource: " + std::to_string(r.status) + " (A-05)", r.exchange);
}

/// Whether a WWW-Authenticate value's first challenge is of the Bearer scheme (scheme names are case-insensitive).
bool names_bearer(const std::string& value) {
    constexpr std::string_view scheme = "bearer";
    return value.size() >= scheme.size() && (value.size() == scheme.size() || value[scheme.size()] == ' ') &&
           std::equal(scheme.begin(), scheme.end(), value.begin(),
                      [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); });
}

/// A 401 names the Bearer scheme (RFC 6750 §3, the OAuth 2.0 bearer profile 000 §5 names: A-116): the value's first
/// token, case-insensitively; its parameters (realm, error) are the target's.
void bearer_challenge(Context& ctx) {
    const std::string target = "/api/resources/CliFor?PageSize=1&PageNumber=1";
    // Made up, yet a token as the target sees it: scrubbed like the run's own wherever a target echoes it.
    const std::string unknown(40, 'x');
    if (auto* limits = ctx.api.http().limits()) limits->add_secret(unknown);
    for (const auto& [what, authorization] : {std::pair<std::string, std::optional<std::string>>{"without a token", {}},
                                              {"with an unknown token", "Bearer " + unknown}}) {
        client::Headers headers;
        if (authorization) headers.emplace_back("Authorization", *authorization);
        const auto r = ctx.api.http().request("GET", target, headers);
        ctx.answered(r);
        if (r.status != 401) {
            ctx.observe("GET " + target + " " + what + " answered " + std::to_string(r.status) +
                            ", not 401 (AUTH-03 and AUTH-05 judge the status)",
                        r.exchange);
            continue;
        }
        const auto challenge = r.header("WWW-Authenticate");
        if (!challenge || !names_bearer(*challenge))
            ctx.finding({.expected = "a 401 " + what +
                                     " carrying WWW-Authenticate: Bearer (OAuth 2.0 bearer tokens, "
                                     "000 §5 rules 1-2; RFC 6750 §3; A-116)",
                         .actual = challenge ? "WWW-Authenticate: " + *challenge : "no WWW-Authenticate header",
                         .exchange = r.exchange});
        else
            ctx.observe("a 401 " + what + " carries WWW-Authenticate: " + *challenge, r.exchange);
    }
}

}  // namespace

// clang-format off
std::vector<Check> auth_checks() {
    const std::vector<std::string> all{"*"};
    return {
        {.id = "AUTH-01", .title = "POST /Token issues a token to every configured user", .spec = "000 §5 rule 1",
         .verifies = {"000-5-rule1-oauth", "000-4-post-token", "000-1-cap1-token", "000-5-token-fields-not-shown",
                      "000-5-lifetime-grants-scopes-not-shown"},
         .level = Level::Must, .run = token_issued},
        {.id = "AUTH-02", .title = "TokenInfo answers 200 with a valid token", .spec = "000 §5 rule 5",
         .verifies = {"000-5-rule5-tokeninfo", "000-4-get-tokeninfo", "000-1-cap1-token",
                      "000-5-tokeninfo-shape-not-shown", "000-8-rate-limits-not-shown"},
         .level = Level::Must, .needs = {client::kWriter}, .chain = 31, .run = token_info_with_token},
        {.id = "AUTH-03", .title = "Every bearer endpoint answers 401 without a token",
         .spec = "000 §5 rules 2-3; §4.1",
         .verifies = {"000-5-rule2-bearer", "000-5-rule3-401", "000-1-bearer", "000-4.1-response-401",
                      "000-7-status-401", "000-4.3-auth", "000-4.4-auth"},
         .level = Level::Must, .resources = all, .own_rows = true, .chain = 36, .run = no_token},
        {.id = "AUTH-04", .title = "Every bearer endpoint answers 401 to a malformed Authorization header",
         .spec = "000 §5 rules 2-3; A-62",
         .verifies = {"000-5-rule3-401", "000-5-rule2-bearer", "000-1-bearer", "000-4.1-response-401",
                      "000-7-status-401"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = all, .own_rows = true,
         .chain = 31, .run = malformed_token},
        {.id = "AUTH-05", .title = "Every bearer endpoint answers 401 to a forged token", .spec = "000 §5 rule 3",
         .verifies = {"000-5-rule3-401", "000-4.1-response-401", "000-7-status-401"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = all, .own_rows = true, .chain = 25, .run = forged_token},
        {.id = "AUTH-06", .title = "An expired token gives 401", .spec = "000 §5 rule 3; A-03",
         .verifies = {"000-5-rule3-401", "000-4.1-response-401", "000-7-status-401"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = all, .own_rows = true, .waits = true, .run = expired_token},
        {.id = "AUTH-07", .title = "A wrong password gets no token", .spec = "000 §5 rule 1; A-01",
         .verifies = {"000-5-rule1-oauth", "000-4-post-token"}, .level = Level::Must, .needs = {client::kWriter},
         .run = wrong_password},
        {.id = "AUTH-08", .title = "No token and an unknown resource: 401 or 403?", .spec = "000 §5; §7; A-05",
         .verifies = {"000-4.1-response-401", "000-4.1-response-403", "000-7-status-401", "000-7-status-403"},
         .level = Level::Observe, .run = unauthenticated_unknown_resource},
        {.id = "AUTH-09", .title = "A 401 names the Bearer scheme in WWW-Authenticate",
         .spec = "000 §5 rules 1-3; RFC 6750 §3; A-116",
         .verifies = {"000-5-rule1-oauth", "000-5-rule3-401", "000-5-rule2-bearer"}, .level = Level::Should,
         .resources = {"CliFor"}, .own_rows = true, .run = bearer_challenge},
    };
}
// clang-format on

}  // namespace bds::suites
