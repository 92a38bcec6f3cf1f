#pragma once
/// An observation's text as its wording and its values, so that two texts that differ only in a value (a status,
/// a count, a quoted text) are known as one behaviour whose value changed: `conformance diff` pairs and groups them.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bds::report {

/// `text` split: the wording with each value replaced by one mark, and the values in order. A value is a number
/// standing alone ("400", "3.5"; not the digits of "A-84", "UTF8" or "w960j3e") or a text in quotes ('C', "x").
struct TextShape {
    std::string wording;
    std::vector<std::string> values;
};
TextShape text_shape(std::string_view text);

/// What changed between two texts of one wording: each value that differs, "before → after", once, in order of
/// first difference, joined by "; " ("400 → 422"). nullopt when the wordings differ or nothing does.
std::optional<std::string> value_change(std::string_view before, std::string_view after);

/// What changed between two texts of different wordings: the words between their common start and end, each side
/// quoted, values shown as "…" ("\"(a JSON object {error, message})\" → \"(text …)\""), so that one rewording in
/// many texts reads as one change. nullopt when the wordings are the same.
std::optional<std::string> wording_change(std::string_view before, std::string_view after);

}  // namespace bds::report
