#pragma once
// Records for the tests: the seeds' minimal record of a resource, with plausible values.
#include <nlohmann/json.hpp>

#include <string>

#include "catalogue/catalogue.hpp"

namespace bds::test {

/// The built-in catalogue, loaded once for all tests.
const Catalogue& catalogue();

/// The seeds' minimal record (000 §2.1): the required fields of `resource` only, each with a plausible value
/// (the first allowed value of coded fields), then `values` laid over it.
nlohmann::json minimal(const Catalogue& catalogue, const std::string& resource,
                       const nlohmann::json& values = nlohmann::json::object());

/// A sales invoice of 2026-02-27 (StoricoDocumentiT "D1", FAT of group VEN) for the customer ("C", `customer`),
/// with `lines` as its StoricoDocumentiR.
nlohmann::json invoice(const Catalogue& catalogue, const std::string& customer, const nlohmann::json& lines);

/// A field of a hand-made record: `type` in the catalogue's spelling ("nvarchar(10)"); a list holds "Line" records.
Field field(const std::string& name, const std::string& type, bool nullable = true);

/// A hand-made record type named `name` with `fields`, for tests that need one field of each kind.
Record record(const std::string& name, std::vector<Field> fields);

}  // namespace bds::test
