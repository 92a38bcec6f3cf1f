#include "common/http_text.hpp"

#include <httplib.h>

#include <algorithm>
#include <cctype>

namespace bds {

std::string url_encoded(const std::string& text) { return httplib::detail::encode_query_param(text); }

std::string url_decoded(const std::string& text) { return httplib::detail::decode_url(text, true); }

std::multimap<std::string, std::string> query_params(const std::string& text) {
    httplib::Params params;
    httplib::detail::parse_query_text(text, params);
    return {params.begin(), params.end()};
}

const char* reason_phrase(int status) {
    // Debian's split build of cpp-httplib keeps its own table out of the header: the statuses the stub and the
    // fault injector answer.
    switch (status) {
        case 200: return "OK";
        case 400: return "Bad Request";
        case 401: return "Unauthorized";
        case 403: return "Forbidden";
        case 404: return "Not Found";
        case 405: return "Method Not Allowed";
        case 413: return "Payload Too Large";
        case 415: return "Unsupported Media Type";
        case 422: return "Unprocessable Entity";
        case 429: return "Too Many Requests";
        default: return "Internal Server Error";
    }
}

std::optional<std::chrono::seconds> retry_after_seconds(const std::optional<std::string>& value) {
    if (!value || value->empty() ||
        !std::all_of(value->begin(), value->end(), [](unsigned char c) { return std::isdigit(c); }))
        return std::nullopt;
    return std::chrono::seconds(value->size() < 7 ? std::stol(*value) : 999999);
}

}  // namespace bds
