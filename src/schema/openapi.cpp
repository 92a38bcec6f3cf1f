#include "schema/openapi.hpp"

#include <set>
#include <string>

#include "schema/record_schema.hpp"

namespace bds {
namespace {

using ojson = nlohmann::ordered_json;

/// Records that are sent: the writable resources and the nested lists they carry (e.g. document lines).
void collect_sent(const Catalogue& cat, const Record& r, std::set<std::string>& out) {
    if (!out.insert(r.name).second) return;
    for (const auto& f : r.fields)
        if (!f.list_of.empty()) collect_sent(cat, *cat.find(f.list_of), out);
}

}  // namespace

namespace openapi {

ojson schema_ref(const std::string& where) { return {{"$ref", where}}; }

ojson component_ref(const std::string& name) { return schema_ref("#/components/schemas/" + name); }

ojson json_content(ojson schema) { return {{"application/json", {{"schema", std::move(schema)}}}}; }

ojson response(const std::string& description, ojson schema) {
    ojson r = {{"description", description}};
    if (!schema.is_null()) r["content"] = json_content(std::move(schema));
    return r;
}

ojson paging_parameters() {
    return ojson::array({
        {{"name", "PageSize"},
         {"in", "query"},
         {"required", false},
         {"description", "Records per page. Maximum and default are not shown (000 §8)."},
         {"schema", {{"type", "integer"}, {"format", "int32"}}}},
        {{"name", "PageNumber"},
         {"in", "query"},
         {"required", false},
         {"description", "Page number, starting at 1, used with PageSize (000 §4.1, §8)."},
         {"schema", {{"type", "integer"}, {"format", "int32"}}}},
    });
}

ojson record_selection_parameter() {
    return {
        {"name", "RecordSelection"},
        {"in", "query"},
        {"required", false},
        {"description",
         "A SQL WHERE condition, without the word WHERE, for example a comparison of a field with a quoted text, joined by and; numbers are unquoted (000 §4.1)."},
        {"schema", {{"type", "string"}}}};
}

ojson last_utc_run_parameter() {
    return {
        {"name", "LastUtcRun"},
        {"in", "query"},
        {"required", true},
        {"description",
         "UTC date-time in the form YYYY-MM-DD HH:MM:SS.000; the value 1900-01-01 00:00:00.000 returns every record (000 §4.3)."},
        {"schema",
         {{"type", "string"}, {"pattern", "^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}$"}}},
        {"example", "1900-01-01 00:00:00.000"}};
}

/// `responses` with what every call with a token may be answered: 401 and 403 as stated (000 §7), and any other
/// status as `default`, whose body is not shown (malformed input, a path not served: 000 §7 does not say).
ojson with_error_statuses(ojson responses, bool forbidden) {
    responses["401"] = schema_ref("#/components/responses/Unauthorized");
    if (forbidden) responses["403"] = schema_ref("#/components/responses/Forbidden");
    responses["default"] = schema_ref("#/components/responses/OtherStatus");
    return responses;
}

ojson record_components(const Catalogue& cat) {
    std::set<std::string> sent;
    for (const Record* r : cat.resources())
        if (r->writable()) collect_sent(cat, *r, sent);
    ojson schemas = ojson::object();
    for (const auto& r : cat.records()) {
        schemas[component_name(r, Direction::Returned)] =
            record_schema(cat, r, Dialect::OpenApi30, Direction::Returned);
        if (sent.count(r.name))
            schemas[component_name(r, Direction::Sent)] = record_schema(cat, r, Dialect::OpenApi30, Direction::Sent);
    }
    return schemas;
}

ojson total_rows_count_schema() {
    return {{"description", "The number of rows the selection matches (000 §4.1); its JSON type is not shown (A-118)."},
            {"anyOf",
             ojson::array({{{"type", "integer"}, {"minimum", 0}}, {{"type", "string"}, {"pattern", "^[0-9]+$"}}})}};
}

ojson not_shown_schema() {
    return {
        {"description", "The seeds do not show this shape; see spec/assumptions.md for the reference stub's choice."},
        {"type", "object"}};
}

ojson shared_responses() {
    return {
        {"Unauthorized", response("Token missing or invalid (000 §5 rule 3, §7). The error body format is not shown.")},
        {"Forbidden",
         response(
             "Resource does not exist or the caller is not authorised for it (000 §4.1, §5 rule 4, §7). The error body format is not shown.")},
        {"OtherStatus",
         response(
             "Any other status: the statuses and bodies for malformed input, a path or method not served, and server errors are not shown (000 §7).")}};
}

ojson security_schemes() {
    return {
        {"bearer",
         {{"type", "http"},
          {"scheme", "bearer"},
          {"description", "Authorization: Bearer <ACCESS_TOKEN> on every endpoint except POST /Token (000 §1, §5)."}}},
        {"oauth2",
         {{"type", "oauth2"},
          {"description",
           "OAuth 2.0 token issued by POST /Token (000 §5 rule 1). Grant types and scopes are not shown; the password flow is the reference stub's choice (spec/assumptions.md)."},
          {"flows", {{"password", {{"tokenUrl", "/Token"}, {"scopes", ojson::object()}}}}}}}};
}

ojson document_head(const Catalogue& cat, const std::string& description) {
    ojson doc = ojson::object();
    doc["openapi"] = cat.service().at("openapi");
    doc["info"] = {
        {"title", cat.service().at("title")}, {"version", cat.service().at("version")}, {"description", description}};
    doc["servers"] =
        ojson::array({{{"url", "{base_url}"}, {"variables", {{"base_url", {{"default", "http://127.0.0.1:8080"}}}}}}});
    // Either scheme: an OAuth 2.0 token from POST /Token, sent as a bearer token.
    doc["security"] = ojson::array({{{"bearer", ojson::array()}}, {{"oauth2", ojson::array()}}});
    return doc;
}

void token_paths(ojson& p) {
    p["/Token"]["post"] = {
        {"operationId", "issueToken"},
        {"summary", "Issue an OAuth 2.0 access token"},
        {"description",
         "No bearer header needed (000 §4, §5). Request and response fields are not shown; OAuth 2.0 (RFC 6749) sends a form-encoded request and answers access_token and token_type."},
        {"security", ojson::array()},
        {"requestBody",
         {{"required", true},
          {"content",
           {{"application/x-www-form-urlencoded",
             {{"schema",
               {{"type", "object"},
                {"properties",
                 {{"grant_type", {{"type", "string"}}},
                  {"username", {{"type", "string"}}},
                  {"password", {{"type", "string"}}}}},
                {"required", {"grant_type"}}}}}}}}}},
        {"responses",
         {{"200", response("An access token (RFC 6749 §5.1).", {{"type", "object"},
                                                                {"required", {"access_token", "token_type"}},
                                                                {"properties",
                                                                 {{"access_token", {{"type", "string"}}},
                                                                  {"token_type", {{"type", "string"}}},
                                                                  {"expires_in", {{"type", "integer"}}}}}})},
          {"400", response("The token request was refused (RFC 6749 §5.2).")},
          {"default", schema_ref("#/components/responses/OtherStatus")}}}};
    p["/api/Account/TokenInfo"]["get"] = {
        {"operationId", "tokenInfo"},
        {"summary", "Information on the current token"},
        {"description", "000 §5 rule 5. The response shape is not shown."},
        {"responses", with_error_statuses(
                          {{"200", response("Information on the current token.", component_ref("NotShown"))}}, false)}};
}

}  // namespace openapi

namespace {

using namespace openapi;

ojson resource_parameter(const Catalogue& cat, Operation op) {
    ojson names = ojson::array();
    for (const Record* r : cat.resources())
        if (r->has(op)) names.push_back(r->name);
    return {
        {"name", "Resource"},
        {"in", "path"},
        {"required", true},
        {"description",
         "A resource name from the catalogue; names are case-sensitive (000 §1). The enumeration lists the resources for which the seeds show this operation."},
        {"schema", {{"type", "string"}, {"enum", names}}}};
}

/// Maps each resource showing `op` to its record schema, so a client can pick the schema of {Resource}.
ojson resource_schemas(const Catalogue& cat, Operation op, Direction direction) {
    ojson m = ojson::object();
    for (const Record* r : cat.resources())
        if (r->has(op)) m[r->name] = "#/components/schemas/" + component_name(*r, direction);
    return m;
}

ojson list_responses(const std::string& what) {
    return with_error_statuses(
        {{"200",
          response("JSON array of " + what +
                       ", accompanied by TotalRowsCount; the position of TotalRowsCount is not shown (000 §4.1).",
                   schema_ref("#/components/schemas/RecordList"))}});
}

ojson components(const Catalogue& cat) {
    ojson schemas = record_components(cat);
    ojson any_record = ojson::array();
    for (const Record* r : cat.resources()) any_record.push_back(component_ref(r->name));
    schemas["AnyRecord"] = {{"description", "A record of one of the resources."}, {"anyOf", any_record}};
    schemas["RecordList"] = {
        {"description",
         "Records of the resource accompanied by TotalRowsCount. Where TotalRowsCount stands (an envelope object, a header, or each row) is not shown (spec/assumptions.md)."},
        {"anyOf", ojson::array({{{"type", "array"}, {"items", component_ref("AnyRecord")}},
                                {{"type", "object"},
                                 {"required", {"TotalRowsCount"}},
                                 {"properties", {{"TotalRowsCount", total_rows_count_schema()}}}}})}};
    ojson sent_any = ojson::array();
    for (const Record* r : cat.resources())
        if (r->writable()) sent_any.push_back(component_ref(component_name(*r, Direction::Sent)));
    schemas["SyncBlock"] = {
        {"description",
         "An array of records of the resource (000 §4.4); blocks of a few hundred records are recommended, smaller for documents."},
        {"type", "array"},
        {"items", {{"anyOf", sent_any}}}};
    schemas["NotShown"] = not_shown_schema();
    return {{"schemas", schemas}, {"responses", shared_responses()}, {"securitySchemes", security_schemes()}};
}

/// GET /api/resources/{Resource} and POST /api/resources/{Resource}/query (000 §4.1, §4.2).
void resource_paths(const Catalogue& cat, ojson& p) {
    ojson get_params = ojson::array({resource_parameter(cat, Operation::GetResources), record_selection_parameter()});
    for (auto& q : paging_parameters()) get_params.push_back(q);
    p["/api/resources/{Resource}"]["get"] = {
        {"operationId", "listResource"},
        {"summary", "Paginated, filterable list"},
        {"parameters", get_params},
        {"x-bds-resource-schemas", resource_schemas(cat, Operation::GetResources, Direction::Returned)},
        {"responses", list_responses("records of the resource")}};

    p["/api/resources/{Resource}/query"]["post"] = {
        {"operationId", "queryResource"},
        {"summary", "Search with filters and ordering in the body"},
        {"description",
         "Listed for MCPClienti; availability on other resources, the request body shape and the response shape are not shown (000 §4.2)."},
        {"parameters", ojson::array({resource_parameter(cat, Operation::PostQuery)})},
        {"requestBody", {{"required", true}, {"content", json_content(component_ref("NotShown"))}}},
        {"responses", with_error_statuses({{"200", response("Search results; shape not shown.")}})}};
}

/// GET and POST /api/sync/{Resource} (000 §4.3, §4.4).
void sync_paths(const Catalogue& cat, ojson& p) {
    ojson sync_params = ojson::array({resource_parameter(cat, Operation::GetSync), last_utc_run_parameter()});
    for (auto& q : paging_parameters()) sync_params.push_back(q);
    p["/api/sync/{Resource}"]["get"] = {
        {"operationId", "changedRecords"},
        {"summary", "Records changed after a UTC instant"},
        {"description",
         "Documented for StoricoDocumentiT, Articoli and CliFor; whether it exists for the other resources is not shown (000 §4.3)."},
        {"parameters", sync_params},
        {"x-bds-resource-schemas", resource_schemas(cat, Operation::GetSync, Direction::Returned)},
        {"responses", list_responses("records changed after LastUtcRun")}};
    p["/api/sync/{Resource}"]["post"] = {
        {"operationId", "sendRecords"},
        {"summary", "Bulk send of records"},
        {"description",
         "The user must be enabled for writing. Content-Type application/json; charset=utf-8. Any status other than 200 stops the sender, which keeps the response body (000 §4.4, §7)."},
        {"parameters", ojson::array({resource_parameter(cat, Operation::PostSync)})},
        {"x-bds-resource-schemas", resource_schemas(cat, Operation::PostSync, Direction::Sent)},
        {"requestBody", {{"required", true}, {"content", json_content(component_ref("SyncBlock"))}}},
        {"responses",
         with_error_statuses(
             {{"200", response("The block is accepted; the content of the body is not shown (000 §4.4).")}})}};
}

ojson paths(const Catalogue& cat) {
    ojson p = ojson::object();
    token_paths(p);
    resource_paths(cat, p);
    sync_paths(cat, p);
    return p;
}

}  // namespace

ojson openapi_document(const Catalogue& cat) {
    ojson doc = openapi::document_head(
        cat,
        "REST/JSON interface over an ERP's master data and document history (000 §1). Generated from spec/catalogue.json by `conformance openapi`; do not edit. Points the seeds leave not shown are listed in spec/assumptions.md.");
    doc["paths"] = paths(cat);
    doc["components"] = components(cat);
    return doc;
}

}  // namespace bds
