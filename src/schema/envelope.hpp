#pragma once
/// Where TotalRowsCount stands in a list response (000 §4.1; its position is not shown: spec/assumptions.md A-07).
/// One enum for the client (which reads any of them) and the stub (which serves one), with one spelling table.
#include <nlohmann/json.hpp>

#include <cstdint>

#include "common/enum_text.hpp"

namespace bds {

/// The three envelopes the seeds allow.
enum class Envelope : std::uint8_t {
    Object,    ///< {"TotalRowsCount": n, "<rows>": [...]}
    Header,    ///< a bare array, TotalRowsCount in a response header
    RowField,  ///< a bare array whose rows each carry TotalRowsCount
};

/// The spellings of target files ("envelope"), of A-07's values, of --envelope and of reports.
NLOHMANN_JSON_SERIALIZE_ENUM(Envelope,
                             {{Envelope::Object, "object"}, {Envelope::Header, "header"}, {Envelope::RowField, "row"}})

/// "object", "header" or "row".
inline std::string_view to_string(Envelope e) { return enum_text(e); }

}  // namespace bds
