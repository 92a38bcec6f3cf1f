#include "run/baseline.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace bds::run {

namespace {

/// The resource an exchange's URL names (…/api/resources/CliFor?…, …/api/sync/CliFor), or "".
std::string resource_of(const std::optional<client::Exchange>& e) {
    if (!e) return "";
    for (const std::string marker : {"/api/resources/", "/api/sync/"}) {
        const auto at = e->url.find(marker);
        if (at == std::string::npos) continue;
        const auto from = at + marker.size();
        return e->url.substr(from, e->url.find_first_of("/?", from) - from);
    }
    return "";
}

/// `text` without what varies from run to run: the key prefix, quoted values ('…' with '' inside, N'…', "…"),
/// digits; spaces collapsed.
std::string skeleton(const std::string& original, const std::string& run_prefix) {
    const std::string text = without_run_prefix(original, run_prefix);
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\'' || c == '"') {
            std::size_t j = i + 1;
            for (; j < text.size(); ++j) {
                if (text[j] == c && c == '\'' && j + 1 < text.size() && text[j + 1] == '\'')
                    ++j;  // '' inside '…'
                else if (text[j] == c)
                    break;
            }
            out += c == '"' ? "\"…\"" : "'…'";
            i = j;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            if (out.empty() || out.back() != '#') out += '#';
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            if (!out.empty() && out.back() != ' ') out += ' ';
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace

std::string signature(const std::string& check_id, const Finding& finding, const std::string& run_prefix) {
    std::string pointer;
    for (const char c : finding.pointer)
        if (!std::isdigit(static_cast<unsigned char>(c)))
            pointer += c;
        else if (pointer.empty() || pointer.back() != '#')
            pointer += '#';
    return check_id + " | " + resource_of(finding.exchange) + " | " + pointer + " | " +
           skeleton(finding.expected, run_prefix);
}

Baseline read_baseline(const nlohmann::json& report, const std::string& source) {
    if (!report.is_object() || !report.contains("checks") || !report["checks"].is_array())
        throw std::runtime_error(
            source + ": expected a JSON report of `conformance run --report json=F` (an object with \"checks\"), got " +
            std::string(report.type_name()));
    Baseline b{source, {}, {}, {}};
    for (std::size_t i = 0; i < report["checks"].size(); ++i) {
        const auto& c = report["checks"][i];
        const std::string where = source + " at /checks/" + std::to_string(i);
        if (!c.is_object() || !c.contains("id") || !c["id"].is_string() || !c.contains("outcome") ||
            !c["outcome"].is_string() || !c.contains("level") || !c["level"].is_string())
            throw std::runtime_error(where + ": expected a check with string \"id\", \"level\" and \"outcome\", got " +
                                     c.dump().substr(0, 200));
        const std::string id = c["id"];
        b.ran.insert(id);
        if (c["level"].get<std::string>() != to_string(Level::Must) ||
            c["outcome"].get<std::string>() != to_string(Outcome::Fail))
            continue;
        b.failed_must.insert(id);
        for (const auto& f : c.value("findings", nlohmann::json::array())) {
            if (!f.is_object()) continue;
            Finding finding{.expected = f.value("expected", std::string()),
                            .pointer = f.value("pointer", std::string())};
            if (f.contains("exchange") && f["exchange"].is_object()) {
                client::Exchange e;
                e.url = f["exchange"].value("url", std::string());
                finding.exchange = e;
            }
            b.signatures.insert(signature(id, finding, report.value("run_prefix", std::string())));
        }
    }
    return b;
}

BaselineComparison compare_with(const RunResult& run, const Baseline& baseline) {
    BaselineComparison out;
    out.source = baseline.source;
    for (const auto& r : run.results) {
        const bool failed_before = baseline.failed_must.contains(r.id);
        const bool same_way = std::all_of(r.findings.begin(), r.findings.end(), [&](const Finding& f) {
            return baseline.signatures.contains(signature(r.id, f, run.run_prefix));
        });
        if (r.level == Level::Must && r.outcome == Outcome::Fail)
            (failed_before && same_way ? out.known_failures : out.new_failures).push_back(r.id);
        else if (failed_before && r.outcome == Outcome::Pass)
            out.fixed.push_back(r.id);
    }
    return out;
}

std::string id_list(const std::vector<std::string>& ids) {
    std::string text;
    for (const auto& id : ids) text += (text.empty() ? "" : ", ") + id;
    return ids.empty() ? std::string("none") : text;
}

}  // namespace bds::run
