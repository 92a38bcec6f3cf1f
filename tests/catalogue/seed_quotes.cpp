#include "catalogue/seed_quotes.hpp"

#include <cctype>
#include <regex>
#include <sstream>

namespace bds::test {

std::string normalised(std::string text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '`' || (c == '*' && i + 1 < text.size() && text[i + 1] == '*')) {
            if (c == '*') ++i;
            continue;
        }
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (!out.empty() && out.back() != ' ') out += ' ';
        } else {
            out += c;
        }
    }
    return out;
}

std::vector<std::string> quotes(const std::string& quoted) {
    static const std::string kJoin = " … ";
    std::vector<std::string> out;
    std::size_t from = 0;
    for (std::size_t at; (at = quoted.find(kJoin, from)) != std::string::npos; from = at + kJoin.size())
        out.push_back(quoted.substr(from, at - from));
    out.push_back(quoted.substr(from));
    return out;
}

std::vector<std::string> not_in_seeds(const std::string& quoted, const std::string& seeds) {
    std::vector<std::string> out;
    for (const auto& q : quotes(quoted))
        if (q.empty() || seeds.find(normalised(q)) == std::string::npos) out.push_back(q);
    return out;
}

std::string seed_section(const std::string& document, const std::string& section) {
    // "## 4. Endpoints", "### 4.4 POST /api/sync/{Resource}": the number, then a dot or a space.
    static const std::regex heading("#{2,} ([0-9]+(\\.[0-9]+)*)\\.? .*");
    std::istringstream in(document);
    std::string line, out;
    bool inside = section == "intro", seen_heading = false;
    while (std::getline(in, line)) {
        std::smatch m;
        if (line.rfind("## ", 0) == 0 || line.rfind("### ", 0) == 0) {
            seen_heading = true;
            inside = std::regex_match(line, m, heading) && m[1] == section;
        } else if (section == "intro" && seen_heading) {
            inside = false;
        }
        if (inside) out += line + "\n";
    }
    return out;
}

}  // namespace bds::test
