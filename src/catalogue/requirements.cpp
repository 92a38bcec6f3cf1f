#include "catalogue/requirements.hpp"

#include <nlohmann/json.hpp>

#include <set>
#include <stdexcept>

#include "common/enum_text.hpp"

namespace bds {

/// The spellings of spec/requirements.json.
NLOHMANN_JSON_SERIALIZE_ENUM(Binds, {{Binds::Server, "server"}, {Binds::Sender, "sender"}, {Binds::Both, "both"}})
NLOHMANN_JSON_SERIALIZE_ENUM(RequirementKind, {{RequirementKind::Rule, "rule"},
                                               {RequirementKind::NotShown, "not-shown"},
                                               {RequirementKind::Field, "field"}})

std::string_view to_string(Binds binds) { return enum_text(binds); }
std::string_view to_string(RequirementKind kind) { return enum_text(kind); }

namespace {

[[noreturn]] void fail_at(const std::string& where, const std::string& what) {
    throw std::runtime_error("requirements: " + where + ": " + what);
}

std::string text_member(const nlohmann::json& entry, const char* key, const std::string& where) {
    if (!entry.contains(key) || !entry.at(key).is_string())
        fail_at(where, std::string("\"") + key + "\" missing or not a string");
    return entry.at(key).get<std::string>();
}

template <class E>
E enum_member(const nlohmann::json& entry, const char* key, const std::string& where) {
    const std::string text = text_member(entry, key, where);
    const auto value = enum_from_text<E>(text);
    if (!value) fail_at(where, std::string("\"") + key + "\" is \"" + text + "\", expected " + enum_choices<E>());
    return *value;
}

}  // namespace

std::vector<Requirement> requirements_from_text(std::string_view json_text) {
    const auto doc = nlohmann::json::parse(json_text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("requirements") || !doc.at("requirements").is_array())
        fail_at("the document", "expected a JSON object with an array \"requirements\"");
    std::vector<Requirement> out;
    std::set<std::string> ids;
    for (const auto& entry : doc.at("requirements")) {
        const std::string where = "entry " + std::to_string(out.size() + 1) +
                                  (entry.is_object() ? " (" + entry.value("id", std::string("?")) + ")" : "");
        if (!entry.is_object()) fail_at(where, "not an object");
        Requirement r{text_member(entry, "id", where),           text_member(entry, "doc", where),
                      text_member(entry, "section", where),      text_member(entry, "quote", where),
                      enum_member<Binds>(entry, "binds", where), enum_member<RequirementKind>(entry, "kind", where),
                      text_member(entry, "about", where)};
        if (!ids.insert(r.id).second) fail_at(where, "the id " + r.id + " twice");
        out.push_back(std::move(r));
    }
    return out;
}

const std::vector<Requirement>& requirements() {
    static const std::vector<Requirement> all = requirements_from_text(builtin_requirements_text());
    return all;
}

const Requirement* find_requirement(std::string_view id) {
    for (const auto& r : requirements())
        if (r.id == id) return &r;
    return nullptr;
}

std::string shown_quote(const std::vector<std::string>& ids) {
    const Requirement* first = ids.empty() ? nullptr : find_requirement(ids.front());
    return first ? first->quote : std::string();
}

}  // namespace bds
