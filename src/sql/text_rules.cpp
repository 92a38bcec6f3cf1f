#include "sql/text_rules.hpp"

#include <algorithm>

#include "sql/text.hpp"

namespace bds::sql {

char32_t base_letter(char32_t c) {
    if (c < 0xC0 || c > 0xFF || c == 0xD7 || c == 0xF7) return c;
    // Latin-1's letters from U+00C0, by position: the base letter, or 0 where there is none (Æ, Ð, Þ, ß, æ, ð, þ).
    using namespace std::literals;
    static constexpr std::u32string_view kBase =
        U"AAAAAA\0CEEEEIIII\0NOOOOO\0OUUUUY\0\0aaaaaa\0ceeeeiiii\0nooooo\0ouuuuy\0y"sv;
    const char32_t b = kBase[c - 0xC0];
    return b ? b : c;
}

char32_t TextRules::fold(char32_t c) const {
    if (ignore_accents) c = base_letter(c);
    switch (folding) {
        case CaseFolding::None: return c;
        case CaseFolding::Ascii: return c >= 'A' && c <= 'Z' ? c + 32 : c;
        case CaseFolding::Letters: return fold_case(c);
    }
    return c;
}

std::string equality_key(std::u32string_view text, const TextRules& rules) {
    std::u32string out(text.substr(0, text.find_last_not_of(U' ') + 1));
    for (auto& c : out) c = rules.fold(c);
    return to_utf8(out);
}

int TextRules::compare(std::u32string_view a, std::u32string_view b) const {
    const std::size_t n = ignore_trailing_blanks ? std::max(a.size(), b.size()) : std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        const char32_t ca = fold(i < a.size() ? a[i] : U' ');
        const char32_t cb = fold(i < b.size() ? b[i] : U' ');
        if (ca != cb) return ca < cb ? -1 : 1;
    }
    if (ignore_trailing_blanks || a.size() == b.size()) return 0;
    return a.size() < b.size() ? -1 : 1;
}

}  // namespace bds::sql
