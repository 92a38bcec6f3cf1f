#pragma once
/// The set of files `conformance schemas` writes into schemas/.
#include <map>
#include <string>

#include "catalogue/catalogue.hpp"

namespace bds {

/// File name → file text (pretty JSON, trailing newline), for every record:
///   <Record>.json        a returned record (every record, nested-only ones included)
///   <Record>.sent.json   a sent record   (resources with POST sync)
///   <Record>.block.json  a sync block: the array body of POST /api/sync/<Record>
/// Each file is a self-contained JSON Schema draft-07 document (nested lists inlined), so a vendor can
/// use any one of them alone.
std::map<std::string, std::string> schema_files(const Catalogue& cat);

/// Pretty-printed JSON with a trailing newline: the one rendering of every generated file.
std::string render_json(const nlohmann::ordered_json& doc);

}  // namespace bds
