#include "test_records.hpp"

namespace bds::test {

nlohmann::json minimal(const Catalogue& catalogue, const std::string& resource, const nlohmann::json& values) {
    nlohmann::json rec = nlohmann::json::object();
    for (const auto& f : catalogue.find(resource)->fields) {
        if (!f.required) continue;
        if (!f.values.empty())
            rec[f.name] = f.values.front().value;
        else if (f.type.kind == SqlKind::Bit)
            rec[f.name] = false;
        else if (f.type.kind == SqlKind::Int)
            rec[f.name] = 2026;
        else if (f.type.kind == SqlKind::Datetime)
            rec[f.name] = "2026-03-01T00:00:00";
        else
            rec[f.name] = "K1";
    }
    for (const auto& [k, v] : values.items()) rec[k] = v;
    return rec;
}

nlohmann::json invoice(const Catalogue& catalogue, const std::string& customer, const nlohmann::json& lines) {
    nlohmann::json doc = minimal(catalogue, "StoricoDocumentiT",
                                 {{"key_documento", "D1"},
                                  {"cod_tipodoc", "FAT"},
                                  {"cod_gruppo_tipodoc", "VEN"},
                                  {"num_anno", 2026},
                                  {"dat_doc", "2026-02-27T00:00:00"},
                                  {"ind_clifor_c", "C"},
                                  {"cod_clifor_c", customer}});
    doc["StoricoDocumentiR"] = lines;
    return doc;
}

Field field(const std::string& name, const std::string& type, bool nullable) {
    Field f;
    f.name = name;
    f.type = SqlType::parse(type);
    f.nullable = nullable;
    if (f.type.kind == SqlKind::List) f.list_of = "Line";
    return f;
}

Record record(const std::string& name, std::vector<Field> fields) {
    Record r;
    r.name = name;
    r.fields = std::move(fields);
    return r;
}

const Catalogue& catalogue() {
    static const Catalogue c = builtin_catalogue();
    return c;
}

}  // namespace bds::test
