#pragma once
/// T-SQL LIKE patterns: % _ [set] [a-z] [^set] and ESCAPE. Internal to src/selection.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sql/text_rules.hpp"

namespace bds::selection_impl {

/// One element of a compiled pattern; every element but AnyRun stands for exactly one UTF-16 code unit.
struct LikeElement {
    enum class Kind { Literal, AnyOne, AnyRun, Set };
    Kind kind = Kind::Literal;
    char16_t ch = 0;                                    ///< Literal
    bool negated = false;                               ///< Set: [^...]
    std::vector<std::pair<char16_t, char16_t>> ranges;  ///< Set: single characters are ranges c-c
};

/// A compiled pattern.
struct LikePattern {
    std::vector<LikeElement> elements;
};

/// Why a pattern does not compile, and the code-unit index in the pattern where it went wrong.
struct LikeError {
    std::size_t index = 0;
    std::string message;
};

/// Compiles `pattern` (UTF-16 code units). Inside [...], the first ']' closes the set, a leading '^'
/// negates it, 'x-y' is a range and a '-' first or last is literal. The escape character makes the next
/// unit literal, inside or outside a set. Refused (returned as LikeError): an escape character at the end,
/// an unclosed '[', and empty sets '[]' / '[^]' (SQL Server's handling of these is undocumented).
std::optional<LikePattern> compile_like(std::u16string_view pattern, std::optional<char16_t> escape, LikeError& error);

/// Matches `value` against a compiled pattern. Characters and range bounds compare as `rules` fold them (its
/// trailing-blank rule is not LIKE's). `trailing_spaces_optional`: SQL Server's non-Unicode LIKE, where trailing
/// spaces of the value are not significant (the pattern may match the value with some or all of them removed).
bool like_match(const LikePattern& pattern, std::u16string_view value, const sql::TextRules& rules,
                bool trailing_spaces_optional);

}  // namespace bds::selection_impl
