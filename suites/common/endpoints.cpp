#include "suites/common/endpoints.hpp"

#include <stdexcept>

namespace bds::suites {

std::string EndpointRequest::text() const { return method + " " + target; }

bool is_view(const Record& record) { return record.area == "MCP views"; }

std::vector<const Record*> endpoint_resources(const Catalogue& catalogue, std::string_view endpoint) {
    if (endpoint == "token-info") return {nullptr};
    std::vector<const Record*> out;
    for (const Record* r : catalogue.resources()) {
        const bool keep = endpoint == "list"        ? r->has(Operation::GetResources) && !is_view(*r)
                          : endpoint == "list-view" ? r->has(Operation::GetResources) && is_view(*r)
                          : endpoint == "query"     ? r->has(Operation::PostQuery)
                          : endpoint == "feed"      ? r->has(Operation::GetSync)
                          : endpoint == "send"
                              ? r->writable()
                              : throw std::invalid_argument("no probe of the endpoint column " + std::string(endpoint));
        if (keep) out.push_back(r);
    }
    return out;
}

EndpointRequest endpoint_request(std::string_view endpoint, const std::string& resource, const std::string& block) {
    constexpr const char* kJson = "application/json; charset=utf-8";
    if (endpoint == "token-info") return {"GET", "/api/Account/TokenInfo", "", ""};
    if (endpoint == "list" || endpoint == "list-view")
        return {"GET", "/api/resources/" + resource + "?PageSize=1&PageNumber=1", "", ""};
    if (endpoint == "query" || endpoint == "query-other")
        return {"POST", "/api/resources/" + resource + "/query", "{}", kJson};
    // The seeds' own LastUtcRun (000 §4.3), one row of it.
    if (endpoint == "feed" || endpoint == "feed-other")
        return {"GET", "/api/sync/" + resource + "?LastUtcRun=1900-01-01%2000%3A00%3A00.000&PageSize=1&PageNumber=1",
                "", ""};
    if (endpoint == "send" || endpoint == "send-view")
        return {"POST", "/api/sync/" + resource, block.empty() ? "[]" : block, kJson};
    throw std::invalid_argument("no request for the endpoint column " + std::string(endpoint));
}

client::HttpResponse send_as(Context& ctx, const std::string& role, const EndpointRequest& request) {
    return ctx.api.authed(role, request.method, request.target, request.body, request.content_type);
}

client::HttpResponse send_with(Context& ctx, const std::optional<std::string>& authorization,
                               const EndpointRequest& request) {
    client::Headers headers;
    if (authorization) headers.emplace_back("Authorization", *authorization);
    return ctx.api.http().request(request.method, request.target, headers, request.body, request.content_type);
}

}  // namespace bds::suites
