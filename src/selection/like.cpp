#include "selection/like.hpp"

#include "selection/sql_values.hpp"
#include "sql/text_rules.hpp"

namespace bds::selection_impl {
namespace {

using Kind = LikeElement::Kind;

char16_t fold_unit(char16_t c, const TextRules& rules) {
    // Surrogate halves are never folded; every folded letter is in the BMP.
    if (c >= 0xD800 && c <= 0xDFFF) return c;
    return static_cast<char16_t>(rules.fold(c));
}

bool element_matches(const LikeElement& e, char16_t raw, const TextRules& fold) {
    const char16_t c = fold_unit(raw, fold);
    switch (e.kind) {
        case Kind::AnyOne: return true;
        case Kind::Literal: return fold_unit(e.ch, fold) == c;
        case Kind::Set: {
            bool in = false;
            for (const auto& [lo, hi] : e.ranges)
                if (fold_unit(lo, fold) <= c && c <= fold_unit(hi, fold)) in = true;
            return in != e.negated;
        }
        case Kind::AnyRun: break;
    }
    return false;
}

// Greedy matching with one backtrack point (the last %): correct because every other element matches
// exactly one unit; runs in O(|pattern| * |value|) time without recursion.
bool match_exact(const std::vector<LikeElement>& p, std::u16string_view v, const TextRules& fold) {
    std::size_t s = 0, k = 0;
    std::size_t star = std::u16string_view::npos, star_s = 0;
    while (s < v.size()) {
        if (k < p.size() && p[k].kind == Kind::AnyRun) {
            star = k++;
            star_s = s;
        } else if (k < p.size() && element_matches(p[k], v[s], fold)) {
            ++k;
            ++s;
        } else if (star != std::u16string_view::npos) {
            k = star + 1;
            s = ++star_s;
        } else {
            return false;
        }
    }
    while (k < p.size() && p[k].kind == Kind::AnyRun) ++k;
    return k == p.size();
}

}  // namespace

std::optional<LikePattern> compile_like(std::u16string_view pattern, std::optional<char16_t> escape, LikeError& error) {
    LikePattern out;
    auto fail = [&](std::size_t index, std::string message) -> std::optional<LikePattern> {
        error = {index, std::move(message)};
        return std::nullopt;
    };
    const std::size_t n = pattern.size();
    for (std::size_t i = 0; i < n; ++i) {
        const char16_t c = pattern[i];
        LikeElement e;
        if (escape && c == *escape) {
            if (i + 1 == n) return fail(i, "the ESCAPE character ends the pattern; it must precede a character");
            e.ch = pattern[++i];
        } else if (c == u'%') {
            e.kind = Kind::AnyRun;
        } else if (c == u'_') {
            e.kind = Kind::AnyOne;
        } else if (c == u'[') {
            const std::size_t open = i++;
            e.kind = Kind::Set;
            if (i < n && pattern[i] == u'^') {
                e.negated = true;
                ++i;
            }
            bool closed = false;
            while (i < n) {
                char16_t lo = pattern[i];
                if (lo == u']') {
                    closed = true;
                    break;
                }
                if (escape && lo == *escape) {
                    if (i + 1 == n)
                        return fail(i, "the ESCAPE character ends the pattern; it must precede a character");
                    lo = pattern[++i];
                    e.ranges.emplace_back(lo, lo);
                    ++i;
                    continue;
                }
                if (i + 2 < n && pattern[i + 1] == u'-' && pattern[i + 2] != u']') {
                    char16_t hi = pattern[i + 2];
                    i += 3;
                    if (escape && hi == *escape) {
                        if (i == n)
                            return fail(i - 1, "the ESCAPE character ends the pattern; it must precede a character");
                        hi = pattern[i++];
                    }
                    e.ranges.emplace_back(lo, hi);
                    continue;
                }
                e.ranges.emplace_back(lo, lo);
                ++i;
            }
            if (!closed) return fail(open, "'[' opens a character set that is never closed with ']'");
            if (e.ranges.empty())
                return fail(open, "empty character set '[]' (its meaning in SQL Server is undocumented)");
        } else {
            e.ch = c;
        }
        // Consecutive % are one %; keeping one keeps the backtracking simple.
        if (e.kind == Kind::AnyRun && !out.elements.empty() && out.elements.back().kind == Kind::AnyRun) continue;
        out.elements.push_back(std::move(e));
    }
    return out;
}

bool like_match(const LikePattern& pattern, std::u16string_view value, const TextRules& fold,
                bool trailing_spaces_optional) {
    if (!trailing_spaces_optional) return match_exact(pattern.elements, value, fold);
    // Non-Unicode LIKE: 'abc ' LIKE 'abc' is true, 'abc' LIKE 'abc ' is false.
    while (true) {
        if (match_exact(pattern.elements, value, fold)) return true;
        if (value.empty() || value.back() != u' ') return false;
        value.remove_suffix(1);
    }
}

}  // namespace bds::selection_impl
