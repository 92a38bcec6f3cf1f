#pragma once
/// Reading members of JSON records.
#include <nlohmann/json.hpp>

#include <string>

namespace bds {

/// The member `field` of `record`, or null when it has none (also when `record` is no object): a missing field
/// reads as NULL, as SQL reads it.
inline nlohmann::json value_of(const nlohmann::json& record, const std::string& field) {
    const auto it = record.find(field);
    return it == record.end() ? nlohmann::json(nullptr) : *it;
}

}  // namespace bds
