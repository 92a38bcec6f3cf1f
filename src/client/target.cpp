#include "client/target.hpp"

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>

#include "client/base_url.hpp"
#include "schema/json_limits.hpp"
#include "schema/schema_errors.hpp"

namespace bds {
std::string_view builtin_target_schema_text();  // generated from spec/target.schema.json
}

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

const json& target_schema() {
    static const json schema = json::parse(builtin_target_schema_text());  // immutable once built
    return schema;
}

/// The schema node that `path` leads to, through properties, additionalProperties and items.
const json& schema_at(const std::vector<std::string>& path) {
    const json* node = &target_schema();
    for (const auto& name : path) {
        if (node->contains("properties") && (*node)["properties"].contains(name))
            node = &(*node)["properties"][name];
        else if (node->contains("additionalProperties") && (*node)["additionalProperties"].is_object())
            node = &(*node)["additionalProperties"];
        else if (node->contains("items"))
            node = &(*node)["items"];
        else
            break;
    }
    return *node;
}

/// The name valijson quotes after `lead` in `description` ("Missing required property 'x'."), if it does.
std::optional<std::string> named(const std::string& description, std::string_view lead) {
    const auto at = description.find(lead);
    if (at == std::string::npos) return std::nullopt;
    const auto open = at + lead.size(), close = description.find('\'', open);
    if (close == std::string::npos) return std::nullopt;
    return description.substr(open, close - open);
}

/// What came where the schema wanted something else; under users and token only its kind, since
/// passwords and form fields such as client_secret are there.
std::string shown(const json& doc, const std::vector<std::string>& path) {
    const json& value = doc.at(json::json_pointer(json_pointer_text(path)));
    if (!path.empty() && (path.front() == "users" || path.front() == "token"))
        return std::string("a ") + value.type_name();
    std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
    return text.size() > 80 ? text.substr(0, 77) + "..." : text;
}

/// The target file's first problem, the deepest valijson names, in words: where, what was expected, what came.
[[noreturn]] void refuse(const json& doc, const std::vector<SchemaError>& errors) {
    const SchemaError* deepest = &errors.front();
    for (const auto& e : errors)
        if (e.path.size() > deepest->path.size()) deepest = &e;
    const std::string where = deepest->path.empty() ? "" : " " + json_pointer_text(deepest->path);
    const json& rule = schema_at(deepest->path);
    if (const auto missing = named(deepest->description, "Missing required property '")) {
        if (deepest->path.empty() && *missing == "base_url")
            throw TargetError("target: base_url is missing (e.g. \"https://staging.example/bds\")");
        throw TargetError("target" + where + ": " + *missing + " is missing (expected " + rule.value("x-expected", "") +
                          ")");
    }
    if (const auto unknown = named(deepest->description, "'additionalProperties' constraints: '")) {
        const json properties = rule.value("properties", json::object());
        std::string known;
        for (const auto& [key, _] : properties.items()) known += (known.empty() ? "" : ", ") + key;
        throw TargetError("target" + (where.empty() ? " " : where) + "/" + *unknown +
                          ": unknown setting (known: " + known + ")");
    }
    throw TargetError("target" + where + ": expected " + rule.value("x-expected", deepest->description) + ", found " +
                      shown(doc, deepest->path));
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
    const json doc = expand_all(raw);
    if (const auto errors = schema_errors(target_schema(), doc); !errors.empty()) refuse(doc, errors);
    TargetConfig t;
    t.base_url = parse_base_url(doc["base_url"].get<std::string>()).text();
    if (doc.contains("token")) {
        t.token_path = doc["token"].value("path", t.token_path);
        t.token_form = doc["token"].value("form", t.token_form);
    }
    const json users = doc.value("users", json::object());  // a temporary's items() would dangle
    for (const auto& [role, u] : users.items())
        t.users[role] = {u.at("username"), u.at("password"), u.value("resources", std::vector<std::string>{})};
    if (const std::string e = doc.value("envelope", kAutoEnvelope); e != kAutoEnvelope)
        t.envelope = enum_from_text<Envelope>(e);
    if (const std::string c = doc.value("collation", "unknown"); c != "unknown")
        t.collation = c == "ci" ? Collation::CaseInsensitive : Collation::CaseSensitive;
    if (doc.contains("dialect")) t.dialect = dialect_from_json(doc["dialect"]);
    t.decimal_scale = doc.value("decimal_scale", t.decimal_scale);
    t.decimal_precision = doc.value("decimal_precision", t.decimal_precision);
    if (t.decimal_scale > t.decimal_precision)
        throw TargetError("target: decimal_scale (" + std::to_string(t.decimal_scale) +
                          ") must be at most decimal_precision (" + std::to_string(t.decimal_precision) + ")");
    t.timeout_ms = doc.value("timeout_ms", t.timeout_ms);
    t.rate_per_s = doc.value("rate_per_s", t.rate_per_s);
    t.read_only = doc.value("read_only", t.read_only);
    t.key_pool = doc.value("key_pool", t.key_pool);
    if (doc.contains("max_page_size")) t.max_page_size = doc["max_page_size"].get<int>();
    t.max_rows_read = doc.value("max_rows_read", t.max_rows_read);
    t.max_block = doc.value("max_block", t.max_block);
    t.token_expiry_wait_s = doc.value("token_expiry_wait_s", t.token_expiry_wait_s);
    if (doc.contains("query")) t.query_body = doc["query"];
    t.ca_file = doc.value("ca_file", t.ca_file);
    t.insecure = doc.value("insecure", t.insecure);
    t.release = doc.value("release", t.release);
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
    // million arrays deep overflows the stack.
    if (json_depth(text, kMaxJsonDepth) > kMaxJsonDepth)
        throw TargetError("target file " + path + ": nests arrays and objects deeper than " +
                          std::to_string(kMaxJsonDepth) + " levels");
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
