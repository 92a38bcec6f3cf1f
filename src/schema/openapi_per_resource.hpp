#pragma once
/// The per-resource OpenAPI 3.0.3 description (spec/openapi.per-resource.json): the service of spec/openapi.json
/// with one path per resource and operation, so that each body has exactly its record's schema. For vendors' tools
/// that read one schema per operation: code generators (one typed model per record) and contract testers or fuzzers
/// (a CliFor body is judged, and mutated, as a CliFor only).
#include <nlohmann/json.hpp>

#include <string>

#include "catalogue/catalogue.hpp"

namespace bds {

/// POST /Token and GET /api/Account/TokenInfo as in openapi_document(), and for each resource the paths of the
/// operations the catalogue shows for it (000 §2.1 "Operations shown", §4): GET /api/resources/<R>,
/// POST /api/resources/<R>/query, GET and POST /api/sync/<R>. Lists answer `<R>_list` (the rows as `<R>`, in either
/// envelope of A-07), blocks send `<R>_block` (an array of `<R>_sent`). Operations are tagged with the record's area;
/// only the components the paths use are kept.
nlohmann::ordered_json openapi_per_resource_document(const Catalogue& cat);

/// The operationId of a resource's operation: list<R>, query<R>, changed<R> or send<R>.
std::string per_resource_operation_id(const Record& record, Operation op);

}  // namespace bds
