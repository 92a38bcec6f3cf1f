#include "certify/recording.hpp"

#include <algorithm>
#include <cctype>

namespace bds::certify {

std::string Received::header(const std::string& name) const {
    for (const auto& [k, v] : headers)
        if (std::equal(k.begin(), k.end(), name.begin(), name.end(), [](char a, char b) {
                return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
            }))
            return v;
    return "";
}

std::optional<std::string> Received::param(const std::string& name) const {
    for (const auto& [k, v] : params)
        if (k == name) return v;
    return std::nullopt;
}

client::Exchange Received::exchange(const std::string& base_url) const {
    client::Exchange e;
    e.method = method;
    std::string query;
    for (const auto& [k, v] : params) query += (query.empty() ? "?" : "&") + k + "=" + v;
    e.url = base_url + path + query;
    for (const auto& [k, v] : headers) e.request_headers.emplace_back(k, client::redact_header(k, v));
    e.request_body = client::shown_redacted(body);
    e.status = status;
    e.response_body = client::shown_redacted(response_body);
    if (status == 0)
        e.error = fault.empty() ? "no complete answer was written" : "the harness cut the connection (" + fault + ")";
    e.duration_ms = 0;
    return e;
}

}  // namespace bds::certify
