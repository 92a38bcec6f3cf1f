// Observation texts as wording and values (observation_shape.hpp). Deterministic and local: a value is told by the
// characters around it only, so one text always splits the same way.
#include "report/observation_shape.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace bds::report {
namespace {

constexpr char kValue = '\x1f';  // a value's place in a wording (value_change also compares the counts of values)

bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)); }

/// The end of the number starting at `at`, or `at` when none stands alone there: not inside a word or an id
/// ("A-84", "CHG-01", "UTF8"), not followed by a letter ("3rd", "w960j3e").
std::size_t number_end(std::string_view text, std::size_t at) {
    if (!is_digit(text[at])) return at;
    if (at > 0 && (is_alpha(text[at - 1]) || is_digit(text[at - 1]))) return at;
    if (at > 1 && text[at - 1] == '-' && is_alpha(text[at - 2])) return at;
    std::size_t end = at;
    while (end < text.size() && is_digit(text[end])) ++end;
    if (end + 1 < text.size() && text[end] == '.' && is_digit(text[end + 1]))
        for (++end; end < text.size() && is_digit(text[end]);) ++end;
    while (end + 3 < text.size() && text[end] == ',' && is_digit(text[end + 1]) && is_digit(text[end + 2]) &&
           is_digit(text[end + 3]) && (end + 4 == text.size() || !is_digit(text[end + 4])))
        end += 4;  // "3,605": thousands
    if (end < text.size() && is_alpha(text[end])) return at;
    return end;
}

/// The end of the quoted text starting at `at` (its closing quote included), or `at` when none starts there: a
/// quote opens after a space, "(", "[", "=", ",", ":" or the start (not the apostrophe of "baseline's"), and closes
/// before one of those, "." , ";" or the end.
std::size_t quoted_end(std::string_view text, std::size_t at) {
    const char q = text[at];
    if (q != '\'' && q != '"') return at;
    if (at > 0 && std::string_view(" ([=,:").find(text[at - 1]) == std::string_view::npos) return at;
    for (std::size_t close = text.find(q, at + 1); close != std::string_view::npos; close = text.find(q, close + 1)) {
        const bool last = close + 1 == text.size();
        if (last || std::string_view(" )],;:.").find(text[close + 1]) != std::string_view::npos) return close + 1;
    }
    return at;
}

/// `wording` with each value shown as "…", without the spaces at its ends.
std::string shown(std::string_view wording) {
    while (!wording.empty() && wording.front() == ' ') wording.remove_prefix(1);
    while (!wording.empty() && wording.back() == ' ') wording.remove_suffix(1);
    std::string out;
    for (char c : wording) out += c == kValue ? std::string("…") : std::string(1, c);
    return "\"" + out + "\"";
}

}  // namespace

TextShape text_shape(std::string_view text) {
    TextShape shape;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t end = number_end(text, at);
        if (end == at) end = quoted_end(text, at);
        if (end == at) {
            shape.wording += text[at++];
            continue;
        }
        shape.wording += kValue;
        shape.values.emplace_back(text.substr(at, end - at));
        at = end;
    }
    return shape;
}

std::optional<std::string> value_change(std::string_view before, std::string_view after) {
    const auto a = text_shape(before), b = text_shape(after);
    if (a.wording != b.wording || a.values.size() != b.values.size()) return std::nullopt;
    std::vector<std::pair<std::string, std::string>> changed;
    for (std::size_t i = 0; i < a.values.size(); ++i) {
        std::pair<std::string, std::string> one{a.values[i], b.values[i]};
        if (one.first != one.second && std::find(changed.begin(), changed.end(), one) == changed.end())
            changed.push_back(std::move(one));
    }
    if (changed.empty()) return std::nullopt;
    std::string out;
    for (const auto& [from, to] : changed) out += (out.empty() ? "" : "; ") + from + " → " + to;
    return out;
}

std::optional<std::string> wording_change(std::string_view before, std::string_view after) {
    const auto a_shape = text_shape(before), b_shape = text_shape(after);
    const std::string_view a = a_shape.wording, b = b_shape.wording;
    if (a == b) return std::nullopt;
    std::size_t prefix = 0, suffix = 0;
    while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
    while (prefix > 0 && a[prefix - 1] != ' ') --prefix;  // whole words
    const std::size_t room = std::min(a.size(), b.size()) - prefix;
    while (suffix < room && a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix]) ++suffix;
    while (suffix > 0 && a[a.size() - suffix] != ' ') --suffix;
    return shown(a.substr(prefix, a.size() - prefix - suffix)) + " → " +
           shown(b.substr(prefix, b.size() - prefix - suffix));
}

}  // namespace bds::report
