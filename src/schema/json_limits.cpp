#include "schema/json_limits.hpp"

#include <algorithm>

namespace bds {

int json_depth(std::string_view text, int stop_at) {
    int depth = 0, deepest = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size() && deepest <= stop_at; ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

nlohmann::json parse_bounded(std::string_view text, int max_depth) {
    if (json_depth(text, max_depth) > max_depth) return nlohmann::json::value_t::discarded;
    return nlohmann::json::parse(text, nullptr, false);
}

}  // namespace bds
