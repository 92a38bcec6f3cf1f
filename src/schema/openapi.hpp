#pragma once
/// The OpenAPI 3.0.3 description of the service (spec/openapi.json), generated from the catalogue.
#include <nlohmann/json.hpp>

#include "catalogue/catalogue.hpp"

namespace bds {

/// Paths exactly as 000 §4 lists them, bearer security, the OAuth 2.0 token endpoint, 401/403
/// responses, and one component schema per record and direction. Where the seeds show no shape
/// (token request, TokenInfo, query body, sync response, error bodies), the schema is an open object
/// whose description points at spec/assumptions.md.
nlohmann::ordered_json openapi_document(const Catalogue& cat);

}  // namespace bds
