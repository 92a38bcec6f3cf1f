#pragma once
/// JSON Schemas of records, generated from the catalogue, in two dialects: JSON Schema draft-07
/// (the files in schemas/) and the OpenAPI 3.0.3 Schema Object (components of spec/openapi.json).
#include <nlohmann/json.hpp>

#include <string>

#include "catalogue/catalogue.hpp"

namespace bds {

/// Draft-07 writes nullable as a type array; OpenAPI 3.0 as `nullable: true` and nested records as $ref.
enum class Dialect { JsonSchema07, OpenApi30 };

/// A record as the service returns it, or as a sender sends it (no platform-managed fields,
/// customer_ID optional, the seeds' required fields required).
enum class Direction { Returned, Sent };

/// The pattern a sent datetime/datetime2 value matches: ISO 8601 date and time, 'T' or a space between
/// them, optional fraction and offset. How a target writes date-times is not shown: returned records
/// only need a text.
inline constexpr const char* kDateTimePattern =
    "^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,7})?)?)?(Z|[+-][0-9]{2}:?[0-9]{2})?$";

/// A decimal written as a JSON string: optional minus, digits, optional fraction and exponent.
inline constexpr const char* kDecimalPattern = "^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$";

/// The schema of one field's value. The SQL type is kept as the extension keyword `x-sql-type`, because
/// JSON Schema's maxLength counts code points while SQL Server counts UTF-16 units (nvarchar) or
/// Windows-1252 bytes (varchar); our validators and generators honour it.
nlohmann::ordered_json field_schema(const Catalogue& cat, const Field& field, Dialect dialect, Direction direction);

/// The schema of one record (object with its fields). Nested lists are inlined in draft-07 and referenced
/// as `#/components/schemas/<Record>[_sent]` in OpenAPI.
nlohmann::ordered_json record_schema(const Catalogue& cat, const Record& record, Dialect dialect, Direction direction);

/// The OpenAPI component name of a record in a direction: "CliFor" or "CliFor_sent".
std::string component_name(const Record& record, Direction direction);

}  // namespace bds
