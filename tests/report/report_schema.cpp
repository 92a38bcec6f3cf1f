#include "report/report_schema.hpp"

#include "schema/schema_errors.hpp"
#include "test_paths.hpp"

namespace bds::test {

std::vector<std::string> schema_errors(const nlohmann::json& report, const std::string& schema_file) {
    const auto schema = nlohmann::json::parse(test::read_text(test::source_dir() / "reports" / schema_file));
    std::vector<std::string> out;
    for (const auto& e : bds::schema_errors(schema, report))
        out.push_back(json_pointer_text(e.path) + ": " + e.description);
    return out;
}

}  // namespace bds::test
