#pragma once
/// Enumerations to and from text by one table each: NLOHMANN_JSON_SERIALIZE_ENUM, written beside the enum (or in
/// the one .cpp that converts it). Reports, target files, the command line and messages all spell an enumerator
/// as that table does.
///
/// A table lists every enumerator once, in declaration order, and the enumerators are 0, 1, 2, … (the default
/// values): enum_texts reads the table by value until the macro falls back to its first row.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bds {

/// The spellings of E's enumerators, by value (index 0: the enumerator 0).
template <class E>
const std::vector<std::string>& enum_texts() {
    static const std::vector<std::string> texts = [] {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < 256; ++i) {
            const nlohmann::json text = static_cast<E>(i);
            // Not in the table: the macro gives its first row's text, which reads back as another enumerator.
            if (text.template get<E>() != static_cast<E>(i)) break;
            out.push_back(text.template get<std::string>());
        }
        return out;
    }();
    return texts;
}

/// The spelling of `e` (valid for the program's life).
template <class E>
std::string_view enum_text(E e) {
    const auto& texts = enum_texts<E>();
    const auto i = static_cast<std::size_t>(e);
    return i < texts.size() ? std::string_view(texts[i]) : std::string_view("?");
}

/// The enumerator spelled `text`, or nullopt (the macro's own from_json gives the first row for any text).
template <class E>
std::optional<E> enum_from_text(std::string_view text) {
    const auto& texts = enum_texts<E>();
    for (std::size_t i = 0; i < texts.size(); ++i)
        if (texts[i] == text) return static_cast<E>(i);
    return std::nullopt;
}

/// "a, b or c": the spellings, for messages saying what was expected.
template <class E>
std::string enum_choices(std::string_view last_separator = " or ") {
    const auto& texts = enum_texts<E>();
    std::string out;
    for (std::size_t i = 0; i < texts.size(); ++i)
        out.append(i == 0                  ? ""
                   : i + 1 == texts.size() ? std::string(last_separator)
                                           : std::string(", "))
            .append(texts[i]);
    return out;
}

}  // namespace bds
