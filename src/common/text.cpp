#include "common/text.hpp"

#include <algorithm>
#include <ctime>

namespace bds {

bool iequals(std::string_view a, std::string_view b) {
    const auto lower = [](unsigned char c) {
        return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c - 'A' + 'a') : c;
    };
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                              [&](unsigned char x, unsigned char y) { return lower(x) == lower(y); });
}

std::size_t utf8_cut(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return text.size();
    std::size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;  // a continuation byte: inside a character
    return cut;
}

std::string base36(std::uint64_t n, std::size_t width) {
    static constexpr char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    std::string out;
    do {
        out.insert(out.begin(), digits[n % 36]);
        n /= 36;
    } while (n > 0);
    while (out.size() < width) out.insert(out.begin(), '0');
    return out;
}

std::string utc_formatted(std::chrono::system_clock::time_point t, const char* format) {
    const std::time_t seconds = std::chrono::system_clock::to_time_t(t);
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char text[64];
    return std::string(text, std::strftime(text, sizeof text, format, &tm));
}

std::string exception_text(std::exception_ptr ep, std::string_view otherwise) {
    try {
        std::rethrow_exception(ep);
    } catch (const std::exception& e) {
        return e.what();
    } catch (...) {
        return std::string(otherwise);
    }
}

std::string seconds_text(std::chrono::milliseconds d) {
    std::string s = std::to_string(d.count() / 1000);
    if (d.count() % 1000 >= 100) s += "." + std::to_string(d.count() % 1000 / 100);
    return s + " s";
}

}  // namespace bds
