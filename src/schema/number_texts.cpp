#include "schema/number_texts.hpp"

#include <cctype>
#include <cstddef>
#include <vector>

namespace bds {
namespace {

using json = nlohmann::json;

/// nlohmann_json's own DOM builder, told each value as the parser reads it, with the place of each value kept
/// alongside: a number beyond_double is put in the texts under its JSON pointer.
class KeepingNumbers {
public:
    KeepingNumbers(json& root, NumberTexts& texts) : dom_(root, false), texts_(texts) {}

    bool null() { return value() && dom_.null(); }
    bool boolean(bool v) { return value() && dom_.boolean(v); }
    bool number_integer(json::number_integer_t v) { return value() && dom_.number_integer(v); }
    bool number_unsigned(json::number_unsigned_t v) { return value() && dom_.number_unsigned(v); }
    bool number_float(json::number_float_t v, const std::string& text) {
        value();
        if (beyond_double(text)) texts_.emplace(pointer(), text);
        return dom_.number_float(v, text);
    }
    bool string(std::string& v) { return value() && dom_.string(v); }
    bool binary(json::binary_t& v) { return value() && dom_.binary(v); }
    bool start_object(std::size_t n) {
        value();
        path_.push_back({false, 0, {}});
        return dom_.start_object(n);
    }
    bool key(std::string& k) {
        path_.back().key = k;
        return dom_.key(k);
    }
    bool end_object() {
        path_.pop_back();
        return dom_.end_object();
    }
    bool start_array(std::size_t n) {
        value();
        path_.push_back({true, 0, {}});
        return dom_.start_array(n);
    }
    bool end_array() {
        path_.pop_back();
        return dom_.end_array();
    }
    bool parse_error(std::size_t position, const std::string& token, const json::exception& e) {
        return dom_.parse_error(position, token, e);
    }
    bool errored() const { return dom_.is_errored(); }

private:
    /// One open array or object: the index of its value being read, or the key of its member.
    struct Level {
        bool array;
        std::size_t next;
        std::string key;
    };

    /// A value begins: in an array it takes the next index.
    bool value() {
        if (!path_.empty() && path_.back().array) path_.back().key = std::to_string(path_.back().next++);
        return true;
    }

    /// Where the value being read stands, as a JSON pointer (RFC 6901: "~" and "/" of a key escaped).
    std::string pointer() const {
        std::string out;
        for (const auto& level : path_) {
            out += '/';
            for (const char c : level.key) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
        }
        return out;
    }

    nlohmann::detail::json_sax_dom_parser<json> dom_;
    NumberTexts& texts_;
    std::vector<Level> path_;
};

}  // namespace

bool beyond_double(std::string_view number) {
    std::string digits;
    for (const char c : number) {
        if (c == 'e' || c == 'E') break;
        if (std::isdigit(static_cast<unsigned char>(c)) && (c != '0' || !digits.empty())) digits += c;
    }
    while (!digits.empty() && digits.back() == '0') digits.pop_back();
    return digits.size() > 15;
}

json parse_keeping_numbers(std::string_view text, NumberTexts& texts, int max_depth) {
    texts.clear();
    if (json_depth(text, max_depth) > max_depth) return json::value_t::discarded;
    json out;
    KeepingNumbers sax(out, texts);
    if (!json::sax_parse(text, &sax) || sax.errored()) {
        texts.clear();
        return json::value_t::discarded;
    }
    return out;
}

}  // namespace bds
