#include "suites/connector/judging.hpp"

#include <algorithm>
#include <cctype>

#include "oracle/compare.hpp"

namespace bds::suites::connector {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

bool is_push(const ScenarioRun& run) { return run.scenario.mode == Mode::Push; }

json records_of(const Received& block) {
    json body = json::parse(block.body, nullptr, false);
    if (!body.is_array()) return json(json::value_t::discarded);
    for (const auto& r : body)
        if (!r.is_object()) return json(json::value_t::discarded);
    return body;
}

void need_blocks(Judge& j) {
    if (!is_push(j.run())) return j.not_applicable("the scenario reads, it sends no block");
    if (j.run().blocks().empty()) j.not_applicable("the connector sent no block in this scenario");
}

std::string key_of(const Record& record, const json& r) {
    return oracle::index_key(record, r, Collation::CaseInsensitive);
}

std::map<std::string, const json*> by_key(const Record& record, const std::vector<json>& records) {
    std::map<std::string, const json*> out;
    for (const auto& r : records) out.emplace(key_of(record, r), &r);
    return out;
}

std::string key_text(const Record& record, const json& r) {
    std::string out;
    for (const auto& k : record.key)
        if (r.contains(k)) out += (out.empty() ? "" : ", ") + k + "=" + r[k].dump();
    return out.empty() ? "(no key)" : out;
}

void same_records(Judge& j, const std::vector<json>& expected, const std::vector<json>& actual,
                  const std::string& where) {
    const Record& record = *j.run().record;
    const auto got = by_key(record, actual);
    std::size_t missing = 0;
    for (const auto& e : expected) {
        const auto it = got.find(key_of(record, e));
        if (it == got.end()) {
            if (++missing <= 3)
                j.finding({.expected = "the record " + key_text(record, e) + " " + where, .actual = "it is not there"});
            continue;
        }
        const auto diffs = oracle::compare_record(*j.run().catalogue, record, e, *it->second, j.run().compare);
        if (!diffs.empty())
            j.finding({.expected = "the record " + key_text(record, e) + " " + where + " with the values handed over",
                       .actual = oracle::format_differences(diffs)});
    }
    if (missing > 3)
        j.finding({.expected = std::to_string(expected.size()) + " records " + where,
                   .actual = std::to_string(missing) + " are missing"});
    const auto wanted = by_key(record, expected);
    for (const auto& [key, r] : got)
        if (!wanted.count(key))
            j.finding({.expected = "only the records handed over " + where, .actual = "also " + key_text(record, *r)});
}

std::string stderr_tail(const ScenarioRun& run) {
    const std::string& err = run.process.err.empty() ? run.process.out : run.process.err;
    return err.size() > 400 ? "…" + err.substr(err.size() - 400) : err;
}

std::string how_it_ended(const ScenarioRun& run) {
    std::string s = run.process.summary() + ", " + std::to_string(run.recording.requests.size()) + " requests";
    if (const auto tail = stderr_tail(run); !tail.empty()) s += "; it printed: " + tail;
    return s;
}

}  // namespace bds::suites::connector
