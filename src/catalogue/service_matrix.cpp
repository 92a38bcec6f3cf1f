// The whole-service rules × endpoints matrix (service_matrix.hpp): the seeds' rules that hold "for every endpoint" or
// "for every resource" (000 §1 common rules, §5, §7), the endpoints of 000 §4, and which check judges each cell.
#include "catalogue/service_matrix.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace bds {
namespace {

// Why a cell does not apply, where several rows share the reason.
constexpr std::string_view kQueryOther =
    "whether POST query exists beyond MCPClienti is not shown (000 §4.2; VIEW-09 observes it)";
constexpr std::string_view kFeedOther =
    "whether GET sync exists beyond CliFor, Articoli and StoricoDocumentiT is not shown (000 §4.3; CHG-03 observes it)";
constexpr std::string_view kNoResource = "TokenInfo names no resource";
constexpr std::string_view kViewWrite =
    "a write to a read-only view is refused to every caller (000 §4.4, ACC-05); which refusal comes first is not "
    "shown (A-05, A-37)";
constexpr std::string_view kNoView =
    "a name that is no resource is no view either: the endpoint's column of base resources judges it";
constexpr std::string_view kNothingSent = "nothing is sent: what reads return in these fields is SCH-01's and SYN-03's";
constexpr std::string_view kReadNeedsNoWrite = "a read needs no write permission";

/// A row of the four token rules: the same cells, each judged by `check` (000 §1 "Every endpoint except POST /Token
/// requires the header", §5 rule 3), proved by `on_get` on the GET endpoints and `on_post` on the POST ones.
MatrixRule token_rule(std::string_view id, std::string_view title, std::string_view check, std::string_view on_get,
                      std::string_view on_post) {
    return {id,
            title,
            "none",
            {"000-5-rule3-401", "000-1-bearer", "000-5-rule2-bearer", "000-4.1-response-401", "000-7-status-401"},
            {{"token-info", {check}, {on_get}},
             {"list", {check}, {on_get}},
             {"list-view", {check}, {on_get}},
             {"query", {check}, {on_post}},
             {"query-other", {}, {}, kQueryOther},
             {"feed", {check}, {on_get}},
             {"feed-other", {}, {}, kFeedOther},
             {"send", {check}, {on_post}},
             {"send-view", {}, {}, kViewWrite}}};
}

std::vector<MatrixRule> rules() {
    return {
        token_rule("no-token", "Without a bearer token: 401", "AUTH-03", "reads-without-token", "posts-without-token"),
        token_rule("malformed-authorization", "A malformed Authorization header: 401", "AUTH-04",
                   "forged-token-accepted", "forged-token-accepted"),
        token_rule("forged-token", "A forged token: 401", "AUTH-05", "forged-token-accepted", "forged-token-accepted"),
        token_rule("expired-token", "An expired token: 401", "AUTH-06", "expired-token-accepted",
                   "expired-token-accepted"),
        {"own-tenant",
         "Rows are the caller's tenant's only",
         "other_tenant",
         {"000-1-tenant", "001-2-customer-id"},
         {{"token-info", {}, {}, "TokenInfo answers no records, and its shape is not shown (A-02)"},
          {"list", {"TEN-01"}, {"tenant-rows-leak"}},
          {"list-view", {"TEN-03", "TEN-06"}, {"view-other-tenant", "counterpart-join-drops-tenant"}},
          {"query", {"TEN-03"}, {"query-other-tenant"}},
          {"query-other", {}, {}, kQueryOther},
          {"feed", {"TEN-02"}, {"tenant-rows-leak"}},
          {"feed-other", {}, {}, kFeedOther},
          {"send", {"TEN-04", "TEN-05", "TEN-07"}, {"tenant-from-body", "merge-on-client-id"}},
          {"send-view", {}, {}, kViewWrite}}},
        {"not-authorised",
         "A resource the caller may not use: 403",
         "limited",
         {"000-5-rule4-403", "000-4.1-response-403", "000-7-status-403"},
         {{"token-info", {}, {}, kNoResource},
          {"list", {"ACC-03"}, {"limited-user-all-resources"}},
          {"list-view", {"ACC-03"}, {"limited-user-all-resources"}},
          {"query", {"ACC-03"}, {"query-ignores-authorisation"}},
          {"query-other", {}, {}, kQueryOther},
          {"feed", {"ACC-03"}, {"feed-ignores-authorisation"}},
          {"feed-other", {}, {}, kFeedOther},
          {"send", {"ACC-03"}, {"send-ignores-authorisation"}},
          {"send-view", {}, {}, kViewWrite}}},
        {"unknown-name",
         "A name that is no resource: 403",
         "writer",
         {"000-4.1-response-403", "000-7-status-403", "000-4-resource-from-catalogue", "000-5-rule4-403"},
         {{"token-info", {}, {}, kNoResource},
          {"list", {"ACC-01"}, {"unknown-resource-200"}},
          {"list-view", {}, {}, kNoView},
          {"query", {"ACC-01", "ACC-06"}, {"unknown-resource-200"}},
          {"query-other", {}, {}, kNoView},
          {"feed", {"ACC-01", "ACC-06"}, {"unknown-resource-200"}},
          {"feed-other", {}, {}, kNoView},
          {"send", {"ACC-01", "ACC-06"}, {"unknown-resource-sync-accepted"}},
          {"send-view", {}, {}, kNoView}}},
        {"wrongly-cased-name",
         "A resource's name in another case: 403",
         "writer",
         {"000-1-case-sensitive-names", "000-4.1-response-403", "000-7-status-403"},
         {{"token-info", {}, {}, kNoResource},
          {"list", {"ACC-02"}, {"resource-name-case-insensitive"}},
          {"list-view", {"ACC-02"}, {"resource-name-case-insensitive"}},
          {"query", {"ACC-02", "ACC-06"}, {"resource-name-case-insensitive"}},
          {"query-other", {}, {}, kQueryOther},
          {"feed", {"ACC-02", "ACC-06"}, {"resource-name-case-insensitive"}},
          {"feed-other", {}, {}, kFeedOther},
          {"send", {"ACC-02", "ACC-06"}, {"resource-name-case-insensitive", "send-resource-case-insensitive"}},
          {"send-view", {}, {}, kViewWrite}}},
        {"write-permission",
         "Writing needs the write permission",
         "reader",
         {"000-5-rule4-writing", "000-4.4-auth"},
         {{"token-info", {}, {}, kReadNeedsNoWrite},
          {"list", {}, {}, kReadNeedsNoWrite},
          {"list-view", {}, {}, kReadNeedsNoWrite},
          {"query", {}, {}, kReadNeedsNoWrite},
          {"query-other", {}, {}, kReadNeedsNoWrite},
          {"feed", {}, {}, kReadNeedsNoWrite},
          {"feed-other", {}, {}, kReadNeedsNoWrite},
          {"send", {"ACC-04"}, {"reader-can-write"}},
          {"send-view", {}, {}, kViewWrite}}},
        {"platform-fields",
         "Id, ts_update, dat_ultvar and customer_ID sent are the platform's to set",
         "writer",
         {"000-1-platform-fields", "000-4.4-platform-managed", "000-4.4-customer-id-not-sent", "000-1-tenant"},
         {{"token-info", {}, {}, kNothingSent},
          {"list", {}, {}, kNothingSent},
          {"list-view", {}, {}, kNothingSent},
          {"query", {}, {}, kNothingSent},
          {"query-other", {}, {}, kNothingSent},
          {"feed", {}, {}, kNothingSent},
          {"feed-other", {}, {}, kNothingSent},
          {"send",
           {"TEN-07"},
           {"merge-on-client-id", "merge-on-client-id-in-tenant", "platform-fields-stored-as-sent"}},
          {"send-view", {}, {}, kViewWrite}}},
    };
}

}  // namespace

