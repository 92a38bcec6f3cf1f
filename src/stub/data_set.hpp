#pragma once
/// A data set on disk: <dir>/<tenant>/<Resource>.json, each an array of sent records (fixtures/demo).
#include <map>
#include <string>

#include "stub/stub_server.hpp"

namespace bds::stub {

/// Loads every file of the data set into the stub, as POST sync would; returns "tenant N Resource" → count.
/// Throws std::runtime_error naming the file and record at fault.
std::map<std::string, std::size_t> load_data_set(StubServer& server, const std::string& dir);

}  // namespace bds::stub
