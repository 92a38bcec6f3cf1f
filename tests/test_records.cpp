#include "test_records.hpp"

namespace bds::test {

nlohmann::json minimal(const Catalogue& catalogue, const std::string& resource, const nlohmann::json& values) {
    nlohmann::json rec = nlohmann::json::object();
    for (const auto& f : catalogue.find(resource)->fields) {
        if (!f.required) continue;
        if (!f.values.empty()) rec[f.name] = f.values.front().value;
        else if (f.type.kind == SqlKind::Bit) rec[f.name] = false;
        else if (f.type.kind == SqlKind::Int) rec[f.name] = 2026;
        else if (f.type.kind == SqlKind::Datetime) rec[f.name] = "2026-03-01T00:00:00";
        else rec[f.name] = "K1";
    }
    for (const auto& [k, v] : values.items()) rec[k] = v;
    return rec;
}

const Catalogue& catalogue() {
    static const Catalogue c = builtin_catalogue();
    return c;
}

}  // namespace bds::test
