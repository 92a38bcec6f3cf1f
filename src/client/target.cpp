#include "client/target.hpp"

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "schema/json_limits.hpp"

namespace bds::client {
namespace {

using nlohmann::json;

json expand_all(const json& value) {
    if (value.is_string()) return expand_environment(value.get<std::string>());
    if (value.is_array() || value.is_object()) {
        json out = value;
        for (auto it = out.begin(); it != out.end(); ++it) *it = expand_all(*it);
        return out;
    }
    return value;
}

[[noreturn]] void bad(const std::string& pointer, const std::string& expected, const json& came) {
    throw TargetError("target " + pointer + ": expected " + expected + ", found " + came.dump());
}

void only_keys(const json& object, const std::string& pointer, const std::set<std::string>& allowed) {
    for (const auto& [key, value] : object.items())
        if (!allowed.contains(key)) {
            std::string list;
            for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
            throw TargetError("target " + pointer + "/" + key + ": unknown setting (known: " + list + ")");
        }
}

std::string text(const json& object, const std::string& key, const std::string& pointer) {
    const json& v = object.at(key);
    if (!v.is_string()) bad(pointer + "/" + key, "a string", v);
    return v.get<std::string>();
}

int integer(const json& object, const std::string& key, const std::string& pointer, int min) {
    const json& v = object.at(key);
    if (!v.is_number_integer() || v.get<long long>() < min || v.get<long long>() > 1'000'000'000)
        bad(pointer + "/" + key, "an integer >= " + std::to_string(min), v);
    return v.get<int>();
}

bool boolean(const json& object, const std::string& key, const std::string& pointer) {
    const json& v = object.at(key);
    if (!v.is_boolean()) bad(pointer + "/" + key, "true or false", v);
    return v.get<bool>();
}

UserCredentials user_from(const json& u, const std::string& pointer) {
    if (!u.is_object()) bad(pointer, "an object {username, password[, resources]}", u);
    only_keys(u, pointer, {"username", "password", "resources"});
    if (!u.contains("username") || !u.contains("password")) bad(pointer, "both username and password", u);
    UserCredentials c{text(u, "username", pointer), text(u, "password", pointer), {}};
    if (u.contains("resources")) {
        const json& r = u["resources"];
        if (!r.is_array()) bad(pointer + "/resources", "an array of resource names", r);
        for (const auto& name : r) {
            if (!name.is_string()) bad(pointer + "/resources", "resource names (strings)", name);
            c.resources.push_back(name.get<std::string>());
        }
    }
    return c;
}

}  // namespace

const UserCredentials* TargetConfig::user(const std::string& role) const {
    auto it = users.find(role);
    return it == users.end() ? nullptr : &it->second;
}

std::string expand_environment(const std::string& input) {
    std::string out;
    std::size_t pos = 0;
    while (true) {
        const auto start = input.find("${", pos);
        if (start == std::string::npos) break;
        const auto end = input.find('}', start + 2);
        if (end == std::string::npos) break;
        const std::string name = input.substr(start + 2, end - start - 2);
        const char* value = std::getenv(name.c_str());
        if (value == nullptr) throw TargetError("target: environment variable " + name + " is not set");
        out += input.substr(pos, start - pos);
        out += value;
        pos = end + 1;
    }
    return out + input.substr(pos);
}

TargetConfig target_from_json(const json& raw) {
    if (!raw.is_object()) bad("", "a JSON object", raw);
    const json doc = expand_all(raw);
    only_keys(doc, "", {"$comment", "base_url", "token", "users", "envelope", "collation", "decimal_scale", "decimal_precision", "timeout_ms",
                        "rate_per_s", "read_only", "max_page_size", "max_block", "token_expiry_wait_s", "query",
                        "ca_file", "insecure", "max_rows_read"});
    TargetConfig t;
    if (!doc.contains("base_url")) throw TargetError("target: base_url is missing (e.g. \"https://staging.example/bds\")");
    t.base_url = text(doc, "base_url", "");
    if (t.base_url.rfind("http://", 0) != 0 && t.base_url.rfind("https://", 0) != 0)
        bad("/base_url", "an http:// or https:// URL", doc["base_url"]);
    while (!t.base_url.empty() && t.base_url.back() == '/') t.base_url.pop_back();
    if (doc.contains("token")) {
        const json& tok = doc["token"];
        if (!tok.is_object()) bad("/token", "an object {path, form}", tok);
        only_keys(tok, "/token", {"path", "form"});
        if (tok.contains("path")) t.token_path = text(tok, "path", "/token");
        if (tok.contains("form")) {
            if (!tok["form"].is_object()) bad("/token/form", "an object of form fields", tok["form"]);
            for (const auto& [k, v] : tok["form"].items()) {
                if (!v.is_string()) bad("/token/form/" + k, "a string", v);
                t.token_form[k] = v.get<std::string>();
            }
        }
    }
    if (doc.contains("users")) {
        if (!doc["users"].is_object()) bad("/users", "an object of roles", doc["users"]);
        for (const auto& [role, u] : doc["users"].items()) t.users[role] = user_from(u, "/users/" + role);
    }
    if (doc.contains("envelope")) {
        const std::string e = text(doc, "envelope", "");
        if (e == kAutoEnvelope) t.envelope = std::nullopt;
        else if (const auto known = enum_from_text<Envelope>(e)) t.envelope = *known;
        else bad("/envelope", std::string(kAutoEnvelope) + ", " + enum_choices<Envelope>(), doc["envelope"]);
    }
    if (doc.contains("collation")) {
        const std::string c = text(doc, "collation", "");
        if (c == "ci") t.collation = Collation::CaseInsensitive;
        else if (c == "cs") t.collation = Collation::CaseSensitive;
        else if (c != "unknown") bad("/collation", "ci, cs or unknown", doc["collation"]);
    }
    if (doc.contains("decimal_scale")) t.decimal_scale = integer(doc, "decimal_scale", "", 0);
    if (doc.contains("decimal_precision")) t.decimal_precision = integer(doc, "decimal_precision", "", 1);
    if (t.decimal_scale > t.decimal_precision || t.decimal_precision > 38)
        throw TargetError("target: decimal_scale (" + std::to_string(t.decimal_scale) + ") must be at most decimal_precision (" +
                          std::to_string(t.decimal_precision) + "), which is at most 38");
    if (doc.contains("timeout_ms")) t.timeout_ms = integer(doc, "timeout_ms", "", 1);
    if (doc.contains("rate_per_s")) {
        if (!doc["rate_per_s"].is_number() || doc["rate_per_s"].get<double>() < 0)
            bad("/rate_per_s", "a number >= 0", doc["rate_per_s"]);
        t.rate_per_s = doc["rate_per_s"].get<double>();
    }
    if (doc.contains("read_only")) t.read_only = boolean(doc, "read_only", "");
    if (doc.contains("max_page_size")) t.max_page_size = integer(doc, "max_page_size", "", 1);
    if (doc.contains("max_rows_read")) t.max_rows_read = integer(doc, "max_rows_read", "", 1);
    if (doc.contains("max_block")) t.max_block = integer(doc, "max_block", "", 1);
    if (doc.contains("token_expiry_wait_s")) t.token_expiry_wait_s = integer(doc, "token_expiry_wait_s", "", 0);
    if (doc.contains("query")) {
        if (!doc["query"].is_object()) bad("/query", "a JSON object (the POST query body template)", doc["query"]);
        t.query_body = doc["query"];
    }
    if (doc.contains("ca_file")) t.ca_file = text(doc, "ca_file", "");
    if (doc.contains("insecure")) t.insecure = boolean(doc, "insecure", "");
    return t;
}

TargetConfig load_target(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw TargetError("target file " + path + ": cannot be read");
    std::stringstream buffer;
    buffer << in.rdbuf();
    return parse_target(buffer.str(), path);
}

TargetConfig parse_target(const std::string& text, const std::string& path) {
    // Reading a document copies and prints values recursively: nesting is bounded before parsing, or a file a
    // million arrays deep overflows the stack (issue 17).
    if (json_depth(text, kMaxJsonDepth) > kMaxJsonDepth)
        throw TargetError("target file " + path + ": nests arrays and objects deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    json doc;
    try {
        doc = json::parse(text);
    } catch (const json::exception& e) {  // parse_error, and out_of_range for a number no double holds
        throw TargetError("target file " + path + ": not JSON: " + e.what());
    }
    try {
        return target_from_json(doc);
    } catch (const TargetError& e) {
        throw TargetError(path + ": " + e.what());
    }
}

}  // namespace bds::client
