#pragma once
/// How the checks of the service matrix (catalogue/service_matrix.hpp) reach each of its endpoint columns: the
/// resources a column is called on, and a harmless request to it.
#include <string>
#include <string_view>
#include <vector>

#include "client/http_client.hpp"
#include "run/context.hpp"

namespace bds::suites {

/// A request to one endpoint.
struct EndpointRequest {
    std::string method;
    std::string target;  ///< path and query, relative to the base URL
    std::string body;
    std::string content_type;

    /// "GET /api/sync/CliFor": for messages.
    std::string text() const;
};

/// Whether `record` is one of the read-only views (000 §2.1 "MCP views": the MCP views and MCPResources).
bool is_view(const Record& record);

/// The resources the column `endpoint` is called on: every readable base resource ("list"), every view
/// ("list-view"), MCPClienti ("query"), every resource GET sync is documented for ("feed"), every writable resource
/// ("send"); {""} for "token-info". std::invalid_argument for a column it does not know.
std::vector<const Record*> endpoint_resources(const Catalogue& catalogue, std::string_view endpoint);

/// A request to `endpoint` on `resource` (a name, so that unknown and wrongly-cased ones can be sent) that changes
/// nothing: a read of one row, a page of the feed from now, POST query with an empty object, POST sync with `block`
/// ("[]" when none: nothing can be stored).
EndpointRequest endpoint_request(std::string_view endpoint, const std::string& resource, const std::string& block = "");

/// Sends `request` as `role` (its token, renewed once on a 401).
client::HttpResponse send_as(Context& ctx, const std::string& role, const EndpointRequest& request);
/// Sends `request` with the Authorization header `authorization`, or none (nullopt).
client::HttpResponse send_with(Context& ctx, const std::optional<std::string>& authorization,
                               const EndpointRequest& request);

}  // namespace bds::suites
