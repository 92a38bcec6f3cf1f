#include "client/recorder.hpp"

#include <nlohmann/json.hpp>

#include <fstream>
#include <stdexcept>

namespace bds::client {

Recorder::Recorder(std::filesystem::path dir) : dir_(std::move(dir)) {
    std::error_code error;
    std::filesystem::create_directories(dir_, error);
    if (error || !std::filesystem::is_directory(dir_))
        throw std::runtime_error("--record: cannot make the directory " + dir_.string());
}

void Recorder::record(const std::string& name, const Exchange& e, const std::string& request_body,
                      const std::string& response_body) {
    nlohmann::json headers_out = nlohmann::json::array(), headers_in = nlohmann::json::array();
    for (const auto& [k, v] : e.request_headers) headers_out.push_back({k, v});
    for (const auto& [k, v] : e.response_headers) headers_in.push_back({k, v});
    const nlohmann::json line = {{"method", e.method},
                                 {"url", e.url},
                                 {"request_headers", headers_out},
                                 {"request_body", escape_invalid_utf8(redact_body(request_body))},
                                 {"status", e.status},
                                 {"response_headers", headers_in},
                                 {"response_body", escape_invalid_utf8(redact_body(response_body))},
                                 {"error", e.error},
                                 {"duration_ms", e.duration_ms}};
    std::lock_guard lock(mutex_);
    std::ofstream(dir_ / (name + ".jsonl"), std::ios::app) << line.dump() << "\n";
}

}  // namespace bds::client
