#include "schema/openapi_per_resource.hpp"

#include <set>
#include <string>
#include <vector>

#include "schema/openapi.hpp"
#include "schema/record_schema.hpp"

namespace bds {
namespace {

using ojson = nlohmann::ordered_json;
using namespace openapi;

const char* const kTokenTag = "Authentication";

std::string list_component(const Record& r) { return r.name + "_list"; }
std::string block_component(const Record& r) { return r.name + "_block"; }

std::string counted_component(const Record& r) { return r.name + "_counted"; }

/// A list of the record's rows with TotalRowsCount, wherever it stands: a bare array (TotalRowsCount in a
/// header), a bare array whose rows each carry it, or an object holding it beside one array of rows whose name is not
/// shown and, the harness allowing them, other members that are no array. Each row is exactly the record.
ojson list_schema(const Record& r) {
    const ojson rows = {{"type", "array"}, {"items", component_ref(component_name(r, Direction::Returned))}};
    return {{"description", "Records of " + r.name +
                                " accompanied by TotalRowsCount (000 §4.1): in a header, on each row, or in an object "
                                "beside one array of rows whose name is not shown (spec/assumptions.md A-07, A-80)."},
            {"anyOf", ojson::array({rows,
                                    {{"type", "array"}, {"items", component_ref(counted_component(r))}},
                                    {{"type", "object"},
                                     {"required", {"TotalRowsCount"}},
                                     {"properties", {{"TotalRowsCount", total_rows_count_schema()}}},
                                     {"additionalProperties",
                                      {{"anyOf", ojson::array({rows, {{"not", {{"type", "array"}}}}})}}}}})}};
}

/// The record as returned, with TotalRowsCount beside its fields: a row of the row envelope.
ojson counted_schema(const Record& r, ojson returned) {
    returned["title"] = r.name + " (returned record carrying TotalRowsCount)";
    returned["properties"]["TotalRowsCount"] = total_rows_count_schema();
    returned["required"].push_back("TotalRowsCount");
    return returned;
}

ojson block_schema(const Record& r) {
    return {{"description", "A block of " + r.name +
                                " records to send (000 §4.4); blocks of a few hundred records are recommended, "
                                "smaller for documents."},
            {"type", "array"},
            {"items", component_ref(component_name(r, Direction::Sent))}};
}

ojson list_operation(const Record& r, Operation op, const std::string& summary, ojson parameters,
                     const std::string& what) {
    return {{"operationId", per_resource_operation_id(r, op)},
            {"tags", {r.area}},
            {"summary", summary},
            {"description", r.meaning + " (" + r.seed + ")."},
            {"parameters", std::move(parameters)},
            {"responses", with_error_statuses(
                              {{"200", response("JSON array of " + what + ", accompanied by TotalRowsCount (000 §4.1).",
                                                component_ref(list_component(r)))}})}};
}

/// The paths of one resource, for the operations the catalogue shows for it.
void paths_of(const Record& r, ojson& p) {
    if (r.has(Operation::GetResources)) {
        ojson params = ojson::array({record_selection_parameter()});
        for (auto& q : paging_parameters()) params.push_back(q);
        p["/api/resources/" + r.name]["get"] =
            list_operation(r, Operation::GetResources, "Paginated, filterable list of " + r.name, std::move(params),
                           r.name + " records");
    }
    if (r.has(Operation::PostQuery)) {
        p["/api/resources/" + r.name + "/query"]["post"] = {
            {"operationId", per_resource_operation_id(r, Operation::PostQuery)},
            {"tags", {r.area}},
            {"summary", "Search " + r.name + " with filters and ordering in the body"},
            {"description", "The request body shape and the response shape are not shown (000 §4.2)."},
            {"requestBody", {{"required", true}, {"content", json_content(component_ref("NotShown"))}}},
            {"responses", with_error_statuses({{"200", response("Search results; shape not shown.")}})}};
    }
    if (r.has(Operation::GetSync)) {
        ojson params = ojson::array({last_utc_run_parameter()});
        for (auto& q : paging_parameters()) params.push_back(q);
        p["/api/sync/" + r.name]["get"] =
            list_operation(r, Operation::GetSync, r.name + " records changed after a UTC instant", std::move(params),
                           r.name + " records changed after LastUtcRun");
    }
    if (r.has(Operation::PostSync)) {
        p["/api/sync/" + r.name]["post"] = {
            {"operationId", per_resource_operation_id(r, Operation::PostSync)},
            {"tags", {r.area}},
            {"summary", "Bulk send of " + r.name + " records"},
            {"description",
             "The user must be enabled for writing. Content-Type application/json; charset=utf-8. Any status other than 200 stops the sender, which keeps the response body (000 §4.4, §7)."},
            {"requestBody", {{"required", true}, {"content", json_content(component_ref(block_component(r)))}}},
            {"responses",
             with_error_statuses(
                 {{"200", response("The block is accepted; the content of the body is not shown (000 §4.4).")}})}};
    }
}

/// Every component schema name `node` refers to.
void collect_refs(const ojson& node, std::set<std::string>& out) {
    static const std::string prefix = "#/components/schemas/";
    if (node.is_object()) {
        if (auto it = node.find("$ref"); it != node.end() && it->is_string()) {
            const std::string ref = it->get<std::string>();
            if (ref.rfind(prefix, 0) == 0) out.insert(ref.substr(prefix.size()));
        }
        for (const auto& [key, value] : node.items()) collect_refs(value, out);
    } else if (node.is_array()) {
        for (const auto& value : node) collect_refs(value, out);
    }
}

/// The schemas the paths use, directly or through other schemas, in the order of `all`.
ojson used_schemas(const ojson& paths, const ojson& all) {
    std::set<std::string> used;
    collect_refs(paths, used);
    for (std::size_t before = 0; before != used.size();) {
        before = used.size();
        std::set<std::string> more;
        for (const auto& name : used)
            if (all.contains(name)) collect_refs(all.at(name), more);
        used.insert(more.begin(), more.end());
    }
    ojson kept = ojson::object();
    for (const auto& [name, schema] : all.items())
        if (used.count(name)) kept[name] = schema;
    return kept;
}

ojson tags(const Catalogue& cat) {
    ojson out =
        ojson::array({{{"name", kTokenTag}, {"description", "The OAuth 2.0 token and its information (000 §5)."}}});
    std::vector<std::string> areas;
    for (const Record* r : cat.resources()) {
        if (r->operations.empty()) continue;
        bool seen = false;
        for (const auto& a : areas) seen = seen || a == r->area;
        if (!seen) areas.push_back(r->area);
    }
    for (const auto& area : areas) {
        std::string names;
        for (const Record* r : cat.resources())
            if (r->area == area && !r->operations.empty()) names += (names.empty() ? "" : ", ") + r->name;
        out.push_back({{"name", area}, {"description", "Resources: " + names + "."}});
    }
    return out;
}

}  // namespace

std::string per_resource_operation_id(const Record& record, Operation op) {
    switch (op) {
        case Operation::GetResources: return "list" + record.name;
        case Operation::PostQuery: return "query" + record.name;
        case Operation::GetSync: return "changed" + record.name;
        case Operation::PostSync: return "send" + record.name;
    }
    return record.name;
}

ojson openapi_per_resource_document(const Catalogue& cat) {
    ojson doc = document_head(
        cat,
        "REST/JSON interface over an ERP's master data and document history (000 §1), with one path per resource and operation the seeds show, so that each body has exactly its record's schema; the same service as spec/openapi.json, which lists the paths as 000 §4 does. Generated from spec/catalogue.json by `conformance openapi --per-resource`; do not edit. Points the seeds leave not shown are listed in spec/assumptions.md.");
    doc["tags"] = tags(cat);
    ojson p = ojson::object();
    token_paths(p);
    for (auto& [path, item] : p.items())
        for (auto& [method, op] : item.items()) op["tags"] = {kTokenTag};
    ojson schemas = record_components(cat);
    for (const Record* r : cat.resources()) {
        paths_of(*r, p);
        if (r->has(Operation::GetResources) || r->has(Operation::GetSync)) {
            schemas[list_component(*r)] = list_schema(*r);
            schemas[counted_component(*r)] = counted_schema(*r, schemas.at(component_name(*r, Direction::Returned)));
        }
        if (r->writable()) schemas[block_component(*r)] = block_schema(*r);
    }
    schemas["NotShown"] = not_shown_schema();
    doc["paths"] = p;
    doc["components"] = {{"schemas", used_schemas(p, schemas)},
                         {"responses", shared_responses()},
                         {"securitySchemes", security_schemes()}};
    return doc;
}

}  // namespace bds
