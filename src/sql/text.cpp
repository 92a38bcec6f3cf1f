#include "sql/text.hpp"

#include <cstdio>

#include <algorithm>
#include <array>

namespace bds::sql {

namespace {

/// The code point of the strict UTF-8 sequence at text[i], and its length; length 0 when it is invalid.
std::pair<char32_t, std::size_t> decode_at(std::string_view text, std::size_t i) {
    const auto b0 = static_cast<unsigned char>(text[i]);
    if (b0 < 0x80) return {b0, 1};
    std::size_t len = 0;
    char32_t c = 0;
    char32_t min = 0;
    if ((b0 & 0xE0) == 0xC0) {
        len = 2;
        c = b0 & 0x1F;
        min = 0x80;
    } else if ((b0 & 0xF0) == 0xE0) {
        len = 3;
        c = b0 & 0x0F;
        min = 0x800;
    } else if ((b0 & 0xF8) == 0xF0) {
        len = 4;
        c = b0 & 0x07;
        min = 0x10000;
    } else
        return {0, 0};
    if (i + len > text.size()) return {0, 0};
    for (std::size_t k = 1; k < len; ++k) {
        const auto b = static_cast<unsigned char>(text[i + k]);
        if ((b & 0xC0) != 0x80) return {0, 0};
        c = (c << 6) | (b & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return {0, 0};
    return {c, len};
}

}  // namespace

std::optional<std::u32string> utf8_to_u32(std::string_view text, std::size_t* bad_offset) {
    std::u32string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto [c, len] = decode_at(text, i);
        if (len == 0) {
            if (bad_offset) *bad_offset = i;
            return std::nullopt;
        }
        out.push_back(c);
        i += len;
    }
    return out;
}

std::optional<std::size_t> first_invalid_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t len = decode_at(text, i).second;
        if (len == 0) return i;
        i += len;
    }
    return std::nullopt;
}

std::u16string to_utf16(std::u32string_view text) {
    std::u16string out;
    out.reserve(text.size());
    for (char32_t c : text) {
        if (c < 0x10000) {
            out.push_back(static_cast<char16_t>(c));
        } else {
            c -= 0x10000;
            out.push_back(static_cast<char16_t>(0xD800 + (c >> 10)));
            out.push_back(static_cast<char16_t>(0xDC00 + (c & 0x3FF)));
        }
    }
    return out;
}

std::string to_utf8(std::u32string_view text) {
    std::string out;
    for (char32_t c : text) {
        if (c < 0x80) {
            out.push_back(static_cast<char>(c));
        } else if (c < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (c >> 6)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        } else if (c < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (c >> 12)));
            out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (c >> 18)));
            out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        }
    }
    return out;
}

char32_t fold_case(char32_t c) {
    if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
    // Latin-1: À..Þ except × (U+00D7); Ÿ is in Latin Extended-A but pairs with ÿ.
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 32;
    if (c == 0x178) return 0xFF;
    if (c >= 0x100 && c <= 0x17F) {
        // İ (U+0130) and ı (U+0131) pair with ASCII i/I only under Turkish rules: left alone, like ĸ, ŉ, ſ.
        if (c <= 0x137) return (c == 0x130 || c == 0x131) ? c : (c | 1);
        if (c >= 0x139 && c <= 0x148) return (c % 2 == 1) ? c + 1 : c;
        if (c >= 0x14A && c <= 0x177) return c | 1;
        if (c >= 0x179 && c <= 0x17E) return (c % 2 == 1) ? c + 1 : c;
        return c;
    }
    // Greek: Α..Ϋ (skipping the unassigned U+03A2) and the capitals with tonos.
    if (c >= 0x391 && c <= 0x3AB && c != 0x3A2) return c + 32;
    if (c == 0x386) return 0x3AC;
    if (c >= 0x388 && c <= 0x38A) return c + 37;
    if (c == 0x38C) return 0x3CC;
    if (c == 0x38E || c == 0x38F) return c + 63;
    // Cyrillic: Ѐ..Џ and А..Я.
    if (c >= 0x400 && c <= 0x40F) return c + 80;
    if (c >= 0x410 && c <= 0x42F) return c + 32;
    return c;
}

int compare_padded(std::u32string_view a, std::u32string_view b, bool fold) {
    const std::size_t n = std::max(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        char32_t ca = i < a.size() ? a[i] : U' ';
        char32_t cb = i < b.size() ? b[i] : U' ';
        if (fold) {
            ca = fold_case(ca);
            cb = fold_case(cb);
        }
        if (ca != cb) return ca < cb ? -1 : 1;
    }
    return 0;
}

std::string equality_key(std::u32string_view text, bool fold) {
    std::u32string out(text.substr(0, text.find_last_not_of(U' ') + 1));
    if (fold)
        for (auto& c : out) c = fold_case(c);
    return to_utf8(out);
}

bool in_windows_1252(char32_t c) {
    if (c < 0x80 || (c >= 0xA0 && c <= 0xFF)) return true;
    // The five bytes Windows-1252 leaves undefined map to the C1 controls of the same value.
    if (c == 0x81 || c == 0x8D || c == 0x8F || c == 0x90 || c == 0x9D) return true;
    static constexpr std::array<char32_t, 27> kHigh{
        0x20AC, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017D, 0x2018,
        0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x017E, 0x0178};
    return std::find(kHigh.begin(), kHigh.end(), c) != kHigh.end();
}

std::size_t utf16_length(std::u32string_view text) {
    std::size_t n = 0;
    for (char32_t c : text) n += c >= 0x10000 ? 2 : 1;
    return n;
}

std::optional<TextLength> utf8_length(std::string_view text) {
    TextLength out;
    for (std::size_t i = 0; i < text.size(); ++out.characters) {
        const auto [c, len] = decode_at(text, i);
        if (len == 0) return std::nullopt;
        out.utf16_units += c >= 0x10000 ? 2 : 1;
        i += len;
    }
    return out;
}

std::optional<char32_t> first_outside_windows_1252(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto [c, len] = decode_at(text, i);
        if (len == 0) return std::nullopt;
        if (!in_windows_1252(c)) return c;
        i += len;
    }
    return std::nullopt;
}

std::string fold_case_utf8(std::string_view text) {
    auto decoded = utf8_to_u32(text);
    if (!decoded) return std::string(text);
    for (auto& c : *decoded) c = fold_case(c);
    return to_utf8(*decoded);
}

std::string hex_code_point(char32_t c) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04X", static_cast<unsigned>(c));
    return buf;
}

std::string truncate_utf16(const std::string& text, std::size_t max_units) {
    // UTF-8 never takes fewer bytes than UTF-16 code units: a text of at most max_units bytes is kept whole.
    if (text.size() <= max_units) return text;
    auto decoded = utf8_to_u32(text);
    if (!decoded) return text;
    std::size_t units = 0, keep = 0;
    for (; keep < decoded->size(); ++keep) {
        units += (*decoded)[keep] >= 0x10000 ? 2 : 1;
        if (units > max_units) break;
    }
    if (keep == decoded->size()) return text;
    return to_utf8(std::u32string_view(*decoded).substr(0, keep));
}

std::string pad_utf16(const std::string& text, std::size_t units) {
    const auto decoded = utf8_to_u32(text);
    const std::size_t have = decoded ? utf16_length(*decoded) : text.size();
    return have >= units ? text : text + std::string(units - have, ' ');
}

}  // namespace bds::sql
