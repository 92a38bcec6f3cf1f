#pragma once
/// How RapidCheck prints a JSON value in a counterexample: compactly. Included by every header that declares a
/// generator of JSON (value_gen.hpp), so that each translation unit instantiating RapidCheck's printer for JSON sees
/// it: one without it would print "[json.exception.type_error.302] type must be string" for the value, and the
/// linker may keep either instantiation.
#include <nlohmann/json.hpp>

#include <ostream>

// In basic_json's own (inline, versioned) namespace, where argument-dependent lookup finds it.
NLOHMANN_JSON_NAMESPACE_BEGIN
inline void showValue(const json& value, std::ostream& os) {
    os << value.dump(-1, ' ', false, json::error_handler_t::replace);
}
NLOHMANN_JSON_NAMESPACE_END