const MatrixCell& MatrixRule::cell(std::string_view endpoint) const {
    const auto it =
        std::find_if(cells.begin(), cells.end(), [&](const MatrixCell& c) { return c.endpoint == endpoint; });
    if (it == cells.end())
        throw std::out_of_range("the matrix row " + std::string(id) + " has no cell for " + std::string(endpoint));
    return *it;
}

const std::vector<MatrixEndpoint>& matrix_endpoints() {
    static const std::vector<MatrixEndpoint> endpoints{
        {"token-info", "GET /api/Account/TokenInfo"},
        {"list", "GET /api/resources/{Resource}: base resources"},
        {"list-view", "GET /api/resources/{Resource}: MCP views and MCPResources"},
        {"query", "POST /api/resources/MCPClienti/query"},
        {"query-other", "POST /api/resources/{Resource}/query: other resources"},
        {"feed", "GET /api/sync/{Resource}: CliFor, Articoli, StoricoDocumentiT"},
        {"feed-other", "GET /api/sync/{Resource}: other resources"},
        {"send", "POST /api/sync/{Resource}: base resources"},
        {"send-view", "POST /api/sync/{Resource}: MCP views and MCPResources"},
    };
    return endpoints;
}

const std::vector<MatrixRule>& matrix_rules() {
    static const std::vector<MatrixRule> table = rules();
    return table;
}

std::vector<JudgedCell> cells_judged_by(std::string_view check_id) {
    std::vector<JudgedCell> out;
    for (const auto& rule : matrix_rules())
        for (const auto& cell : rule.cells)
            if (std::find(cell.checks.begin(), cell.checks.end(), check_id) != cell.checks.end())
                out.push_back({rule.id, cell.endpoint});
    return out;
}

}  // namespace bds
