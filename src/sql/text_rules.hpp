#pragma once
/// How one database compares two texts: which letters fold together and whether trailing blanks count. SQL
/// Server's rules are the default; the others are what real engines under a correct server do instead
/// (spec/assumptions.md ).
#include <cstdint>
#include <string>
#include <string_view>

namespace bds::sql {

/// Which letters a comparison without case folds together.
enum class CaseFolding : std::uint8_t {
    None,     ///< a case-sensitive collation
    Ascii,    ///< ASCII letters only (SQLite's NOCASE and LIKE)
    Letters,  ///< also Latin-1, Latin Extended-A, basic Greek and Cyrillic (fold_case: SQL Server, PostgreSQL's ICU)
};

/// The rules one database compares text by in =, <>, <, IN and BETWEEN (and, for folding, in LIKE).
struct TextRules {
    CaseFolding folding = CaseFolding::Letters;
    /// Accented Latin letters equal their base letter (SQL Server's _AI collations, MySQL's _ci ones).
    bool ignore_accents = false;
    /// The shorter side is padded with blanks ('ab' = 'ab '), as SQL Server and PostgreSQL's char(n) compare; else
    /// trailing blanks count, as in PostgreSQL's text and varchar and in SQLite.
    bool ignore_trailing_blanks = true;

    /// `c` as these rules compare it: its base letter when accents are ignored, then folded.
    char32_t fold(char32_t c) const;
    /// <0, 0 or >0: code points compared one by one after fold(), padded or not per ignore_trailing_blanks.
    int compare(std::u32string_view a, std::u32string_view b) const;

    friend bool operator==(const TextRules&, const TextRules&) = default;
};

/// A text's identity under `rules`' =, with trailing blanks dropped whatever the rules (a unique index's: SQL Server's
/// ignores them), as UTF-8: the stub's keys and text indexes. Texts equal under `rules` have equal keys.
std::string equality_key(std::u32string_view text, const TextRules& rules);

/// The base letter of an accented Latin-1 letter (é → e, Ø → O), or `c` itself.
char32_t base_letter(char32_t c);

}  // namespace bds::sql
