#pragma once
/// A document checked against a JSON Schema (draft 7) with valijson: the one place valijson's errors become paths
/// and JSON pointers.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace bds {

/// valijson's error context ("<root>", "[users]", "[3]") as the member names and indices it passes through.
std::vector<std::string> context_path(const std::vector<std::string>& context);

/// `path` as a JSON pointer ("/users/writer"), escaped as RFC 6901 says.
std::string json_pointer_text(const std::vector<std::string>& path);

/// One rule of a schema a document breaks: where, and valijson's words for it.
struct SchemaError {
    std::vector<std::string> path;
    std::string description;
};

/// Every error valijson finds in `doc` against `schema` (the enclosing "failed to validate …" ones included).
std::vector<SchemaError> schema_errors(const nlohmann::json& schema, const nlohmann::json& doc);

}  // namespace bds
