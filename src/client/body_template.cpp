#include "client/body_template.hpp"

#include <cctype>
#include <vector>

namespace bds::client {
namespace {

using nlohmann::json;

bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

/// One "$Name" of a text: where its '$' stands and its length with the '$'.
struct Token {
    std::size_t at = 0;
    std::size_t size = 0;
};

/// The "$Name" runs of `text`, in order; a '$' followed by no name character is none.
std::vector<Token> tokens(std::string_view text) {
    std::vector<Token> out;
    for (auto at = text.find('$'); at != std::string_view::npos;) {
        std::size_t end = at + 1;
        while (end < text.size() && name_char(text[end])) ++end;
        if (end > at + 1) out.push_back({at, end - at});
        at = text.find('$', end);
    }
    return out;
}

/// A value's text inside a longer string: a string as it is, anything else as JSON prints it.
std::string text_of(const json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

std::optional<json> fill_string(const std::string& text, const PlaceholderValues& values) {
    std::string out;
    std::size_t copied = 0;
    for (const Token& t : tokens(text)) {
        const auto it = values.find(std::string_view(text).substr(t.at, t.size));
        if (it == values.end()) continue;  // not a placeholder: literal text
        if (!it->second) return std::nullopt;
        if (t.size == text.size()) return *it->second;
        out.append(text, copied, t.at - copied).append(text_of(*it->second));
        copied = t.at + t.size;
    }
    if (copied == 0) return text;
    return out.append(text, copied);
}

}  // namespace

std::optional<json> fill_template(const json& tmpl, const PlaceholderValues& values) {
    if (tmpl.is_string()) return fill_string(tmpl.get_ref<const std::string&>(), values);
    if (tmpl.is_object()) {
        json out = json::object();
        for (const auto& [name, member] : tmpl.items())
            if (auto value = fill_template(member, values)) out[name] = std::move(*value);
        return out;
    }
    if (tmpl.is_array()) {
        json out = json::array();
        for (const auto& element : tmpl) {
            auto value = fill_template(element, values);
            const bool left_empty = value && value->is_structured() && value->empty() && !element.empty();
            if (value && !left_empty) out.push_back(std::move(*value));
        }
        return out;
    }
    return tmpl;
}

bool mentions(const json& tmpl, std::string_view placeholder) {
    if (tmpl.is_string()) {
        const std::string_view text = tmpl.get_ref<const std::string&>();
        for (const Token& t : tokens(text))
            if (text.substr(t.at, t.size) == placeholder) return true;
        return false;
    }
    if (tmpl.is_structured())
        for (const auto& v : tmpl)
            if (mentions(v, placeholder)) return true;
    return false;
}

}  // namespace bds::client
