#include "client/exchange.hpp"

#include "common/text.hpp"
#include "sql/text.hpp"

#include <algorithm>

namespace bds::client {
namespace {

std::string shell_quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

std::string redact_header(const std::string& name, const std::string& value) {
    if (iequals(name, "Authorization")) {
        const auto space = value.find(' ');
        return (space == std::string::npos ? std::string() : value.substr(0, space + 1)) + "<redacted>";
    }
    if (iequals(name, "Cookie") || iequals(name, "Set-Cookie")) return "<redacted>";
    return value;
}

std::string redact_body(const std::string& body) {
    // A scan, not a regex: bodies can be large and hostile (std::regex recurses per character). Key names in
    // any case: a TokenInfo may well answer {"Password": …, "Token": …}.
    static const char* const kSecrets[] = {"access_token", "refresh_token", "id_token", "token",
                                           "password",     "client_secret", "secret"};
    std::string out = body;
    std::string lower = body;  // same length and offsets as `out`, searched case-insensitively
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    // Every name below contains one of these: most bodies (records) have none, and need no other search.
    if (lower.find("token") == std::string::npos && lower.find("password") == std::string::npos &&
        lower.find("secret") == std::string::npos)
        return body;
    const auto redact = [&](std::size_t from, std::size_t to) {
        out.replace(from, to - from, "<redacted>");
        lower.replace(from, to - from, "<redacted>");
    };
    for (const char* secret : kSecrets) {
        const std::string name = secret;
        // JSON: "name" : "value"
        for (std::size_t at = lower.find("\"" + name + "\""); at != std::string::npos;
             at = lower.find("\"" + name + "\"", at + 1)) {
            std::size_t i = at + name.size() + 2;
            while (i < out.size() &&
                   (out[i] == ' ' || out[i] == ':' || out[i] == '\t' || out[i] == '\n' || out[i] == '\r'))
                ++i;
            if (i >= out.size() || out[i] != '"') continue;
            std::size_t j = i + 1;
            while (j < out.size() && out[j] != '"') j += out[j] == '\\' ? 2 : 1;
            redact(i + 1, std::min(j, out.size()));
        }
        // Form: name=value at the start or after '&'
        for (std::size_t at = lower.find(name + "="); at != std::string::npos; at = lower.find(name + "=", at + 1)) {
            if (at != 0 && out[at - 1] != '&') continue;
            const std::size_t value = at + name.size() + 1;
            redact(value, std::min(out.find('&', value), out.size()));
        }
    }
    return out;
}

std::string escape_invalid_utf8(const std::string& text) {
    std::string out;
    std::string_view rest = text;
    while (const auto bad = sql::first_invalid_utf8(rest)) {
        static const char* hex = "0123456789abcdef";
        const auto c = static_cast<unsigned char>(rest[*bad]);
        out.append(rest.substr(0, *bad));
        out.append("\\x").push_back(hex[c >> 4]);
        out.push_back(hex[c & 15]);
        rest.remove_prefix(*bad + 1);
    }
    out.append(rest);
    return out;
}

std::string shown_body(const std::string& body, std::size_t max) {
    if (body.size() <= max) return escape_invalid_utf8(body);
    const std::size_t cut = utf8_cut(body, max);
    return escape_invalid_utf8(body.substr(0, cut)) + "… (" + std::to_string(body.size()) + " bytes in all, " +
           std::to_string(body.size() - cut) + " not shown)";
}

std::string shown_redacted(const std::string& body, std::size_t max) {
    if (body.size() <= max) return shown_body(redact_body(body), max);
    // Redacted beyond the cut too, so that a secret's name just before it still finds its value.
    const std::string part = redact_body(body.substr(0, max + 1024));
    const std::size_t cut = utf8_cut(part, max);
    return escape_invalid_utf8(part.substr(0, cut)) + "… (" + std::to_string(body.size()) + " bytes in all, " +
           std::to_string(body.size() - cut) + " not shown)";
}

std::string Exchange::curl() const {
    std::string line = "curl -sS -X " + method;
    for (const auto& [name, value] : request_headers) {
        if (iequals(name, "Authorization"))
            line += " -H " + shell_quote(name + ": Bearer ") + "\"$TOKEN\"";
        else
            line += " -H " + shell_quote(name + ": " + value);
    }
    if (!request_body.empty()) line += " --data-binary " + shell_quote(request_body);
    return line + " " + shell_quote(url);
}

std::string Exchange::summary() const {
    std::string path = url;
    if (const auto scheme = url.find("://"); scheme != std::string::npos)
        if (const auto slash = url.find('/', scheme + 3); slash != std::string::npos) path = url.substr(slash);
    return method + " " + path + " → " + (status == 0 ? error : std::to_string(status));
}

}  // namespace bds::client
