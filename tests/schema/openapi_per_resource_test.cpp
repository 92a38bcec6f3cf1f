// The per-resource OpenAPI description: a path per resource and operation the catalogue shows, each body with
// exactly its record's schema (000 §2.1 "Operations shown", §4).
#include "schema/openapi_per_resource.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "catalogue/catalogue.hpp"
#include "schema/openapi.hpp"

namespace bds {
namespace {

using ojson = nlohmann::ordered_json;

const std::string kSchemas = "#/components/schemas/";

/// Every component schema `node` refers to, through the schemas too (not the component responses).
void refs_of(const ojson& doc, const ojson& node, std::set<std::string>& out) {
    if (node.is_object()) {
        const std::string ref = node.value("$ref", "");
        if (ref.rfind(kSchemas, 0) == 0) {
            const std::string name = ref.substr(kSchemas.size());
            if (out.insert(name).second) refs_of(doc, doc.at("components").at("schemas").at(name), out);
        }
        for (const auto& [key, value] : node.items()) refs_of(doc, value, out);
    } else if (node.is_array()) {
        for (const auto& value : node) refs_of(doc, value, out);
    }
}

std::set<std::string> refs_of(const ojson& doc, const ojson& node) {
    std::set<std::string> out;
    refs_of(doc, node, out);
    return out;
}

/// The records a set of component names stands for ("CliFor_sent" and "CliFor_list" are CliFor's).
std::set<std::string> records_of(const std::set<std::string>& components) {
    std::set<std::string> out;
    for (const auto& c : components) out.insert(c.substr(0, c.find('_')));
    return out;
}

class PerResource : public ::testing::Test {
protected:
    const Catalogue cat = builtin_catalogue();
    const ojson doc = openapi_per_resource_document(cat);
    const ojson& paths = doc.at("paths");
};

TEST_F(PerResource, EveryOperationTheCatalogueShowsHasItsPathAndNoOtherIsThere) {
    std::set<std::string> expected = {"post /Token", "get /api/Account/TokenInfo"};
    for (const Record* r : cat.resources()) {
        if (r->has(Operation::GetResources)) expected.insert("get /api/resources/" + r->name);
        if (r->has(Operation::PostQuery)) expected.insert("post /api/resources/" + r->name + "/query");
        if (r->has(Operation::GetSync)) expected.insert("get /api/sync/" + r->name);
        if (r->has(Operation::PostSync)) expected.insert("post /api/sync/" + r->name);
    }
    std::set<std::string> ops;
    for (const auto& [path, item] : paths.items())
        for (const auto& [method, op] : item.items()) ops.insert(method + " " + path);
    EXPECT_EQ(ops, expected);
    // What the catalogue shows today (000 §2.1): a change in it shows here.
    EXPECT_TRUE(ops.count("get /api/resources/CliFor"));
    EXPECT_TRUE(ops.count("post /api/resources/MCPClienti/query"));
    EXPECT_FALSE(ops.count("post /api/resources/CliFor/query")) << "POST query is shown for MCPClienti only (000 §4.2)";
    EXPECT_TRUE(ops.count("get /api/sync/CliFor"));
    EXPECT_FALSE(ops.count("get /api/sync/Famiglia")) << "GET sync is shown for three resources only (000 §4.3)";
    EXPECT_FALSE(ops.count("post /api/sync/MCPClienti")) << "views are read only (001)";
    EXPECT_FALSE(paths.contains("/api/resources/GruppiDocumento")) << "no operation is shown for GruppiDocumento";
    for (const auto& [path, item] : paths.items())
        EXPECT_EQ(path.find('{'), std::string::npos) << path << ": no path parameter is left";
}

TEST_F(PerResource, OperationIdsAreUniqueAndEveryOperationIsTagged) {
    std::set<std::string> ids;
    std::set<std::string> tag_names;
    for (const auto& t : doc.at("tags")) tag_names.insert(t.at("name").get<std::string>());
    std::size_t count = 0;
    for (const auto& [path, item] : paths.items())
        for (const auto& [method, op] : item.items()) {
            ++count;
            ids.insert(op.at("operationId").get<std::string>());
            ASSERT_EQ(op.at("tags").size(), 1u) << method << " " << path;
            EXPECT_TRUE(tag_names.count(op.at("tags").at(0).get<std::string>())) << method << " " << path;
        }
    EXPECT_EQ(ids.size(), count);
    EXPECT_EQ(paths.at("/api/resources/CliFor").at("get").at("operationId"), "listCliFor");
    EXPECT_EQ(paths.at("/api/sync/CliFor").at("post").at("operationId"), "sendCliFor");
    EXPECT_EQ(paths.at("/api/resources/CliFor").at("get").at("tags").at(0), cat.find("CliFor")->area);
}

TEST_F(PerResource, EachBodyRefersOnlyToItsOwnRecord) {
    for (const Record* r : cat.resources()) {
        std::set<std::string> own = {r->name};
        for (const auto& f : r->fields)
            if (!f.list_of.empty()) own.insert(f.list_of);  // nested lists, e.g. document lines
        for (const std::string& path :
             {"/api/resources/" + r->name, "/api/resources/" + r->name + "/query", "/api/sync/" + r->name}) {
            if (!paths.contains(path)) continue;
            for (const auto& [method, op] : paths.at(path).items()) {
                std::set<std::string> used = records_of(refs_of(doc, op));
                used.erase("NotShown");
                for (const auto& name : used) EXPECT_TRUE(own.count(name)) << method << " " << path << " uses " << name;
            }
        }
    }
    const auto list = refs_of(doc, paths.at("/api/resources/CliFor").at("get").at("responses").at("200"));
    EXPECT_EQ(list, (std::set<std::string>{"CliFor_list", "CliFor", "CliFor_counted", "AgentiClienti"}));
    const auto block = refs_of(doc, paths.at("/api/sync/CliFor").at("post").at("requestBody"));
    EXPECT_EQ(block, (std::set<std::string>{"CliFor_block", "CliFor_sent", "AgentiClienti_sent"}));
    const auto feed = refs_of(doc, paths.at("/api/sync/Articoli").at("get").at("responses").at("200"));
    EXPECT_EQ(records_of(feed), (std::set<std::string>{"Articoli"}));
}

TEST_F(PerResource, AListIsTheRecordsRowsInEveryEnvelope) {
    // TotalRowsCount in a header, on each row, or beside the rows in an object.
    const auto& list = doc.at("components").at("schemas").at("CliFor_list").at("anyOf");
    ASSERT_EQ(list.size(), 3u);
    EXPECT_EQ(list.at(0).at("items").at("$ref"), kSchemas + "CliFor");
    EXPECT_EQ(list.at(1).at("items").at("$ref"), kSchemas + "CliFor_counted");
    const auto& counted = doc.at("components").at("schemas").at("CliFor_counted");
    EXPECT_TRUE(counted.at("properties").contains("TotalRowsCount"));
    EXPECT_NE(std::find(counted.at("required").begin(), counted.at("required").end(), "TotalRowsCount"),
              counted.at("required").end());
    EXPECT_EQ(list.at(2).at("required"), ojson::array({"TotalRowsCount"}));
    EXPECT_EQ(list.at(2).at("additionalProperties").at("anyOf").at(0).at("items").at("$ref"), kSchemas + "CliFor")
        << "an array beside TotalRowsCount, whatever its name (A-80), holds CliFor rows";
    // Its JSON type is not shown: a number or a string of digits.
    EXPECT_EQ(list.at(2).at("properties").at("TotalRowsCount").at("anyOf").size(), 2u);
}

TEST_F(PerResource, KeepsOnlyTheComponentsThePathsUse) {
    const auto used = refs_of(doc, paths);
    std::set<std::string> defined;
    for (const auto& [name, schema] : doc.at("components").at("schemas").items()) defined.insert(name);
    EXPECT_EQ(defined, used);
    EXPECT_FALSE(defined.count("AnyRecord"));
    EXPECT_FALSE(defined.count("GruppiDocumento"));
    // The record schemas are openapi.json's, unchanged.
    const auto generic = openapi_document(cat);
    const auto& generic_schemas = generic.at("components").at("schemas");
    for (const auto& name : defined) {
        if (generic_schemas.contains(name)) {
            EXPECT_EQ(doc.at("components").at("schemas").at(name), generic_schemas.at(name)) << name;
        }
    }
    ojson token = paths.at("/Token").at("post");
    token.erase("tags");
    EXPECT_EQ(token, generic.at("paths").at("/Token").at("post"));
}

}  // namespace
}  // namespace bds
