#include "client/base_url.hpp"

#include "client/target.hpp"

namespace bds::client {

BaseUrl parse_base_url(const std::string& url) {
    const auto scheme_end = url.find("://");
    const std::string scheme = scheme_end == std::string::npos ? "" : url.substr(0, scheme_end);
    if (scheme != "http" && scheme != "https")
        throw TargetError("base_url: expected http://host[:port][/path] or https://…, found \"" + url + "\"");
    const auto path_start = url.find_first_of("/?#", scheme_end + 3);
    BaseUrl out{url.substr(0, path_start), path_start == std::string::npos ? "" : url.substr(path_start)};
    if (out.origin.size() <= scheme_end + 3) throw TargetError("base_url: no host in \"" + url + "\"");
    if (out.prefix.find_first_of("?#") != std::string::npos)
        throw TargetError("base_url: a query or fragment cannot prefix request paths, found \"" + url + "\"");
    while (!out.prefix.empty() && out.prefix.back() == '/') out.prefix.pop_back();
    return out;
}

}  // namespace bds::client
