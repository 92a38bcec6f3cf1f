#include "schema/schema_files.hpp"

#include "schema/record_schema.hpp"

namespace bds {
namespace {

using ojson = nlohmann::ordered_json;

constexpr const char* kDraft07 = "http://json-schema.org/draft-07/schema#";

ojson document(const std::string& id, ojson body) {
    ojson doc = ojson::object();
    doc["$schema"] = kDraft07;
    doc["$id"] = "urn:bds-conformance:schema:" + id;
    doc["$comment"] = "Generated from spec/catalogue.json by `conformance schemas`; do not edit.";
    for (auto& [k, v] : body.items()) doc[k] = std::move(v);
    return doc;
}

}  // namespace

std::string render_json(const ojson& doc) { return doc.dump(2) + "\n"; }

std::map<std::string, std::string> schema_files(const Catalogue& cat) {
    std::map<std::string, std::string> files;
    for (const auto& r : cat.records()) {
        files[r.name + ".json"] =
            render_json(document(r.name, record_schema(cat, r, Dialect::JsonSchema07, Direction::Returned)));
        if (!r.writable()) continue;
        ojson sent = record_schema(cat, r, Dialect::JsonSchema07, Direction::Sent);
        files[r.name + ".sent.json"] = render_json(document(r.name + ".sent", sent));
        ojson block = ojson::object();
        block["title"] = r.name + " sync block";
        block["description"] =
            "The body of POST /api/sync/" + r.name +
            ": always an array of records (000 §1, §4.4). Blocks of a few hundred records are recommended, smaller for documents.";
        block["type"] = "array";
        block["items"] = std::move(sent);
        files[r.name + ".block.json"] = render_json(document(r.name + ".block", std::move(block)));
    }
    return files;
}

}  // namespace bds
