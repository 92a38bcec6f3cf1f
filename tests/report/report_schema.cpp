#include "report/report_schema.hpp"

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

#include "test_paths.hpp"

namespace bds::test {

std::vector<std::string> schema_errors(const nlohmann::json& report) {
    const auto schema_doc = nlohmann::json::parse(test::read_text(test::source_dir() / "reports" / "report.schema.json"));
    valijson::Schema schema;
    valijson::SchemaParser parser;
    valijson::adapters::NlohmannJsonAdapter schema_adapter(schema_doc);
    parser.populateSchema(schema_adapter, schema);
    valijson::Validator validator;
    valijson::ValidationResults results;
    valijson::adapters::NlohmannJsonAdapter target(report);
    validator.validate(schema, target, &results);
    std::vector<std::string> out;
    valijson::ValidationResults::Error e;
    while (results.popError(e)) {
        std::string where;
        for (const auto& c : e.context) where += c;
        out.push_back(where + ": " + e.description);
    }
    return out;
}

}  // namespace bds::test
