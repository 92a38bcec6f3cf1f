#pragma once
/// The OpenAPI 3.0.3 description of the service (spec/openapi.json), generated from the catalogue, and the pieces
/// it shares with the per-resource description (spec/openapi.per-resource.json, schema/openapi_per_resource.hpp).
#include <nlohmann/json.hpp>

#include <string>

#include "catalogue/catalogue.hpp"

namespace bds {

/// Paths exactly as 000 §4 lists them, bearer security, the OAuth 2.0 token endpoint, 401/403
/// responses, and one component schema per record and direction. Where the seeds show no shape
/// (token request, TokenInfo, query body, sync response, error bodies), the schema is an open object
/// whose description points at spec/assumptions.md.
nlohmann::ordered_json openapi_document(const Catalogue& cat);

namespace openapi {

/// {"$ref": "#/components/schemas/<name>"}.
nlohmann::ordered_json component_ref(const std::string& name);

/// A `content` map with one application/json media type of `schema`.
nlohmann::ordered_json json_content(nlohmann::ordered_json schema);

/// A Response Object; with an application/json body of `schema` unless it is null.
nlohmann::ordered_json response(const std::string& description, nlohmann::ordered_json schema = nullptr);

/// The query parameters PageSize and PageNumber (000 §4.1, §8).
nlohmann::ordered_json paging_parameters();

/// The query parameter RecordSelection, a SQL WHERE condition (000 §4.1).
nlohmann::ordered_json record_selection_parameter();

/// The required query parameter LastUtcRun of the change feed (000 §4.3).
nlohmann::ordered_json last_utc_run_parameter();

/// `responses` with 401, 403 (unless `forbidden` is false) and `default` added (000 §7).
nlohmann::ordered_json with_error_statuses(nlohmann::ordered_json responses, bool forbidden = true);

/// The component schemas of every record as returned, and as sent for the records a writable resource sends
/// (itself and its nested lists), named by component_name().
nlohmann::ordered_json record_components(const Catalogue& cat);

/// TotalRowsCount: a non-negative integer, or a string of digits (its JSON type is not shown, A-118).
nlohmann::ordered_json total_rows_count_schema();

/// The open object standing for a shape the seeds do not show (component "NotShown").
nlohmann::ordered_json not_shown_schema();

/// The component responses Unauthorized, Forbidden and OtherStatus.
nlohmann::ordered_json shared_responses();

/// The security schemes: bearer, and the OAuth 2.0 password flow of POST /Token (000 §5).
nlohmann::ordered_json security_schemes();

/// openapi, info (title and version from the catalogue, with `description`), servers and security.
nlohmann::ordered_json document_head(const Catalogue& cat, const std::string& description);

/// Adds POST /Token and GET /api/Account/TokenInfo (000 §5) to `paths`.
void token_paths(nlohmann::ordered_json& paths);

}  // namespace openapi
}  // namespace bds
