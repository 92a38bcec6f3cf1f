#pragma once
/// Text as SQL Server compares it in RecordSelection: UTF-8 in, code points for ordering, UTF-16 code units
/// for LIKE, case folding for case-insensitive collations, and the space padding of `=`/`<`.
/// Shared by the RecordSelection evaluator, the stub and the record validator.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace bds::sql {

/// Decodes strict UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF). On failure returns
/// nullopt and sets `bad_offset` (if given) to the byte offset of the first invalid sequence.
std::optional<std::u32string> utf8_to_u32(std::string_view text, std::size_t* bad_offset = nullptr);

/// The byte offset of the first sequence utf8_to_u32 refuses, or nullopt when the whole text is strict UTF-8.
std::optional<std::size_t> first_invalid_utf8(std::string_view text);

/// UTF-16 code units of a code point sequence (astral characters become surrogate pairs).
std::u16string to_utf16(std::u32string_view text);

/// UTF-8 of a code point sequence.
std::string to_utf8(std::u32string_view text);

/// Simple case folding to lower case, for what a case-insensitive, accent-sensitive collation treats as one
/// letter: ASCII, Latin-1, Latin Extended-A, basic Greek and Cyrillic. Accented letters stay distinct from
/// their base letters (à folds to à, never to a). Other characters are returned unchanged.
char32_t fold_case(char32_t c);

/// Orders two texts as SQL Server's `=`, `<>`, `<`, ... do: the shorter one is padded with spaces (so
/// 'abc' = 'abc  '), then code points are compared one by one, folded first when `fold` is set.
/// Returns <0, 0 or >0.
int compare_padded(std::u32string_view a, std::u32string_view b, bool fold);

/// A text's identity under `=`: its characters folded when `fold` is set, trailing spaces dropped, as UTF-8.
/// compare_padded(a, b, fold) == 0 exactly when the equality keys of a and b are equal (only a space folds to a
/// space), so a map keyed by it finds every row a `field = 'literal'` condition can select.
std::string equality_key(std::u32string_view text, bool fold);

/// True when `c` has a Windows-1252 code (the code page of SQL_Latin1_General_CP1_*): only such characters
/// survive unchanged in a non-Unicode '...' literal.
bool in_windows_1252(char32_t c);

/// UTF-16 code units of a code point sequence: what nvarchar(n) and nchar(n) count.
std::size_t utf16_length(std::u32string_view text);

/// What varchar(n) and nvarchar(n) count of a text, measured without decoding it into a string.
struct TextLength {
    std::size_t characters = 0;   ///< code points
    std::size_t utf16_units = 0;  ///< astral characters count two
};
/// The lengths of a strict UTF-8 text, or nullopt where utf8_to_u32 refuses it.
std::optional<TextLength> utf8_length(std::string_view text);

/// The first character of a strict UTF-8 text without a Windows-1252 code (in_windows_1252), or nullopt when
/// there is none or the text is not strict UTF-8.
std::optional<char32_t> first_outside_windows_1252(std::string_view text);

/// A UTF-8 text with every character case-folded (fold_case); invalid UTF-8 is returned unchanged.
std::string fold_case_utf8(std::string_view text);

/// "00E9" for U+00E9: for messages.
std::string hex_code_point(char32_t c);

/// The longest prefix of a UTF-8 text that fits `max_units` UTF-16 units (a character is never split).
std::string truncate_utf16(const std::string& text, std::size_t max_units);

/// A UTF-8 text padded with spaces to `units` UTF-16 units, as SQL Server stores char(n)/nchar(n).
std::string pad_utf16(const std::string& text, std::size_t units);

}  // namespace bds::sql
