#include "report/reporters.hpp"

#include "common/text.hpp"

namespace bds::report {

void Tally::add(run::Outcome outcome) {
    switch (outcome) {
        case run::Outcome::Pass: ++pass; break;
        case run::Outcome::Fail: ++fail; break;
        case run::Outcome::Skip: ++skip; break;
        case run::Outcome::Error: ++error; break;
    }
}

std::string valid_utf8(std::string_view text) {
    bool ascii = true;
    for (unsigned char c : text) ascii = ascii && c < 0x80;
    if (ascii) return std::string(text);
    // nlohmann_json already knows UTF-8: dumping with `replace` turns each invalid sequence into U+FFFD.
    const std::string quoted =
        nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return nlohmann::json::parse(quoted).get<std::string>();
}

std::string escape_xml(std::string_view text) {
    const std::string valid = valid_utf8(text);
    std::string out;
    out.reserve(valid.size() + valid.size() / 8);
    for (char c : valid) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r')
                    out += "\xEF\xBF\xBD";  // XML 1.0 cannot hold it, not even as a reference
                else
                    out += c;
        }
    }
    return out;
}

std::string shorten(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return std::string(text);
    std::string out(text.substr(0, utf8_cut(text, max_bytes)));
    out += "…";
    return out;
}

const std::map<std::string, Writer>& reporters() {
    static const std::map<std::string, Writer> table{
        {"har", write_har},
        {"html", [](const run::RunResult& run, std::ostream& out) { write_html(run, builtin_catalogue(), out); }},
        {"json",
         [](const run::RunResult& run, std::ostream& out) {
             // `replace`: a server's invalid UTF-8 is shown as U+FFFD instead of failing the report.
             out << to_json(run).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
         }},
        {"junit", write_junit},
        {"md", write_markdown},
    };
    return table;
}

}  // namespace bds::report
