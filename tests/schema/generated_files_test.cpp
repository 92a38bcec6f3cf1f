// Generated files are never edited by hand: regenerate them and fail on any drift.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "catalogue/catalogue.hpp"
#include "schema/openapi.hpp"
#include "schema/openapi_per_resource.hpp"
#include "schema/schema_files.hpp"
#include "test_paths.hpp"

namespace bds {
namespace {

namespace fs = std::filesystem;

TEST(GeneratedFiles, SchemasDirectoryMatchesTheCatalogue) {
    const auto files = schema_files(builtin_catalogue());
    const fs::path dir = test::source_dir() / "schemas";
    std::set<std::string> on_disk;
    for (const auto& entry : fs::directory_iterator(dir)) on_disk.insert(entry.path().filename().string());
    for (const auto& [name, text] : files) {
        EXPECT_TRUE(on_disk.count(name)) << "schemas/" << name
                                         << " is missing; run `conformance schemas --out schemas`";
        if (on_disk.count(name)) {
            EXPECT_TRUE(test::read_text(dir / name) == text)
                << "schemas/" << name << " differs from the catalogue; run `conformance schemas --out schemas`";
        }
    }
    for (const auto& name : on_disk)
        EXPECT_TRUE(files.count(name)) << "schemas/" << name << " is not generated from the catalogue";
}

TEST(GeneratedFiles, OpenApiMatchesTheCatalogue) {
    const std::string text = render_json(openapi_document(builtin_catalogue()));
    EXPECT_TRUE(test::read_text(test::source_dir() / "spec" / "openapi.json") == text)
        << "spec/openapi.json differs from the catalogue; run `conformance openapi --out spec/openapi.json`";
}

TEST(GeneratedFiles, PerResourceOpenApiMatchesTheCatalogue) {
    const std::string text = render_json(openapi_per_resource_document(builtin_catalogue()));
    EXPECT_TRUE(test::read_text(test::source_dir() / "spec" / "openapi.per-resource.json") == text)
        << "spec/openapi.per-resource.json differs from the catalogue; run `conformance openapi --per-resource --out "
           "spec/openapi.per-resource.json`";
}

TEST(GeneratedFiles, TheCompiledCatalogueIsTheCommittedOne) {
    EXPECT_TRUE(test::read_text(test::source_dir() / "spec" / "catalogue.json") == builtin_catalogue_text());
}

TEST(OpenApi, ListsThePathsExactlyAsTheSeedsDo) {
    const auto doc = openapi_document(builtin_catalogue());
    EXPECT_EQ(doc.at("openapi"), "3.0.3");
    EXPECT_EQ(doc.at("info").at("version"), "v1");
    std::set<std::string> ops;
    for (const auto& [path, item] : doc.at("paths").items())
        for (const auto& [method, op] : item.items()) ops.insert(method + " " + path);
    std::set<std::string> in_catalogue;
    const Catalogue cat = builtin_catalogue();
    for (const auto& e : cat.endpoints()) {
        std::string method = e.method;
        for (auto& ch : method) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        in_catalogue.insert(method + " " + e.path);
    }
    EXPECT_EQ(ops, in_catalogue) << "the paths of spec/openapi.json are the catalogue's endpoints (000 §4)";
    EXPECT_EQ(ops, (std::set<std::string>{"post /Token", "get /api/Account/TokenInfo", "get /api/resources/{Resource}",
                                          "post /api/resources/{Resource}/query", "get /api/sync/{Resource}",
                                          "post /api/sync/{Resource}"}));
    EXPECT_EQ(doc.at("paths").at("/Token").at("post").at("security"), nlohmann::ordered_json::array())
        << "no bearer needed for POST /Token";
    for (const char* path : {"/api/resources/{Resource}", "/api/sync/{Resource}"}) {
        const auto& get = doc.at("paths").at(path).at("get");
        EXPECT_TRUE(get.at("responses").contains("401")) << path;
        EXPECT_TRUE(get.at("responses").contains("403")) << path;
    }
    const auto& sync_resources =
        doc.at("paths").at("/api/sync/{Resource}").at("get").at("parameters").at(0).at("schema").at("enum");
    EXPECT_EQ(sync_resources, nlohmann::ordered_json::array({"StoricoDocumentiT", "Articoli", "CliFor"}));
    const auto& query_resources =
        doc.at("paths").at("/api/resources/{Resource}/query").at("post").at("parameters").at(0).at("schema").at("enum");
    EXPECT_EQ(query_resources, nlohmann::ordered_json::array({"MCPClienti"}));
}

}  // namespace
}  // namespace bds
