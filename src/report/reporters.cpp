#include "report/reporters.hpp"

#include <cstdio>

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

const std::string_view kPageStyle = R"(
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1200px;padding:1em 2em;color:#1d2329}
h1{margin-bottom:.2em}h2{border-bottom:1px solid #d0d7de;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #d0d7de;padding:.25em .6em;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.n{text-align:right}
dl.meta{display:grid;grid-template-columns:max-content auto;gap:.1em 1em}dl.meta dt{color:#57606a}dl.meta dd{margin:0}
)";

std::string fixed_decimals(double value, int decimals) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return buf;
}

}  // namespace bds::report
