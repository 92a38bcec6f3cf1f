#pragma once
/// The target's base URL, parsed in one place: by the target file's reader and by the HTTP client.
#include <string>

namespace bds::client {

struct BaseUrl {
    std::string origin;  ///< "https://host:port": what the connection is made to
    std::string prefix;  ///< "/bds" or empty: put before every request's path; no trailing slash

    std::string text() const { return origin + prefix; }
};

/// "http(s)://host[:port][/path]" split; a trailing slash dropped. TargetError saying what came for anything else.
BaseUrl parse_base_url(const std::string& url);

}  // namespace bds::client
