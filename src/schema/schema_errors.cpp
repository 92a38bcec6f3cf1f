#include "schema/schema_errors.hpp"

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

namespace bds {

std::vector<std::string> context_path(const std::vector<std::string>& context) {
    std::vector<std::string> path;
    for (const auto& part : context) {
        if (part.size() < 2 || part.front() != '[' || part.back() != ']') continue;  // "<root>"
        std::string name = part.substr(1, part.size() - 2);
        if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
        path.push_back(std::move(name));
    }
    return path;
}

std::string json_pointer_text(const std::vector<std::string>& path) {
    nlohmann::json::json_pointer pointer;
    for (const auto& name : path) pointer /= name;
    return pointer.to_string();
}

std::vector<SchemaError> schema_errors(const nlohmann::json& schema, const nlohmann::json& doc) {
    valijson::Schema compiled;
    valijson::SchemaParser parser;
    valijson::adapters::NlohmannJsonAdapter schema_adapter(schema);
    parser.populateSchema(schema_adapter, compiled);
    valijson::Validator validator;
    valijson::ValidationResults results;
    valijson::adapters::NlohmannJsonAdapter doc_adapter(doc);
    std::vector<SchemaError> out;
    if (validator.validate(compiled, doc_adapter, &results)) return out;
    valijson::ValidationResults::Error e;
    while (results.popError(e)) out.push_back({context_path(e.context), e.description});
    return out;
}

}  // namespace bds
