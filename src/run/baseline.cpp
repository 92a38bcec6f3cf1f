#include "run/baseline.hpp"

#include <stdexcept>

namespace bds::run {

Baseline read_baseline(const nlohmann::json& report, const std::string& source) {
    if (!report.is_object() || !report.contains("checks") || !report["checks"].is_array())
        throw std::runtime_error(source + ": expected a JSON report of `conformance run --report json=F` (an object with \"checks\"), got " +
                                 std::string(report.type_name()));
    Baseline b{source, {}, {}};
    for (std::size_t i = 0; i < report["checks"].size(); ++i) {
        const auto& c = report["checks"][i];
        const std::string where = source + " at /checks/" + std::to_string(i);
        if (!c.is_object() || !c.contains("id") || !c["id"].is_string() || !c.contains("outcome") || !c["outcome"].is_string() ||
            !c.contains("level") || !c["level"].is_string())
            throw std::runtime_error(where + ": expected a check with string \"id\", \"level\" and \"outcome\", got " + c.dump().substr(0, 200));
        const std::string id = c["id"];
        b.ran.insert(id);
        if (c["level"] == "MUST" && c["outcome"] == "fail") b.failed_must.insert(id);
    }
    return b;
}

BaselineComparison compare_with(const RunResult& run, const Baseline& baseline) {
    BaselineComparison out;
    out.source = baseline.source;
    for (const auto& r : run.results) {
        const bool failed_before = baseline.failed_must.contains(r.id);
        if (r.level == Level::Must && r.outcome == Outcome::Fail)
            (failed_before ? out.known_failures : out.new_failures).push_back(r.id);
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
