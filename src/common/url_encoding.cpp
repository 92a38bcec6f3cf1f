#include "common/url_encoding.hpp"

#include <httplib.h>

namespace bds {

std::string url_encoded(const std::string& text) { return httplib::detail::encode_query_param(text); }

std::string url_decoded(const std::string& text) { return httplib::detail::decode_url(text, true); }

std::multimap<std::string, std::string> query_params(const std::string& text) {
    httplib::Params params;
    httplib::detail::parse_query_text(text, params);
    return {params.begin(), params.end()};
}

}  // namespace bds
