#pragma once
/// RapidCheck generators of whole records, built at run time from a record's JSON Schema (draft-07, as in
/// schemas/*.sent.json): required properties always present, the others present or absent, each value from
/// value_gen. Open records (`additionalProperties: true`) get their listed properties only.
#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include <cstdint>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "generate/value_gen.hpp"

namespace bds::gen {

/// A generator of records for an object schema. Key fields (`x-bds-key`) that are text without `enum` start
/// with `options.run_prefix` when it fits their length; where it does not fit (e.g. nchar(1) ind_clifor with
/// enum C/F, or a prefix longer than the field) the field keeps its ordinary value. The tenant field
/// (`options.tenant_field`) is left out, or always set to `options.tenant_id` when given.
/// Shrinking drops optional properties first, then simplifies the values.
/// Throws std::invalid_argument if the schema has no `properties` object or a property has no known x-sql-type.
rc::Gen<nlohmann::json> record_gen(const nlohmann::json& object_schema, const RecordGenOptions& options = {});

/// record_gen of the sent-record schema of `record`: record_schema(cat, record, Dialect::JsonSchema07,
/// Direction::Sent).
rc::Gen<nlohmann::json> sent_record_gen(const Catalogue& cat, const Record& record,
                                        const RecordGenOptions& options = {});

/// `n` records from sent_record_gen with keys distinct as a case-insensitive unique index compares them (so they
/// are distinct on any target), `fixed` merged into each, document lines tied to their header (tie_lines). The same
/// `seed` gives the same records. Throws std::runtime_error when n distinct keys do not come in 50 n tries.
std::vector<nlohmann::json> distinct_records(const Catalogue& cat, const Record& record, int n, std::uint64_t seed,
                                             const RecordGenOptions& options = {},
                                             const nlohmann::json& fixed = nlohmann::json::object());

/// Sets each nested StoricoDocumentiR line's key_documento to its header's (each line repeats it, 000 §2.1).
void tie_lines(nlohmann::json& record);

}  // namespace bds::gen
